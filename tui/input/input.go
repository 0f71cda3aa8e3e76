// Package input is the box under a pane where the user types the moves of
// the seat they play.
package input

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/tui/ui"
)

// maxErrLines caps how much of a refusal the box shows.
const maxErrLines = 3

// Input is a text input after the seat's name in its colour, the reason
// the last move was refused, and the move list after /help.
type Input struct {
	seat int
	name string
	text textinput.Model
	err  string   // why the last move was refused, until the next key
	help []string // lines of the move list, shown after /help
}

// New is the box of seat, played by the character called name.
func New(seat int, name string) *Input {
	ti := textinput.New()
	ti.Prompt = ""
	// A move longer than a turn keeps would only be cut (run.capText).
	ti.CharLimit = run.DefaultMaxUtterance
	ti.Placeholder = "type what " + ui.FirstName(name) + " says, or /help"
	s := textinput.DefaultStyles(true)
	s.Cursor.Blink = false
	ti.SetStyles(s)
	return &Input{seat: seat, name: name, text: ti}
}

// Focused reports whether the box has the keyboard.
func (in *Input) Focused() bool { return in.text.Focused() }

// Focus gives the box the keyboard.
func (in *Input) Focus() { in.text.Focus() }

// Blur takes the keyboard away.
func (in *Input) Blur() { in.text.Blur() }

// Value is what is typed.
func (in *Input) Value() string { return in.text.Value() }

// Update passes a key or a paste to the text input; any edit clears the
// refusal.
func (in *Input) Update(msg tea.Msg) tea.Cmd {
	before := in.text.Value()
	var cmd tea.Cmd
	in.text, cmd = in.text.Update(msg)
	if in.text.Value() != before {
		in.err = ""
	}
	return cmd
}

// Refuse shows why a move was not sent; the typed text stays.
func (in *Input) Refuse(reason string) {
	in.err, in.help = reason, nil
}

// ShowHelp lists the moves and clears what was typed.
func (in *Input) ShowHelp(text string) {
	in.help = strings.Split(strings.TrimRight(text, "\n"), "\n")
	in.err = ""
	in.text.Reset()
}

// Sent clears the box after a move went out.
func (in *Input) Sent() {
	in.err, in.help = "", nil
	in.text.Reset()
}

// Render returns the box's lines, each exactly width cells: a rule with
// the turn state on the left and key hints on the right, the move list,
// the refusal and the prompt line.
func (in *Input) Render(width int, st *ui.Styles, state, hints string, yourTurn bool) []string {
	label := st.Dim.Render(" " + state + " ")
	if yourTurn {
		label = st.Good.Render(" " + state + " ")
	}
	out := []string{ui.DockRule(label, hints, width, st)}
	for _, l := range in.help {
		out = append(out, ui.Fit("  "+st.Setting.Render(l), width))
	}
	if in.err != "" {
		lines := strings.Split(ansi.Wrap(textsafe.Clean("✗ "+in.err), max(width-2, 1), ""), "\n")
		for _, l := range lines[:min(len(lines), maxErrLines)] {
			out = append(out, ui.Fit("  "+st.ErrText.Render(l), width))
		}
	}
	prompt := st.Seat[in.seat&1].Render(ui.Line(in.name)) + st.Dim.Render(" › ")
	in.text.SetWidth(max(width-ansi.StringWidth(prompt)-1, 1))
	return append(out, ui.Fit(prompt+in.text.View(), width))
}
