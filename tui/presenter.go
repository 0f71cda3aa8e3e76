package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// DemoOptions make the app a presenter for a talk: comparisons play one
// after another in large, high-contrast panes with a caption each, every
// leak pauses the runs with a callout, and each episode ends on a
// scoreboard.
type DemoOptions struct {
	Comparisons []Comparison
}

// Comparison is one scenario shown in several modes side by side.
type Comparison struct {
	Scenario *scenario.Scenario
	Modes    []view.Mode
	Seed     int64
	Factory  episode.Factory
	// Sources names the recording each mode replays.
	Sources map[view.Mode]string
}

// captions say in one line what each pane is; shortCaptions fit a
// third of 80 columns and still read as whole phrases.
var (
	captions = map[view.Mode]string{
		view.Script:      "one writer knows both sides",
		view.Agents:      "each side knows only its own",
		view.Mindreaders: "each side is told the other's",
		view.Humans:      "two people, as recorded",
	}
	shortCaptions = map[view.Mode]string{
		view.Script:      "one writer, both sides",
		view.Agents:      "each knows its own facts",
		view.Mindreaders: "each knows both sides",
		view.Humans:      "two people, recorded",
	}
)

// captionFor is the longest caption of mode that fits width cells.
func captionFor(mode view.Mode, width int) string {
	if c := captions[mode]; ansi.StringWidth(c) <= width {
		return c
	}
	return shortCaptions[mode]
}

// presenterMinPaneWidth lets three panes stand side by side at 80 columns.
const presenterMinPaneWidth = 26

// stopsDemo matches the annotations the presenter stops at: the rules' counted
// leak or mind-read, never a guess (no one who made the turn knew the
// fact) nor a denial. The runs pause after it from their own goroutine,
// so they stop right at it (the screen learns of it a frame later, when
// the next turn could otherwise have started).
func stopsDemo(ev event.Event) bool {
	if ev.Kind != event.Annotated || ev.Annotation == nil || !ev.Annotation.Counted() || ev.Annotation.Source != event.ByRules {
		return false
	}
	return ev.Annotation.Kind == event.Leak || ev.Annotation.Kind == event.MindRead
}

// calloutEnds says, after the callout names the fact, how the speaker came
// to say it.
var calloutEnds = map[event.AnnotationKind]string{
	event.Leak:     "%s was never told it",
	event.MindRead: "%s was told it by design, as every mind reader is",
}

// demo is the presenter's state in the model.
type demo struct {
	opts  *DemoOptions
	index int // the comparison on screen
	// callout explains the leak or mind-read the runs stopped at (of
	// kind calloutKind); board is set while the scoreboard shows, shown
	// once it has been shown for this episode.
	callout      string
	calloutKind  event.AnnotationKind
	board, shown bool
}

// callout stops every run at a leak or a mind-read and says what was
// said and whose fact it was.
func (m *model) callout(p *pane, ev event.Event) {
	e := p.turn(ev.Turn)
	if e == nil {
		return
	}
	a := *ev.Annotation
	if m.demo.callout != "" && m.demo.calloutKind == event.Leak && a.Kind != event.Leak {
		return // the runs stopped together: the leak, the study's point, is told
	}
	m.demo.calloutKind = a.Kind
	speaker := firstWord(e.speaker)
	fact, owner := m.fact(a.FactID)
	whose := "a private fact"
	if owner != "" {
		whose = owner + "'s private fact"
	}
	m.demo.callout = fmt.Sprintf("%s in %s, turn %d: %s says%s, which is %s (%s). %s. space continues",
		strings.ToUpper(annotationWord(a)), p.label(), ev.Turn, speaker, said(e, a), whose, fact, fmt.Sprintf(calloutEnds[a.Kind], speaker))
	m.selectTurn(p, ev.Turn)
	m.setPaused(true)
	m.resize()
}

func firstWord(s string) string {
	if f := strings.Fields(oneLine(s)); len(f) > 0 {
		return f[0]
	}
	return s
}

// presenterKey handles the presenter's own keys, and space and esc where
// they act otherwise in presenter mode; it reports whether the key was
// one of them.
func (m *model) presenterKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	d, k := m.demo, m.keys
	switch {
	case key.Matches(msg, k.Playback.Pause) && d.callout != "":
		d.callout = ""
		m.setPaused(false)
		m.resize()
	case key.Matches(msg, k.Playback.Pause) && d.board:
		return m.nextComparison(), true
	case key.Matches(msg, k.Presenter.NextScene):
		return m.nextComparison(), true
	case key.Matches(msg, k.Panes.Close) && d.board:
		d.board = false
	case key.Matches(msg, k.Presenter.Scoreboard):
		if d.shown {
			d.board = true
		} else {
			m.notice = "the scoreboard comes when every run has ended"
		}
	default:
		return nil, false
	}
	return nil, true
}

// endEpisode shows the scoreboard once every pane's run has ended.
func (m *model) endEpisode() {
	d := m.demo
	if d == nil || d.shown {
		return
	}
	if !m.allEnded() {
		return
	}
	d.shown, d.board = true, true
	d.callout = ""
	m.resize()
}

// nextComparison starts the next comparison (after the last, the first
// again).
func (m *model) nextComparison() tea.Cmd {
	d := m.demo
	d.index = (d.index + 1) % len(d.opts.Comparisons)
	return m.loadComparison(d.opts.Comparisons[d.index])
}

// loadComparison replaces the panes with the comparison's and starts its
// runs.
func (m *model) loadComparison(c Comparison) tea.Cmd {
	if m.gen != nil {
		m.gen.cancel(nil)
	}
	m.dropForks()
	for _, p := range m.panes {
		p.detach()
	}
	o := &m.s.opts
	o.Scenario, o.Modes, o.Factory, o.Sources, o.Seed = c.Scenario, c.Modes, c.Factory, c.Sources, c.Seed
	m.sc = c.Scenario
	m.panes = nil
	for _, mode := range c.Modes {
		m.panes = append(m.panes, m.newPane(mode))
	}
	m.focus = 0
	m.panes[0].focused = true
	m.demo.callout, m.demo.board, m.demo.shown = "", false, false
	m.overlay, m.panel, m.paused = noOverlay, nil, false
	m.title.reset()
	m.resize()
	return m.s.restart(c.Seed, m.pace)
}

// newPane is a pane for mode, captioned in presenter mode.
func (m *model) newPane(mode view.Mode) *pane {
	p := newPane(mode, m.sc.MaxTurns, &m.st)
	if m.demo != nil {
		p.caption = captions[mode]
		p.headLines = headerHeight + 1
	}
	return p
}

// presenterHelp is the footer under the legend: the callout while the
// runs stop at a leak, else the presenter's keys.
func (m *model) presenterHelp() string {
	d := m.demo
	if d.callout != "" {
		var out []string
		for _, l := range strings.Split(ansi.Wrap(d.callout, max(m.width-2, 1), ""), "\n") {
			out = append(out, m.st.callout.Render(" "+l+" "))
		}
		return strings.Join(out, "\n")
	}
	return m.help.ShortHelpView(m.keys.presenterHelp(d.board))
}

// scoreboardLines draws the panes' results side by side in h lines.
func (m *model) scoreboardLines(h int) []string {
	st, w := m.st, m.width
	n := len(m.panes)
	label := 16
	col := max((w-label)/max(n, 1), 8)
	row := func(name string, cell func(p *pane) string) string {
		var b strings.Builder
		b.WriteString(fit(st.title.Render(name), label))
		for _, p := range m.panes {
			b.WriteString(fit(cell(p), col-1) + " ")
		}
		return fit(b.String(), w)
	}
	metric := func(key, format string) func(p *pane) string {
		return func(p *pane) string {
			if p.ending == nil {
				return "-"
			}
			v, ok := p.ending.Metrics[key]
			if !ok {
				return "-"
			}
			return fmt.Sprintf(format, v)
		}
	}
	// wrapped is a row whose cells wrap onto at most three lines, so a
	// caption or an outcome reads whole in a narrow column.
	wrapped := func(name string, cell func(p *pane) (string, lipgloss.Style)) []string {
		cols, height := make([][]string, n), 1
		for i, p := range m.panes {
			text, style := cell(p)
			lines := strings.Split(ansi.Wordwrap(text, col-2, ""), "\n")
			if len(lines) > 3 {
				lines = append(lines[:2], ansi.Truncate(strings.Join(lines[2:], " "), col-2, "…"))
			}
			for j := range lines {
				lines[j] = style.Render(ansi.Truncate(lines[j], col-2, "…"))
			}
			cols[i], height = lines, max(height, len(lines))
		}
		out := make([]string, height)
		for k := range out {
			var b strings.Builder
			if k == 0 {
				b.WriteString(fit(st.title.Render(name), label))
			} else {
				b.WriteString(strings.Repeat(" ", label))
			}
			for i := range m.panes {
				line := ""
				if k < len(cols[i]) {
					line = cols[i][k]
				}
				b.WriteString(fit(line, col-1) + " ")
			}
			out[k] = fit(b.String(), w)
		}
		return out
	}
	out := []string{
		spread(st.title.Render(" Scoreboard · "+oneLine(m.sc.Title)), st.dim.Render(fmt.Sprintf("comparison %d of %d ", m.demo.index+1, len(m.demo.opts.Comparisons))), w),
		st.sep.Render(strings.Repeat("─", w)),
		"",
		row("", func(p *pane) string { return st.modeFocused.Render(" " + p.label() + " ") }),
	}
	out = append(out, wrapped("", func(p *pane) (string, lipgloss.Style) { return captions[p.mode], st.dim })...)
	out = append(out, "")
	out = append(out, wrapped("outcome", func(p *pane) (string, lipgloss.Style) {
		if p.ending == nil {
			return "-", st.dim
		}
		if p.ending.Outcome.Good() {
			return oneLine(p.ending.Outcome.Summary), st.good
		}
		return oneLine(p.ending.Outcome.Summary), st.bad
	})...)
	out = append(out,
		"",
		row("goal (0-10)", metric(metrics.GoalCompletion, "%.1f")),
		"",
	)
	for _, k := range event.Kinds {
		if k.Row != "" {
			out = append(out, row(k.Plural, func(p *pane) string { return st.highlight[k.Kind].Render(fmt.Sprint(p.counts[k.Kind])) }))
		}
	}
	out = append(out, row("turns", func(p *pane) string { return fmt.Sprint(p.completed) }))
	blank := strings.Repeat(" ", w)
	for i := range out {
		if out[i] == "" {
			out[i] = blank
		}
	}
	for len(out) < h {
		out = append(out, blank)
	}
	return out[:h]
}

// presenterStyles turns the app's styles into the presenter's: bold text,
// every highlight bold and in reverse video, which carries without colour
// (NO_COLOR) and reads from the back of a room, and a blank line after
// each turn.
func presenterStyles(st styles) styles {
	highlight := map[event.AnnotationKind]lipgloss.Style{}
	for k, style := range st.highlight {
		highlight[k] = style.Bold(true).Reverse(true)
	}
	st.highlight = highlight
	st = st.withMarks()
	st.body = lipgloss.NewStyle().Bold(true)
	st.spacious = true
	return st
}
