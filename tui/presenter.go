package tui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/scoreboard"
	"github.com/omnigap/omnigap/tui/ui"
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
	// Sources names the recording each mode replays; Replay and Untimed
	// stand in for Options' while the comparison is on screen.
	Sources map[view.Mode]string
	Replay  Speeder
	Untimed bool
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

// calloutEnds say, after the callout names the fact, how the speaker came
// to say it.
var calloutEnds = map[event.AnnotationKind]string{
	event.Leak:     "%s was never told it",
	event.MindRead: "%s was told it by design, as every mind reader is",
}

// presenter is presenter mode's layer of keys: space goes on after a
// callout, n and → go to the next comparison, s brings the scoreboard
// back. It sits on the app's keys, under everything else.
type presenter struct {
	m     *model
	opts  *DemoOptions
	index int // the comparison on screen
	// callouts explain the leaks and mind-reads the runs stopped at, the
	// one on screen first: stops on the same turn, in one pane or in
	// several, wait their turn, and space shows the next. shown is set
	// once the scoreboard has come for this episode.
	callouts []callout
	shown    bool
}

// callout is one stop of the presenter: what it says, and where.
type callout struct {
	text string
	pane *pane.Pane
	turn int
}

// callout is the text of the callout on screen, "" for none.
func (d *presenter) callout() string {
	if len(d.callouts) == 0 {
		return ""
	}
	return d.callouts[0].text
}

// goOn shows the next callout, or lets the runs go on when none waits.
func (d *presenter) goOn() {
	d.callouts = d.callouts[1:]
	if len(d.callouts) == 0 {
		d.m.setPaused(false)
		d.endEpisode()
	} else {
		c := d.callouts[0]
		d.m.selectTurn(c.pane, c.turn)
	}
	d.m.resize()
}

func (d *presenter) Bindings() []ui.Binding {
	k := d.m.keys
	var out []ui.Binding
	if len(d.callouts) > 0 {
		out = append(out, ui.Binding{Key: k.Playback.Pause, Do: do(d.goOn)})
	}
	return append(out,
		ui.Binding{Key: k.Presenter.NextScene, Do: func(tea.KeyPressMsg) tea.Cmd { return d.next() }},
		ui.Binding{Key: k.Presenter.Scoreboard, Do: do(d.showBoard), Disabled: func() string {
			if !d.shown {
				return "the scoreboard comes when every run has ended"
			}
			return ""
		}},
	)
}

func (d *presenter) Update(tea.Msg) tea.Cmd   { return nil }
func (d *presenter) SetSize(int, int)         {}
func (d *presenter) Render(int, int) []string { return nil }

// ShortHelp is the presenter's key line, always on screen (under the
// callout too), short enough for 80 columns; from 120 it also names the
// keys that move through the episode (? shows every key).
func (d *presenter) ShortHelp() []key.Binding {
	k := d.m.keys
	goOn := k.Playback.Pause
	if d.m.paused {
		goOn = ui.Relabel(goOn, "go on")
	}
	out := []key.Binding{goOn, k.Presenter.NextScene, ui.Relabel(k.Presenter.Scoreboard, "scores")}
	if d.m.width >= 120 {
		out = append(out, k.Navigation.GoTo, k.Navigation.NextNote)
	}
	return append(out, k.General.Help, k.General.Quit)
}

// helpView is the callout over the key line, in the footer while the
// runs stop at a leak.
func (d *presenter) helpView() string {
	if d.callout() == "" {
		return ""
	}
	text := d.callout() + " space continues"
	if more := len(d.callouts) - 1; more > 0 {
		text = d.callout() + fmt.Sprintf(" space: the next (%d more)", more)
	}
	var out []string
	for _, l := range strings.Split(ansi.Wrap(text, max(d.m.width-2, 1), ""), "\n") {
		out = append(out, d.m.styles.Callout.Render(" "+l+" "))
	}
	return strings.Join(append(out, d.m.help.ShortHelpView(d.ShortHelp())), "\n")
}

// state is what the title and the footer show of the presenter.
func (d *presenter) state() string {
	if d == nil {
		return ""
	}
	return fmt.Sprintf("%d %d %s", d.index, len(d.callouts), d.callout())
}

// stopAt stops every run at a leak or a mind-read and says what was
// said and whose fact it was; a stop while a callout is on screen waits
// after it, in turn order and then the panes' order.
func (d *presenter) stopAt(p *pane.Pane, ev event.Event) {
	if ev.Turn < 1 || ev.Turn > p.Turns() {
		return
	}
	speaker, a := ui.FirstName(p.Speaker(ev.Turn)), *ev.Annotation
	fact, owner := d.m.fact(a.FactID)
	whose := "a private fact"
	if owner != "" {
		whose = owner + "'s private fact"
	}
	text := fmt.Sprintf("%s in %s, turn %d: %s says%s, which is %s (%s). %s.",
		strings.ToUpper(pane.AnnotationWord(a)), p.Label(), ev.Turn, speaker, p.Said(ev.Turn, a), whose, fact, fmt.Sprintf(calloutEnds[a.Kind], speaker))
	d.callouts = append(d.callouts, callout{text: text, pane: p, turn: ev.Turn})
	waiting := d.callouts[1:]
	slices.SortStableFunc(waiting, func(x, y callout) int {
		if x.turn != y.turn {
			return x.turn - y.turn
		}
		return slices.Index(d.m.panes, x.pane) - slices.Index(d.m.panes, y.pane)
	})
	if len(d.callouts) == 1 {
		d.m.selectTurn(p, ev.Turn)
	}
	d.m.setPaused(true)
	d.m.resize()
}

// endEpisode shows the scoreboard once every pane's run has ended and
// every callout has been read.
func (d *presenter) endEpisode() {
	if d.shown || len(d.callouts) > 0 || !d.m.allEnded() {
		return // the callouts of the last turns first
	}
	d.shown = true
	d.callouts = nil
	d.showBoard()
	d.m.resize()
}

// showBoard shows the scoreboard over the panes.
func (d *presenter) showBoard() {
	if _, open := d.m.stack.Find(isBoard); open {
		return
	}
	m := d.m
	comparison := fmt.Sprintf("comparison %d of %d", d.index+1, len(d.opts.Comparisons))
	m.stack.Push(scoreboard.New(m.common(), m.scenario, comparison, m.panes, d.next).Layer())
}

func isBoard(l ui.Layer) bool { _, ok := l.Component.(*scoreboard.Board); return ok }

// next starts the next comparison (after the last, the first again).
func (d *presenter) next() tea.Cmd {
	d.index = (d.index + 1) % len(d.opts.Comparisons)
	return d.load(d.opts.Comparisons[d.index])
}

// load replaces the panes with the comparison's and starts its runs.
func (d *presenter) load(c Comparison) tea.Cmd {
	d.callouts, d.shown = nil, false
	d.m.stack.RemoveIf(isBoard)
	return d.m.show(c)
}

// newPane is a pane for mode, captioned in presenter mode.
func (m *model) newPane(mode view.Mode) *pane.Pane {
	p := pane.New(mode, m.scenario.MaxTurns, &m.styles)
	if m.presenter != nil {
		p.Present()
		p.SetCaption(pane.Captions[mode])
	}
	return p
}
