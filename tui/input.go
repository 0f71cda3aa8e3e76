package tui

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// maxErrLines caps how much of a refusal the input box shows.
const maxErrLines = 3

// input is the box at the bottom of a pane where the user types the moves
// of the seat they hold: a text input after the seat's name in its colour,
// the reason the last move was refused, and the move list after /help.
type input struct {
	seat int
	name string
	ti   textinput.Model
	err  string   // why the last move was refused, until the next key
	help []string // lines of the move list, shown after /help
}

func newInput(seat int, name string) input {
	ti := textinput.New()
	ti.Prompt = ""
	// A move longer than a turn keeps would only be cut (run.capText).
	ti.CharLimit = run.DefaultMaxUtterance
	ti.Placeholder = "type what " + firstName(name) + " says, or /help"
	s := textinput.DefaultStyles(true)
	s.Cursor.Blink = false
	ti.SetStyles(s)
	return input{seat: seat, name: name, ti: ti}
}

func (in *input) focused() bool { return in.ti.Focused() }

func (in *input) focus() { in.ti.Focus() }

func (in *input) blur() { in.ti.Blur() }

// update passes a key or a paste to the text input; any edit clears the
// refusal.
func (in *input) update(msg tea.Msg) tea.Cmd {
	before := in.ti.Value()
	var cmd tea.Cmd
	in.ti, cmd = in.ti.Update(msg)
	if in.ti.Value() != before {
		in.err = ""
	}
	return cmd
}

// refuse shows why a move was not sent; the typed text stays.
func (in *input) refuse(reason string) {
	in.err, in.help = reason, nil
}

// showHelp lists the moves and clears what was typed.
func (in *input) showHelp(text string) {
	in.help = strings.Split(strings.TrimRight(text, "\n"), "\n")
	in.err = ""
	in.ti.Reset()
}

// sent clears the box after a move went out.
func (in *input) sent() {
	in.err, in.help = "", nil
	in.ti.Reset()
}

// Render returns the box's lines, each exactly width cells: a rule with
// the turn state on the left and key hints on the right, the move list,
// the refusal and the prompt line.
func (in *input) Render(width int, st *styles, state, hints string, yourTurn bool) []string {
	label := st.dim.Render(" " + state + " ")
	if yourTurn {
		label = st.good.Render(" " + state + " ")
	}
	out := []string{dockRule(label, hints, width, st)}
	for _, l := range in.help {
		out = append(out, fit("  "+st.setting.Render(l), width))
	}
	if in.err != "" {
		lines := strings.Split(ansi.Wrap(textsafe.Clean("✗ "+in.err), max(width-2, 1), ""), "\n")
		for _, l := range lines[:min(len(lines), maxErrLines)] {
			out = append(out, fit("  "+st.errText.Render(l), width))
		}
	}
	prompt := st.seat[in.seat&1].Render(oneLine(in.name)) + st.dim.Render(" › ")
	in.ti.SetWidth(max(width-ansi.StringWidth(prompt)-1, 1))
	return append(out, fit(prompt+in.ti.View(), width))
}

// dockRule is the first line of a pane's dock: a rule carrying a label,
// with key hints at the right when the pane is wide enough for both.
func dockRule(label, hints string, width int, st *styles) string {
	lead := st.sep.Render("──") + label
	lw, hw := ansi.StringWidth(lead), ansi.StringWidth(hints)
	if hints == "" || lw+hw+3 > width {
		return fit(lead+st.sep.Render(strings.Repeat("─", max(width-lw, 0))), width)
	}
	return spread(lead+st.sep.Render(strings.Repeat("─", width-lw-hw-1)), st.dim.Render(hints), width)
}
