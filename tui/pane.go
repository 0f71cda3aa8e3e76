package tui

import (
	"context"
	"fmt"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
)

// pane shows one run: its header and its transcript. It is a plain struct
// the root model drives; it does no IO.
type pane struct {
	mode     view.Mode
	maxTurns int
	st       *styles
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

	// hold is the seat the user plays here, chooser the open question of
	// which seat to take; either shows under the transcript.
	hold    *hold
	chooser *chooser
	fork    *forkChooser
	// forkAt is the parent's turn a fork pane branched after (0 for a
	// pane of the session's own runs); stop cancels a fork's run.
	forkAt int
	stop   context.CancelFunc
	// caption says in one line what the pane is (presenter mode).
	caption string
	// masked hides the annotations (highlights and counters) while the
	// user plays: a highlight on a number would tell them it is private.
	masked bool

	// events is every event of the run, for the simulation card (c).
	events []event.Event

	transcript
	header memo[headerState]
}

func newPane(mode view.Mode, maxTurns int, st *styles) *pane {
	return &pane{mode: mode, maxTurns: maxTurns, st: st, transcript: transcript{follow: true, headLines: headerHeight}}
}

// attach shows a new run in the pane, dropping the old transcript.
func (p *pane) attach(l *episode.Live) {
	fresh := newPane(p.mode, p.maxTurns, p.st)
	fresh.live, fresh.runID, fresh.backends = l, l.ID, l.Backends
	fresh.focused, fresh.paused, fresh.masked = p.focused, p.paused, p.masked
	fresh.forkAt, fresh.stop = p.forkAt, p.stop
	fresh.caption, fresh.headLines = p.caption, p.headLines
	fresh.resize(p.width, p.height)
	*p = *fresh
}

// detach forgets the run (it is being cancelled for a restart).
func (p *pane) detach() {
	p.live, p.runID, p.started = nil, "", false
	p.hold, p.chooser, p.fork = nil, nil, nil
}

// apply folds one event of the pane's run into its state.
func (p *pane) apply(ev event.Event) {
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
		p.add(&entry{kind: noteEntry, raw: fmt.Sprintf("» %s: seat %d (%s) now played by %s", ev.Control, ev.Seat, ev.Speaker, ev.Backend)})
	case event.Error:
		p.add(&entry{kind: errorEntry, raw: ev.Error})
	case event.Reasoning:
		p.thoughts = append(p.thoughts, ev)
	case event.RunEnded:
		end := *ev.Ending
		p.ending = &end
		p.hold, p.chooser, p.fork = nil, nil, nil
		p.add(&entry{kind: noteEntry, raw: fmt.Sprintf("■ ended after %d turns (%s): %s", end.Turns, end.Reason, end.Outcome.Summary)})
	}
}

func (p *pane) add(e *entry) {
	p.entries = append(p.entries, e)
	p.changed(len(p.entries) - 1)
}

// turn returns the entry of turn n, if it has started.
func (p *pane) turn(n int) *entry {
	if n < 1 || n > len(p.turns) {
		return nil
	}
	return p.entries[p.turns[n-1]]
}

// changed marks entry i for re-rendering.
func (p *pane) changed(i int) {
	p.entries[i].invalidate()
	p.dirty(i)
}

// current is the turn being produced, if any.
func (p *pane) current() *entry {
	if n := len(p.turns); n > 0 {
		if e := p.entries[p.turns[n-1]]; e.streaming() {
			return e
		}
	}
	return nil
}

// status says what the run is doing, as shown in the header.
func (p *pane) status() string {
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
func (p *pane) backendLabel() string {
	if p.backends[0] == p.backends[1] {
		return oneLine(p.backends[0])
	}
	return oneLine(p.backends[0]) + " / " + oneLine(p.backends[1])
}

// label names the pane in its header: the mode, and the turn a fork
// branched after.
func (p *pane) label() string {
	if p.forkAt > 0 {
		return fmt.Sprintf("%s fork@%d", p.mode.Label(), p.forkAt)
	}
	return p.mode.Label()
}

// unmask shows the annotations again.
func (p *pane) unmask() {
	if p.masked {
		p.masked = false
		p.restyle()
	}
}

// restyle re-renders every entry with the current styles.
func (p *pane) restyle() {
	p.header.reset()
	for _, e := range p.entries {
		e.invalidate()
	}
	p.starts = p.starts[:0]
}
