// Package side is the column beside the dialogue that keeps the seat the
// user plays in view: who they are, what only they know (private facts,
// the family's holding such as a friend list or item values), their
// secret and their goal. It reads the seat's own View, the very text an
// AGENTS agent in that seat is given, and nothing of the partner's side.
package side

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/ui"
)

// Narrowest and widest are the column's bounds in cells. The narrowest
// keeps a MutualFriends list and its goal on a 24-line screen beside a
// readable dialogue at 80 columns.
const (
	Narrowest = 30
	Widest    = 48
)

// Width is the column's width on a screen of screen cells that leaves
// the dialogue at least least cells, or 0 when the column does not fit.
func Width(screen, least int) int {
	w := min(max(screen*3/10+6, Narrowest), Widest)
	if screen-w-1 < least {
		return 0
	}
	return w
}

// Side draws one seat's own side of a scenario.
type Side struct {
	ui.Common
	view  view.View
	lines ui.Memo[[2]int]
}

// New is the side of the seat v is the View of (view.For in AGENTS).
func New(c ui.Common, v view.View) *Side { return &Side{Common: c, view: v} }

// Seat is the seat shown.
func (s *Side) Seat() int { return s.view.Viewer }

// Restyle draws the lines again with the app's styles as they are now.
func (s *Side) Restyle() { s.lines.Reset() }

// Render returns exactly height lines of exactly width cells: a header
// as high as a pane's (the name, the role, a rule), then what only the
// seat knows, its secret, its goal, how the game ends and the public facts. What does not fit is cut, and the
// last line says that i shows it all.
func (s *Side) Render(width, height int) []string {
	return s.lines.Get([2]int{width, height}, func() []string { return s.build(width, height) })
}

func (s *Side) build(width, height int) []string {
	st := s.Styles
	self := s.view.Self()
	text := max(width-2, 1) // a cell of margin on each side
	var out []string
	line := func(l string) { out = append(out, ui.Fit(" "+l, width)) }
	heading := func(h string) {
		for _, l := range wrap(h, text) {
			line(st.Title.Render(l))
		}
	}
	para := func(p string) {
		for _, l := range wrap(p, text) {
			line(st.Setting.Render(l))
		}
	}
	bullet := func(b string) {
		for i, l := range wrap(b, text-2) {
			lead := "- "
			if i > 0 {
				lead = "  "
			}
			line(st.Setting.Render(lead + l))
		}
	}

	line(st.Seat[s.Seat()&1].Render("You: " + ui.Line(self.Name)))
	line(st.Dim.Render(fmt.Sprintf("%s · seat %d", ui.Line(self.Role), s.Seat())))
	out = append(out, st.Sep.Render(strings.Repeat("─", width)))
	if len(self.Facts) > 0 {
		heading("Only you know")
		for _, f := range self.Facts {
			bullet(f.Text)
		}
	}
	if self.Holding != nil {
		var b strings.Builder
		self.Holding.Render(&b, "Your")
		for l := range strings.SplitSeq(strings.TrimRight(b.String(), "\n"), "\n") {
			if item, ok := strings.CutPrefix(l, "- "); ok {
				bullet(item)
			} else {
				heading(l)
			}
		}
	}
	if sec := strings.TrimSpace(self.Secret); sec != "" {
		heading("Your secret")
		para(sec)
	}
	if goal := strings.TrimSpace(self.Goal); goal != "" {
		heading("Your goal")
		para(goal)
	}
	if f := family.Of(s.view.Family); f != nil && f.Prompt().PlayerRule != "" {
		heading("How it ends")
		para(f.Prompt().PlayerRule)
	}
	if len(s.view.PublicFacts) > 0 {
		heading("Both of you know")
		for _, f := range s.view.PublicFacts {
			bullet(f.Text)
		}
	}

	more := st.Dim.Render("i shows all you know")
	switch {
	case len(out) > height:
		out = out[:max(height-1, 0)]
		line(st.Dim.Render("… i shows the rest"))
	case len(out)+2 <= height:
		out = append(out, ui.Blank(width))
		line(more)
	}
	for len(out) < height {
		out = append(out, ui.Blank(width))
	}
	return out[:height]
}

// wrap is untrusted text cleaned and wrapped to width cells.
func wrap(s string, width int) []string {
	return strings.Split(ansi.Wrap(textsafe.Clean(s), max(width, 1), ""), "\n")
}
