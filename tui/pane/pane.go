// Package pane is one run on screen: its header, its transcript with the
// annotations highlighted, the selected turn, and what is docked under it
// (the input box of a seat the user plays, a question). The root model
// drives panes; a pane does no IO.
package pane

import (
	"context"
	"fmt"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui/ui"
)

// HeaderHeight is the pane header: title line, counters line, rule.
const HeaderHeight = 3

// Pane shows one run.
type Pane struct {
	mode     view.Mode
	maxTurns int
	styles   *ui.Styles
	focused  bool

	live     *episode.Live // nil while a restart starts the next run
	runID    string
	backends [2]string
	paused   bool
	started  bool // the run's first event has arrived

	entries   []*entry
	turns     []int // entry index of turn n at turns[n-1]
	completed int
	// cursor is the selected turn (0 for none) and note the selected
	// annotation in it (-1 for none).
	cursor, note int
	// counts are the counted annotations per kind (a denial does not
	// count); annotated is every annotation applied, for the header memo.
	counts    map[event.AnnotationKind]int
	annotated int
	ending    *event.Ending
	// thoughts are the models' reasoning per turn, shown in the audit only.
	thoughts []event.Event

	// player is the seat the user plays here; dock is the open question
	// (which seat to take, what plays a fork), shown under the
	// transcript instead of the player's input box.
	player *Player
	dock   ui.Component
	// forkAt is the parent's turn a fork pane branched after (0 for a
	// pane of the session's own runs); stop cancels a fork's run.
	forkAt int
	stop   context.CancelFunc
	// caption says in one line what the pane is (presenter mode, and
	// the watch where there is room); presenting makes the header count
	// the mode's own kind only, named in full.
	caption    string
	presenting bool
	// handed is set once a seat of the run changed hands.
	handed bool
	// masked hides the annotations (highlights and counters) while the
	// user plays: a highlight on a number would tell them it is private.
	masked bool

	// events is every event of the run, for the simulation card (c).
	events []event.Event

	transcript
	header ui.Memo[headerState]
}

// New is an empty pane for a run of mode, drawn with styles (which the
// app may restyle in place).
func New(mode view.Mode, maxTurns int, styles *ui.Styles) *Pane {
	return &Pane{mode: mode, maxTurns: maxTurns, styles: styles, transcript: transcript{follow: true, headLines: HeaderHeight}}
}

// Attach shows a new run in the pane, dropping the old transcript.
func (p *Pane) Attach(l *episode.Live) {
	fresh := New(p.mode, p.maxTurns, p.styles)
	fresh.live, fresh.runID, fresh.backends = l, l.ID, l.Backends
	fresh.focused, fresh.paused, fresh.masked = p.focused, p.paused, p.masked
	fresh.forkAt, fresh.stop = p.forkAt, p.stop
	fresh.caption, fresh.headLines, fresh.presenting = p.caption, p.headLines, p.presenting
	fresh.resize(p.width, p.height)
	*p = *fresh
}

// Detach forgets the run (it is being cancelled for a restart).
func (p *Pane) Detach() {
	p.live, p.runID, p.started = nil, "", false
	p.player, p.dock = nil, nil
}

// Show names the run a pane shows and its backends without a live run
// behind it (tests, fixtures).
func (p *Pane) Show(runID string, backends [2]string) { p.runID, p.backends = runID, backends }

// Apply folds one event of the pane's run into its state.
func (p *Pane) Apply(ev event.Event) {
	p.started = true
	p.events = append(p.events, ev)
	switch ev.Kind {
	case event.TurnStarted:
		e := &entry{kind: turnEntry, turn: ev.Turn, seat: ev.Seat, speaker: ev.Speaker, backend: ev.Backend}
		if old := p.turn(ev.Turn); old != nil {
			// The seat changed hands before the turn was played; it
			// starts again below with its new player.
			old.kind, old.raw = noteEntry, fmt.Sprintf("turn %d was handed back before it was played", ev.Turn)
			p.changed(p.turns[ev.Turn-1])
			p.turns[ev.Turn-1] = len(p.entries)
		}
		for len(p.turns) < ev.Turn {
			p.turns = append(p.turns, len(p.entries))
		}
		p.add(e)
	case event.Delta:
		if e := p.turn(ev.Turn); e != nil && e.streaming() {
			e.raw += ev.Delta
			p.changed(p.turns[ev.Turn-1])
		}
	case event.TurnCompleted:
		if e := p.turn(ev.Turn); e != nil && ev.Action != nil {
			a := *ev.Action
			e.action, e.raw = &a, a.Text
			p.completed++
			p.changed(p.turns[ev.Turn-1])
		}
	case event.Annotated:
		p.annotated++
		if ev.Annotation.Counted() && ev.Annotation.Source == event.ByRules { // the model check's are counted apart
			if p.counts == nil {
				p.counts = map[event.AnnotationKind]int{}
			}
			p.counts[ev.Annotation.Kind]++
		}
		if e := p.turn(ev.Turn); e != nil {
			e.anns = append(e.anns, *ev.Annotation)
			p.changed(p.turns[ev.Turn-1])
		}
	case event.Control:
		if !p.handed {
			// From a take-over on, every turn names who made it: the
			// writer's turns as well as the person's.
			p.handed = true
			p.Restyle()
		}
		p.add(&entry{kind: noteEntry, raw: fmt.Sprintf("» %s: seat %d (%s) now played by %s", ev.Control, ev.Seat, ev.Speaker, ev.Backend)})
	case event.Error:
		p.add(&entry{kind: errorEntry, raw: ev.Error})
	case event.Reasoning:
		p.thoughts = append(p.thoughts, ev)
	case event.RunEnded:
		end := *ev.Ending
		p.ending = &end
		p.player, p.dock = nil, nil
		p.add(&entry{kind: noteEntry, raw: fmt.Sprintf("■ ended after %d turns (%s): %s", end.Turns, end.Reason, end.Outcome.Summary)})
	}
}

func (p *Pane) add(e *entry) {
	p.entries = append(p.entries, e)
	p.changed(len(p.entries) - 1)
}

// turn returns the entry of turn n, if it has started.
func (p *Pane) turn(n int) *entry {
	if n < 1 || n > len(p.turns) {
		return nil
	}
	return p.entries[p.turns[n-1]]
}

// changed marks entry i for re-rendering.
func (p *Pane) changed(i int) {
	p.entries[i].invalidate()
	p.dirty(i)
}

// current is the turn being produced, if any.
func (p *Pane) current() *entry {
	if n := len(p.turns); n > 0 {
		if e := p.entries[p.turns[n-1]]; e.streaming() {
			return e
		}
	}
	return nil
}

// Status says what the run is doing, as shown in the header.
func (p *Pane) Status() string {
	cur := p.current()
	switch {
	case p.ending != nil:
		return "ended"
	case !p.started:
		return "starting"
	case cur != nil && cur.backend == "human": // the human backend's name
		return "waiting for human"
	case p.paused && cur != nil:
		return "pausing"
	case p.paused:
		return "paused"
	}
	return "running"
}

// backendLabel names what plays the pane: one name when both seats share
// it (the SCRIPT writer, or two copies of one engine).
func (p *Pane) backendLabel() string {
	if p.backends[0] == p.backends[1] {
		return ui.Line(p.backends[0])
	}
	return ui.Line(p.backends[0]) + " / " + ui.Line(p.backends[1])
}

// Label names the pane in its header: the mode, and the turn a fork
// branched after.
func (p *Pane) Label() string {
	if p.forkAt > 0 {
		return fmt.Sprintf("%s fork@%d", p.mode.Label(), p.forkAt)
	}
	return p.mode.Label()
}

// Mask hides the annotations until Unmask.
func (p *Pane) Mask() { p.masked = true }

// Unmask shows the annotations again.
func (p *Pane) Unmask() {
	if p.masked {
		p.masked = false
		p.Restyle()
	}
}

// Masked reports whether the annotations are hidden.
func (p *Pane) Masked() bool { return p.masked }

// Restyle re-renders every entry with the current styles.
func (p *Pane) Restyle() {
	p.header.Reset()
	for _, e := range p.entries {
		e.invalidate()
	}
	p.starts = p.starts[:0]
}

// SetFocused marks the pane as the one keys act on.
func (p *Pane) SetFocused(f bool) { p.focused = f }

// SetPaused says whether the runs are paused, for the status.
func (p *Pane) SetPaused(paused bool) { p.paused = paused }

// Paused reports whether the runs are paused.
func (p *Pane) Paused() bool { return p.paused }

// Present makes the pane a presenter's: its header counts the mode's
// own kind only (SCRIPT leaks, MINDREADERS mind-reads), named in full.
func (p *Pane) Present() { p.presenting = true }

// SetCaption captions the pane, one more header line ("" for none).
func (p *Pane) SetCaption(c string) {
	p.caption = c
	p.headLines = HeaderHeight
	if c != "" {
		p.headLines++
	}
}

// SetFork marks the pane as a fork after turn at of its parent, whose run
// stop cancels.
func (p *Pane) SetFork(at int, stop context.CancelFunc) { p.forkAt, p.stop = at, stop }

// ForkAt is the parent's turn a fork pane branched after, 0 for others.
func (p *Pane) ForkAt() int { return p.forkAt }

// StopFork cancels a fork's run.
func (p *Pane) StopFork() {
	if p.stop != nil {
		p.stop()
	}
}

// Mode is the pane's mode.
func (p *Pane) Mode() view.Mode { return p.mode }

// RunID names the run shown ("" while none is).
func (p *Pane) RunID() string { return p.runID }

// Live is the run shown, nil while a restart starts the next one.
func (p *Pane) Live() *episode.Live { return p.live }

// Backends name what plays each seat.
func (p *Pane) Backends() [2]string { return p.backends }

// Ending is how the run ended, nil while it goes on.
func (p *Pane) Ending() *event.Ending { return p.ending }

// Completed is the number of turns finished.
func (p *Pane) Completed() int { return p.completed }

// Count is the number of counted annotations of kind.
func (p *Pane) Count(kind event.AnnotationKind) int { return p.counts[kind] }

// Thoughts are the models' reasoning, in order.
func (p *Pane) Thoughts() []event.Event { return p.thoughts }

// Events are every event of the run so far.
func (p *Pane) Events() []event.Event { return p.events }

// Caption is the pane's caption, "" for none.
func (p *Pane) Caption() string { return p.caption }

// SetDock shows c under the transcript (nil: the player's input box, if
// any); c renders its own lines.
func (p *Pane) SetDock(c ui.Component) { p.dock = c }

// Dock is the question shown under the transcript, if any.
func (p *Pane) Dock() ui.Component { return p.dock }

// MinWidth is the narrowest a pane gets side by side; when not all panes
// fit, as many as fit are shown under a tab bar naming them all.
const MinWidth = 36

// Focused reports whether the pane is the one keys act on.
func (p *Pane) Focused() bool { return p.focused }
