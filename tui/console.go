package tui

import (
	"context"
	"errors"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// ConsoleOptions say what the speaker's console (omnigap serve
// --console) shows: a title, a few lines about the server, and a table
// read again from State twice a second.
type ConsoleOptions struct {
	Title string
	// State is called from the program's goroutine; it must be safe to
	// call while games change what it reads.
	State func() ConsoleState
	// Program adds options to the tea.Program (tests set input, output
	// and size).
	Program []tea.ProgramOption
}

// ConsoleState is the console at one moment.
type ConsoleState struct {
	Lines []string // above the table: where to connect, games under way
	Heads []string
	Rows  []ConsoleRow
	Notes []string // under the table
}

// ConsoleRow is one figure in every column.
type ConsoleRow struct {
	Label string
	Cells []string
}

// consoleRefresh is how often the console reads the state again.
const consoleRefresh = 500 * time.Millisecond

// RunConsole shows the console until the speaker quits (q or ctrl+c) or
// ctx ends; quitting returns ErrConsoleClosed.
func RunConsole(ctx context.Context, opts ConsoleOptions) error {
	if opts.State == nil {
		return errors.New("tui: the console has no state to show")
	}
	c := &console{opts: opts, st: newStyles(true), state: opts.State()}
	p := tea.NewProgram(c, append([]tea.ProgramOption{tea.WithContext(ctx), terminalProfile()}, opts.Program...)...)
	_, err := p.Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return ctx.Err()
	}
	if err == nil && c.quit {
		return ErrConsoleClosed
	}
	return err
}

// ErrConsoleClosed says the speaker closed the console.
var ErrConsoleClosed = errors.New("console closed")

// console is the speaker's screen: the room's figures beside SCRIPT's and
// AGENTS', read again every consoleRefresh.
type console struct {
	opts          ConsoleOptions
	st            styles
	state         ConsoleState
	width, height int
	quit          bool
}

type consoleTick struct{}

func consoleNext() tea.Cmd {
	return tea.Tick(consoleRefresh, func(time.Time) tea.Msg { return consoleTick{} })
}

func (c *console) Init() tea.Cmd { return tea.Batch(consoleNext(), tea.RequestBackgroundColor) }

func (c *console) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		c.width, c.height = msg.Width, msg.Height
	case tea.BackgroundColorMsg:
		c.st = newStyles(msg.IsDark())
	case consoleTick:
		c.state = c.opts.State()
		return c, consoleNext()
	case tea.KeyPressMsg:
		if key.Matches(msg, key.NewBinding(key.WithKeys("q", "ctrl+c"))) {
			c.quit = true
			return c, tea.Quit
		}
	}
	return c, nil
}

func (c *console) View() tea.View {
	v := tea.NewView(c.draw())
	v.AltScreen = true
	v.WindowTitle = "omnigap serve · " + oneLine(c.opts.Title)
	return v
}

// draw is the whole screen: title, the lines, the table, the notes and
// the key hint, cut to the terminal.
func (c *console) draw() string {
	if c.width <= 0 || c.height <= 0 {
		return ""
	}
	w := c.width
	out := []string{spread(c.st.title.Render(oneLine(c.opts.Title)), c.st.dim.Render("q stops the server"), w), c.st.sep.Render(strings.Repeat("─", w))}
	for _, l := range c.state.Lines {
		out = append(out, fit(c.st.setting.Render(oneLine(l)), w))
	}
	out = append(out, "")
	out = append(out, c.table(w)...)
	out = append(out, "")
	for _, l := range c.state.Notes {
		out = append(out, fit(c.st.dim.Render(oneLine(l)), w))
	}
	if len(out) > c.height {
		out = out[:c.height]
	}
	return strings.Join(out, "\n")
}

// table lays the rows out in columns two spaces apart; labels give way
// first when the screen is narrow.
func (c *console) table(w int) []string {
	s := c.state
	widths := make([]int, len(s.Heads))
	for i, h := range s.Heads {
		widths[i] = ansi.StringWidth(h)
	}
	label := 0
	for _, r := range s.Rows {
		label = max(label, ansi.StringWidth(r.Label))
		for i, cell := range r.Cells {
			if i < len(widths) {
				widths[i] = max(widths[i], ansi.StringWidth(cell))
			}
		}
	}
	cells := 0
	for _, cw := range widths {
		cells += cw + 2
	}
	label = max(min(label, w-cells-2), 8)
	line := func(first string, parts []string, style func(int) func(...string) string) string {
		var b strings.Builder
		b.WriteString(ansi.Truncate(first, label, "…"))
		b.WriteString(strings.Repeat(" ", label-ansi.StringWidth(ansi.Truncate(first, label, "…"))+2))
		for i, p := range parts {
			if i >= len(widths) {
				break
			}
			b.WriteString(style(i)(p))
			b.WriteString(strings.Repeat(" ", widths[i]-ansi.StringWidth(p)+2))
		}
		return fit(b.String(), w)
	}
	heads := line("", s.Heads, func(i int) func(...string) string {
		if i == 0 {
			return c.st.seat[1].Render
		}
		return c.st.title.Render
	})
	out := []string{heads}
	for _, r := range s.Rows {
		cells := make([]string, len(r.Cells))
		for i, cell := range r.Cells {
			cells[i] = oneLine(cell)
		}
		out = append(out, line(oneLine(r.Label), cells, func(int) func(...string) string { return plain }))
	}
	return out
}

// plain joins text unstyled, as a lipgloss Render would.
func plain(s ...string) string { return strings.Join(s, " ") }
