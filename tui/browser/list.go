// Package browser is the list of a study's episodes that `omnigap browse`
// opens on: one row per group of twins (engine/browse) with its columns,
// sorted by any of them, filtered, and searched to the turn (the hit
// list). Opening a row or a hit is the app's: it shows the group's
// recordings side by side in the replay's panes.
package browser

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/browse"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/ui"
)

// Actions are what the list asks of the app.
type Actions struct {
	// Open shows a group's recordings side by side; with turn > 0, at
	// that turn of mode's run.
	Open func(g *browse.Group, mode view.Mode, turn int) tea.Cmd
	// Ask asks a question in the footer.
	Ask func(question string, answer func(string) tea.Cmd)
	// Search opens the hit list of the groups listed.
	Search func() tea.Cmd
	// Help opens `?`, Quit ends the app, Notice says something in the
	// footer.
	Help   func()
	Quit   func() tea.Cmd
	Notice func(string)
}

// List is the list of groups: the body under the title while no episode
// is open. Every key it has no binding for does nothing.
type List struct {
	ui.Common
	ix   *browse.Index
	act  Actions
	cols []column
	// shown are the groups the filter keeps, in the sort's order.
	shown  []*browse.Group
	filter string
	// sort is the sort column's index in cols; desc its direction.
	sort int
	desc bool
	// sel is the selected row of shown, top the first on screen, first
	// the first scrolled column on screen.
	sel, top, first int
	titleW          int
	width, height   int
	memo            ui.Memo[listState]
}

// listState is what the list's lines depend on.
type listState struct {
	w, h, sel, top, first, sort int
	desc                        bool
	filter                      string
}

// New is the list of ix's groups sorted by the gap, the biggest first.
func New(c ui.Common, ix *browse.Index, act Actions) *List {
	l := &List{Common: c, ix: ix, act: act, cols: layout(ix), desc: true, titleW: titleWidth(ix)}
	l.first = firstScrolled(l.cols)
	l.apply(nil)
	return l
}

// Layer is how the list sits on the stack: the body, with every key.
func (l *List) Layer() ui.Layer { return ui.Layer{Component: l, Place: ui.Body, Keys: ui.TakeKeys} }

// Shown are the groups listed, in order.
func (l *List) Shown() []*browse.Group { return l.shown }

// Filter is the filter in force ("" for none).
func (l *List) Filter() string { return l.filter }

// apply filters the groups with f (nil: the filter in force) and sorts
// them; the first row is selected.
func (l *List) apply(f *browse.Filter) {
	if f == nil {
		f, _ = browse.ParseFilter(l.filter)
	}
	l.shown = f.Select(l.ix.Groups)
	if len(l.shown) == len(l.ix.Groups) {
		l.shown = append([]*browse.Group(nil), l.shown...) // the index keeps its order
	}
	browse.Sort(l.shown, l.cols[l.sort].Column, l.desc)
	l.sel, l.top = 0, 0
}

// SetFilter filters the list with text, or says what is wrong with it.
func (l *List) SetFilter(text string) {
	f, err := browse.ParseFilter(text)
	if err != nil {
		l.act.Notice(err.Error())
		return
	}
	l.filter = text
	l.apply(f)
	switch {
	case text == "":
		l.act.Notice("every episode listed")
	case len(l.shown) == 0:
		l.act.Notice(fmt.Sprintf("no episode matches %q: f changes the filter, esc clears it", text))
	default:
		l.act.Notice(fmt.Sprintf("%s match %q", count(len(l.shown), "episode"), text))
	}
}

func (l *List) Bindings() []ui.Binding {
	b, n := l.Keys.Browse, l.Keys.Navigation
	page := func() int { return max(l.rows()-1, 1) }
	none := func() string {
		if len(l.shown) == 0 {
			return "no episode is listed: f changes the filter"
		}
		return ""
	}
	return []ui.Binding{
		{Key: b.Open, Do: func(tea.KeyPressMsg) tea.Cmd { return l.act.Open(l.shown[l.sel], "", 0) }, Disabled: none},
		{Key: b.Search, Do: func(tea.KeyPressMsg) tea.Cmd { return l.act.Search() }, Disabled: none},
		{Key: b.Filter, Do: func(tea.KeyPressMsg) tea.Cmd {
			question := "filter: "
			if l.filter != "" {
				question = fmt.Sprintf("filter (now %q; enter alone shows every episode): ", l.filter)
			}
			l.act.Ask(question, func(s string) tea.Cmd { l.SetFilter(strings.TrimSpace(s)); return nil })
			return nil
		}},
		{Key: b.SortLeft, Do: func(tea.KeyPressMsg) tea.Cmd { l.sortBy(l.sort - 1); return nil }},
		{Key: b.SortRight, Do: func(tea.KeyPressMsg) tea.Cmd { l.sortBy(l.sort + 1); return nil }},
		{Key: b.ScrollLeft, Do: func(tea.KeyPressMsg) tea.Cmd { l.scroll(-1); return nil }},
		{Key: b.ScrollRight, Do: func(tea.KeyPressMsg) tea.Cmd { l.scroll(1); return nil }},
		{Key: b.Reverse, Do: func(tea.KeyPressMsg) tea.Cmd { l.desc = !l.desc; l.apply(nil); l.sayOrder(); return nil }},
		{Key: n.Up, Do: l.move(-1)},
		{Key: n.Down, Do: l.move(1)},
		{Key: n.PageUp, Do: func(tea.KeyPressMsg) tea.Cmd { return l.move(-page())(tea.KeyPressMsg{}) }},
		{Key: n.PageDown, Do: func(tea.KeyPressMsg) tea.Cmd { return l.move(page())(tea.KeyPressMsg{}) }},
		{Key: n.Home, Do: l.move(-len(l.shown))},
		{Key: n.End, Do: l.move(len(l.shown))},
		{Key: l.Keys.Panes.Close, Do: func(tea.KeyPressMsg) tea.Cmd { l.SetFilter(""); return nil }, Disabled: func() string {
			if l.filter == "" {
				return "esc clears a filter; q quits"
			}
			return ""
		}},
		{Key: l.Keys.General.Help, Do: func(tea.KeyPressMsg) tea.Cmd { l.act.Help(); return nil }},
		{Key: l.Keys.General.Quit, Do: func(tea.KeyPressMsg) tea.Cmd { return l.act.Quit() }},
	}
}

// move moves the selection by d rows.
func (l *List) move(d int) func(tea.KeyPressMsg) tea.Cmd {
	return func(tea.KeyPressMsg) tea.Cmd {
		l.sel = min(max(l.sel+d, 0), max(len(l.shown)-1, 0))
		l.follow()
		return nil
	}
}

// scroll moves the scrolled columns by d, never before the first of them
// nor further right once the last is on screen.
func (l *List) scroll(d int) {
	next := l.first + d
	if next < firstScrolled(l.cols) || next >= len(l.cols) {
		return
	}
	if shown, _ := window(l.cols, l.first, l.width, l.titleW); d > 0 && slices.Contains(shown, len(l.cols)-1) {
		return
	}
	l.first = next
}

// sortBy sorts by column i (wrapping around).
func (l *List) sortBy(i int) {
	l.sort = (i + len(l.cols)) % len(l.cols)
	l.desc = l.cols[l.sort].Numeric
	l.apply(nil)
	l.first = firstFor(l.cols, l.first, l.sort, l.width, l.titleW)
	l.sayOrder()
}

// sayOrder names the sort in the footer.
func (l *List) sayOrder() {
	l.act.Notice("sorted by " + l.sortName() + ", " + l.direction() + "; blanks last")
}

func (l *List) sortName() string {
	c := l.cols[l.sort]
	if c.Mode != "" {
		return c.Mode.Label() + " " + c.Field
	}
	return c.Field
}

func (l *List) direction() string {
	if l.desc {
		return "highest first"
	}
	return "lowest first"
}

// Update moves the selection with the wheel.
func (l *List) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		switch msg.Mouse().Button {
		case tea.MouseWheelUp:
			return l.move(-ui.WheelLines)(tea.KeyPressMsg{})
		case tea.MouseWheelDown:
			return l.move(ui.WheelLines)(tea.KeyPressMsg{})
		}
	case ui.RestyleMsg:
		l.memo.Reset()
	}
	return nil
}

// SetSize gives the list its size.
func (l *List) SetSize(w, h int) {
	l.width, l.height = w, h
	l.first = firstFor(l.cols, l.first, l.sort, w, l.titleW)
	l.follow()
}

// ShortHelp is the footer's line of the list's keys.
func (l *List) ShortHelp() []key.Binding { return l.Keys.BrowseShortHelp() }

// headings are the lines above the rows: the modes over their columns,
// and the columns' headings.
const headings = 2

// details are the lines under the rows that describe the selected group.
func (l *List) details() int {
	if l.height >= 30 {
		return 3
	}
	return 2
}

// rows is how many rows show.
func (l *List) rows() int { return max(l.height-headings-l.details(), 1) }

// follow scrolls the rows so the selection shows.
func (l *List) follow() {
	n := l.rows()
	switch {
	case l.sel < l.top:
		l.top = l.sel
	case l.sel >= l.top+n:
		l.top = l.sel - n + 1
	}
	l.top = max(min(l.top, len(l.shown)-n), 0)
}

// Title is the list's title line: what it lists and how, and on the
// right the sort.
func (l *List) Title() (left, right string) {
	left = fmt.Sprintf("omnigap browse · %s, %s", count(len(l.ix.Groups), "episode"), count(l.ix.Runs, "recording"))
	if l.filter != "" {
		left += fmt.Sprintf(" · filter %q: %d shown", l.filter, len(l.shown))
	}
	return left, "sorted by " + l.sortName() + " " + arrow(l.desc)
}

// Subtitle says what the gap and goal columns hold.
func (l *List) Subtitle() string {
	var goals []string
	for _, k := range l.ix.Goals {
		goals = append(goals, browse.MeasureLabel(k))
	}
	s := "gap: SCRIPT − AGENTS of the episode's goal measure (blank when not both)"
	if len(goals) > 0 {
		s += " · goal: " + strings.Join(goals, " or ")
	}
	return s
}

func arrow(desc bool) string {
	if desc {
		return "↓"
	}
	return "↑"
}

// Render draws the list: headings, rows, and the selected group's
// details.
func (l *List) Render(w, h int) []string {
	if w != l.width || h != l.height {
		l.SetSize(w, h)
	}
	return l.memo.Get(listState{w, h, l.sel, l.top, l.first, l.sort, l.desc, l.filter}, l.lines)
}

func (l *List) lines() []string {
	w, h := l.width, l.height
	shown, titleW := window(l.cols, l.first, w, l.titleW)
	out := make([]string, 0, h)
	out = append(out, l.modeLine(shown, titleW, w), l.headLine(shown, titleW, w))
	for i := l.top; i < l.top+l.rows(); i++ {
		if i >= len(l.shown) {
			out = append(out, ui.Blank(w))
			continue
		}
		line := l.row(l.shown[i], shown, titleW, w)
		if i == l.sel {
			line = l.Styles.TabActive.Render(line)
		}
		out = append(out, line)
	}
	out = append(out, l.Styles.Sep.Render(strings.Repeat("─", w)))
	out = append(out, l.detailLines(w)...)
	return out[:h]
}

// widthOf is column i's width, the scenario's as wide as it is drawn.
func (l *List) widthOf(i, titleW int) int {
	if l.cols[i].Field == browse.Title {
		return titleW
	}
	return l.cols[i].width
}

// modeLine names each mode over its columns.
func (l *List) modeLine(shown []int, titleW, w int) string {
	var b strings.Builder
	used := 0
	for k, i := range shown {
		c := l.cols[i]
		cw := l.widthOf(i, titleW) + 1
		if c.Mode == "" || k > 0 && l.cols[shown[k-1]].Mode == c.Mode {
			if c.Mode == "" {
				b.WriteString(ui.Blank(cw))
				used += cw
			}
			continue
		}
		span := 0
		for _, j := range shown[k:] {
			if l.cols[j].Mode != c.Mode {
				break
			}
			span += l.widthOf(j, titleW) + 1
		}
		label := cell(c.Mode.Label(), span-1, false)
		b.WriteString(l.Styles.ModeHeading(c.Mode, false).Render(label) + " ")
		used += span
	}
	return ui.Pad(b.String(), used, w)
}

// headLine is the columns' headings, the sort column's with its arrow.
func (l *List) headLine(shown []int, titleW, w int) string {
	var b strings.Builder
	used := 0
	for _, i := range shown {
		c := l.cols[i]
		head := c.head
		cw := l.widthOf(i, titleW)
		if i == l.sort {
			head = ansi.Truncate(head, cw-1, "") + arrow(l.desc)
		}
		text := cell(head, cw, c.Numeric)
		if i == l.sort {
			text = l.Styles.Title.Render(text)
		} else {
			text = l.Styles.Dim.Render(text)
		}
		b.WriteString(text + " ")
		used += cw + 1
	}
	return ui.Pad(b.String(), used, w)
}

// row is a group's line: its cells, or for an unreadable recording the
// file's name and why it cannot be read.
func (l *List) row(g *browse.Group, shown []int, titleW, w int) string {
	var b strings.Builder
	used := 0
	for _, i := range shown {
		c := l.cols[i]
		cw := l.widthOf(i, titleW)
		if p := g.Problem(); p != "" && !c.frozen {
			b.WriteString(cell("unreadable: "+p, max(w-used, 0), false))
			break
		}
		b.WriteString(cell(c.Cell(g).Text, cw, c.Numeric))
		b.WriteByte(' ')
		used += cw + 1
	}
	return ui.Fit(b.String(), w)
}

// detailLines describe the selected group: its id (what replay
// --episode takes) and files, its goal measure and its gap, or why its
// recording cannot be read.
func (l *List) detailLines(w int) []string {
	out := make([]string, 0, l.details())
	if len(l.shown) == 0 {
		out = append(out, l.Styles.Dim.Render(ui.Fit("no episode matches the filter: f changes it, esc clears it", w)))
	} else {
		g := l.shown[l.sel]
		if p := g.Problem(); p != "" {
			out = append(out, l.Styles.Bad.Render(ui.Fit("unreadable: "+p, w)))
		} else {
			gap := g.Gap.Why
			if g.Gap.OK {
				gap = fmt.Sprintf("gap %+.2f: SCRIPT − AGENTS of %s", g.Gap.Value, browse.MeasureLabel(g.GapOf))
			}
			goal := "goal: none measured"
			if g.Goal != "" {
				goal = "goal: " + browse.MeasureLabel(g.Goal)
			}
			out = append(out, ui.Fit(g.ID+" · "+goal+" · "+gap, w))
			var files []string
			for _, r := range g.Runs {
				name := ui.Line(filepath.Base(r.Path))
				if r.Stale {
					name += " (annotated under older rules: counts as recorded)"
				}
				files = append(files, r.Column.Label()+" "+name)
			}
			out = append(out, l.Styles.Dim.Render(ui.Fit(strings.Join(files, " · "), w)))
		}
	}
	for len(out) < l.details()-1 {
		out = append(out, ui.Blank(w))
	}
	return out
}

// count is n of word, its thousands apart: "3,386 episodes".
func count(n int, word string) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s + " " + ui.Plural(n, word)
}
