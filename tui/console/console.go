// Package console is the speaker's console of omnigap serve: a program of
// its own, on the same stack of components as the app, that shows the
// room's figures beside SCRIPT's and AGENTS' and reads them again twice a
// second.
package console

import (
	"context"
	"errors"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/room"
	"github.com/omnigap/omnigap/tui/ui"
)

// Options say what the console shows: a title, a few lines about the
// server, and a table read again from State twice a second.
type Options struct {
	Title string
	// State is called from the program's goroutine; it must be safe to
	// call while games change what it reads.
	State func() State
	// Aside, when set, is drawn under the notes in white on black (a QR
	// code of the join address in half blocks, its light modules the
	// ink): each line is kept whole, never wrapped, and left out when the
	// screen is too narrow for it.
	Aside []string
	// Program adds options to the tea.Program (tests set input, output
	// and size).
	Program []tea.ProgramOption
}

// State is the console at one moment: the room's standing, with the
// lines about the server above it.
type State = room.Standing

// Row is one figure in every column.
type Row = room.Row

// refresh is how often the console reads the state again.
const refresh = 500 * time.Millisecond

// ErrClosed says the speaker closed the console.
var ErrClosed = errors.New("console closed")

// Run shows the console until the speaker quits (q or ctrl+c) or ctx
// ends; quitting returns ErrClosed.
func Run(ctx context.Context, opts Options) error {
	if opts.State == nil {
		return errors.New("console: no state to show")
	}
	m := newModel(opts)
	p := tea.NewProgram(m, append([]tea.ProgramOption{tea.WithContext(ctx), ui.TerminalProfile()}, opts.Program...)...)
	_, err := p.Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return ctx.Err()
	}
	if err == nil && m.quit {
		return ErrClosed
	}
	return err
}

// model is the console's tea.Model: its stack holds the standing of the
// room and the console's own keys.
type model struct {
	opts          Options
	styles        ui.Styles
	keys          keys
	stack         ui.Stack
	standing      *standing
	width, height int
	quit          bool
}

func newModel(opts Options) *model {
	m := &model{opts: opts, styles: ui.NewStyles(true)}
	m.keys = keys{m: m, quit: ui.Key("q", "stops the server", "q", "ctrl+c")}
	m.standing = &standing{title: opts.Title, styles: &m.styles, hint: m.keys.quit, state: opts.State(), aside: opts.Aside}
	m.stack.Push(ui.Layer{Component: &m.keys, Place: ui.Global})
	m.stack.Push(ui.Layer{Component: m.standing, Place: ui.Body})
	return m
}

type tick struct{}

func next() tea.Cmd {
	return tea.Tick(refresh, func(time.Time) tea.Msg { return tick{} })
}

func (m *model) Init() tea.Cmd { return tea.Batch(next(), tea.RequestBackgroundColor) }

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tea.BackgroundColorMsg:
		m.styles = ui.NewStyles(msg.IsDark())
	case tick:
		m.standing.state = m.opts.State()
		return m, next()
	case tea.KeyPressMsg:
		cmd, _, _ := m.stack.Key(msg)
		return m, cmd
	}
	return m, nil
}

func (m *model) View() tea.View {
	v := tea.NewView(m.draw())
	v.AltScreen = true
	v.WindowTitle = "omnigap serve · " + ui.Line(m.opts.Title)
	return v
}

// draw is the body the top layer draws.
func (m *model) draw() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	return join(m.stack.Body().Component.Render(m.width, m.height))
}

// keys are the console's own keys: q (or ctrl+c) stops the server.
type keys struct {
	m    *model
	quit key.Binding
}

func (k *keys) Bindings() []ui.Binding {
	return []ui.Binding{{Key: k.quit, Do: func(tea.KeyPressMsg) tea.Cmd {
		k.m.quit = true
		return tea.Quit
	}}}
}

func (k *keys) Update(tea.Msg) tea.Cmd   { return nil }
func (k *keys) SetSize(int, int)         {}
func (k *keys) Render(int, int) []string { return nil }
func (k *keys) ShortHelp() []key.Binding { return []key.Binding{k.quit} }
