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

// maxErrLines caps how much of a refusal the box shows, and
// maxRefusedWidth how much of the refused text it quotes.
const (
	maxErrLines     = 3
	maxRefusedWidth = 32
)

// maxHistory is how many moves ↑ goes back through.
const maxHistory = 20

// Input is a text input after the seat's name in its colour, the reason
// the last move was refused, and the move list after /help. ↑ and ↓ go
// through what was sent or refused before, as a shell's history does.
type Input struct {
	seat int
	name string
	text textinput.Model
	// err is why the last move was refused and refused its text, until
	// the next edit.
	err, refused string
	// warning says how the typed move ends the game, until the next
	// edit; enter again sends it.
	warning string
	help    []string // lines of the move list, shown after /help
	// history is what was sent or refused, oldest first; at is the entry
	// shown (len(history): the text being typed, kept in draft).
	history []string
	at      int
	draft   string
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
		in.err, in.refused, in.warning = "", "", ""
	}
	return cmd
}

// Warn says, before a move that ends the game is sent, how it ends it;
// it reports whether the warning was already shown for the text typed
// (the second enter), so the move may go.
func (in *Input) Warn(ends string) bool {
	if in.warning == ends {
		return true
	}
	in.warning, in.help = ends, nil
	return false
}

// Refuse shows why a move was not sent, with its text, and clears the
// box for the next move; ↑ brings the text back.
func (in *Input) Refuse(reason string) {
	in.help, in.warning = nil, ""
	in.refused = in.keep()
	in.err = reason
}

// ShowHelp lists the moves and clears what was typed.
func (in *Input) ShowHelp(text string) {
	in.keep()
	in.help = strings.Split(strings.TrimRight(text, "\n"), "\n")
	in.err, in.refused, in.warning = "", "", ""
}

// Sent clears the box after a move went out.
func (in *Input) Sent() {
	in.keep()
	in.err, in.refused, in.help, in.warning = "", "", nil, ""
}

// keep puts what is typed in the history, clears the box and returns
// the text.
func (in *Input) keep() string {
	v := in.text.Value()
	in.text.Reset()
	if strings.TrimSpace(v) != "" && (len(in.history) == 0 || in.history[len(in.history)-1] != v) {
		in.history = append(in.history, v)
		in.history = in.history[max(len(in.history)-maxHistory, 0):]
	}
	in.at, in.draft = len(in.history), ""
	return v
}

// Recall shows an earlier entry of the history (step -1, ↑) or a later
// one (step 1, ↓); past the newest is the text that was being typed.
// It reports whether the box changed.
func (in *Input) Recall(step int) bool {
	at := min(max(in.at+step, 0), len(in.history))
	if at == in.at {
		return false
	}
	if in.at == len(in.history) {
		in.draft = in.text.Value()
	}
	in.at = at
	v := in.draft
	if at < len(in.history) {
		v = in.history[at]
	}
	in.text.SetValue(v)
	in.text.CursorEnd()
	return true
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
	// A move's line wraps under itself, indented, rather than being cut.
	for _, l := range in.help {
		for i, part := range strings.Split(ansi.Wrap(l, max(width-6, 1), ""), "\n") {
			indent := "  "
			if i > 0 {
				indent = "      "
			}
			out = append(out, ui.Fit(indent+st.Setting.Render(part), width))
		}
	}
	if in.err != "" {
		msg := "✗ " + in.err
		if t := strings.TrimSpace(in.refused); t != "" {
			msg = "✗ “" + ui.CutAtWord(ui.Line(t), maxRefusedWidth) + "”: " + in.err + " · ↑ brings it back"
		}
		lines := strings.Split(ansi.Wrap(textsafe.Clean(msg), max(width-2, 1), ""), "\n")
		for _, l := range lines[:min(len(lines), maxErrLines)] {
			out = append(out, ui.Fit("  "+st.ErrText.Render(l), width))
		}
	}
	if in.warning != "" {
		msg := "! " + in.warning + " · enter sends it, any edit cancels"
		for _, l := range strings.Split(ansi.Wrap(msg, max(width-2, 1), ""), "\n") {
			out = append(out, ui.Fit("  "+st.Title.Render(l), width))
		}
	}
	prompt := st.Seat[in.seat&1].Render(ui.Line(in.name)) + st.Dim.Render(" › ")
	in.text.SetWidth(max(width-ansi.StringWidth(prompt)-1, 1))
	return append(out, ui.Fit(prompt+in.text.View(), width))
}
