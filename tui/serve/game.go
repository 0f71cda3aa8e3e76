package serve

import (
	"context"
	"io"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/room"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui"
)

// terminal is the game at an SSH session's terminal: omnigap play's
// model, the player in the room's seat, drawn at the session's size.
type terminal struct {
	game  tui.Options // the look: the room's setup fills in what is played
	in    io.Reader
	out   io.Writer
	env   []string
	term  string
	sizes *Sizes
}

// Play implements room.Game.
func (g terminal) Play(ctx context.Context, t *room.Table) error {
	opts := g.options(t)
	// The player's keys are read and decoded here, not by the program:
	// the program's own reader hands each key to the program with a
	// send that nothing ends, so keys in flight when the program stops
	// left its reader waiting forever. Here every key goes through
	// msgs, whose sends give up once the game is over, and the program
	// reads a stream that ends with the game.
	msgs := make(chan tea.Msg)
	opts.Messages = msgs
	keys := make(chan uv.Event)
	go func() {
		defer close(keys)
		_ = uv.NewTerminalReader(t.Input(ctx, g.in), g.term).StreamEvents(ctx, keys)
	}()
	go func() {
		for k := range keys {
			select {
			case msgs <- k:
			case <-ctx.Done():
			}
		}
	}()
	go g.sizes.relay(ctx, msgs)
	quiet := &endless{done: make(chan struct{})}
	defer quiet.end()
	opts.Program = append(opts.Program, tea.WithInput(quiet))
	return tui.Run(ctx, opts)
}

// options are the served game for one table: the room's scenario and
// seat, the player's own welcome, name, output, size and limits.
func (g terminal) options(t *room.Table) tui.Options {
	opts := g.game
	s := t.Setup
	opts.Scenario, opts.Modes, opts.Seed, opts.Pace = s.Scenario, []view.Mode{view.Agents}, s.Seed, s.Pace
	opts.Factory, opts.Annotate, opts.RecordDir, opts.MaxUtterance = s.Factory, s.Annotate, s.RecordDir, s.MaxUtterance
	opts.Play = &tui.PlayOptions{Seat: s.Seat, Welcome: t.Welcome, Once: true}
	opts.Player = t.Player.Name
	// Quitting before the end leaves the game as a disconnect does.
	opts.QuitCause = run.Stop(event.Disconnected)
	opts.Recorded, opts.Failed, opts.Unrecorded = t.Recorded, t.Failed, t.Unrecorded
	width, height := clampSize(g.sizes.Size())
	opts.Program = append(opts.Program[:len(opts.Program):len(opts.Program)],
		tea.WithOutput(t.Output(g.out)),
		tea.WithEnvironment(g.env),
		tea.WithColorProfile(colorprofile.Env(g.env)),
		tea.WithWindowSize(width, height),
		tea.WithFilter(filter),
		tea.WithoutSignalHandler(),
	)
	return opts
}

// endless is the program's own input: it gives nothing until the game
// ends, then io.EOF, so the program's reader ends with the game.
type endless struct {
	done chan struct{}
}

func (e *endless) Read([]byte) (int, error) {
	<-e.done
	return 0, io.EOF
}

func (e *endless) end() { close(e.done) }

// Terminal sizes a game is drawn at: a window outside them is clamped, so
// a client claiming 10000x10000 cells gets a screen the layout can use
// (wider panes only add blank space) rather than frames of 100 million
// cells.
const (
	maxWidth  = 400
	maxHeight = 200
)

// maxPaste is the most of one paste that reaches the game: the input box
// keeps run.DefaultMaxUtterance characters of it anyway.
const maxPaste = 8 << 10

// clampSize keeps a window's size within 1..maxWidth and 1..maxHeight.
func clampSize(w, h int) (int, int) {
	return min(max(w, 1), maxWidth), min(max(h, 1), maxHeight)
}

// filter is every served program's message filter: window sizes clamped,
// pastes cut to maxPaste, typed text cleaned as the transcript is (a bidi
// override or a control character typed is dropped), and no suspending
// (there is no shell to return to).
func filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		msg.Width, msg.Height = clampSize(msg.Width, msg.Height)
		return msg
	case tea.KeyPressMsg:
		if msg.Text == "" {
			return msg
		}
		clean := textsafe.Clean(msg.Text)
		if clean == "" {
			return nil
		}
		msg.Text = clean
		return msg
	case tea.PasteMsg:
		if len(msg.Content) > maxPaste {
			cut := maxPaste
			for cut > 0 && !utf8.RuneStart(msg.Content[cut]) {
				cut--
			}
			msg.Content = msg.Content[:cut]
		}
		msg.Content = textsafe.Clean(msg.Content)
		return msg
	case tea.SuspendMsg:
		return tea.ResumeMsg{}
	}
	return msg
}
