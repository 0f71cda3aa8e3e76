package leak

import (
	"context"
	"maps"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/fact/derive"
	"github.com/omnigap/omnigap/engine/record"
)

// Stale reports whether a recording was annotated under older rules than
// today's (event.AnnotationRules): its annotations and the metrics they
// feed are made again on reading.
func Stale(h record.Header) bool { return h.Rules < event.AnnotationRules }

// Again annotates a recorded run again, with today's rules, as its events
// are read: the recorded annotations are dropped and each completed turn
// is followed by today's, and the ending's metrics are made again.
type Again struct {
	a       *Annotator
	header  record.Header
	history []event.Turn
}

// NewAgain starts annotating the run of h again. What each side was
// told is weighed again too when the recording predates its weights.
func NewAgain(h record.Header) *Again {
	sc := h.Scenario
	if h.Rules < toldWeighed && sc != nil {
		sc = sc.Clone()
		derive.WeighTold(sc, derive.Library())
	}
	return &Again{a: New(sc, h.Mode), header: h}
}

// toldWeighed is the first version of the rules (event.AnnotationRules)
// whose told facts carry their words' weights.
const toldWeighed = 3

// Event returns what stands in place of one recorded event: nothing for
// an annotation of the rules, a completed turn followed by its
// annotations by today's rules, and any other event as it is (the model
// check's annotations among them: no rule can make them again). A
// run_ended event's ending is made again (Ending).
func (g *Again) Event(ev event.Event) []event.Event {
	switch ev.Kind {
	case event.Annotated:
		if ev.Annotation != nil && ev.Annotation.Source != event.ByRules {
			return []event.Event{ev}
		}
		return nil
	case event.RunEnded:
		if ev.Ending != nil {
			ev.Ending = g.Ending(ev.Ending)
		}
		return []event.Event{ev}
	case event.TurnCompleted:
		if ev.Action == nil {
			return []event.Event{ev}
		}
		g.history = append(g.history, event.Turn{Number: ev.Turn, Seat: ev.Seat, Speaker: ev.Speaker, Backend: ev.Backend,
			Person: g.header.Person, Action: *ev.Action})
		out := []event.Event{ev}
		for _, an := range g.a.Annotate(g.history) {
			a := ev
			a.Kind, a.Action, a.Annotation = event.Annotated, nil, &an
			out = append(out, a)
		}
		return out
	}
	return []event.Event{ev}
}

// Ending returns a copy of a recorded ending whose metrics come from
// today's annotations over the turns read so far; what the annotator does
// not make (a judge's scores) is kept as recorded.
func (g *Again) Ending(end *event.Ending) *event.Ending {
	if end.Metrics == nil {
		return end // the run was not annotated when it was recorded
	}
	out := *end
	g.a.Finish(context.Background(), g.history, &out)
	metrics := maps.Clone(end.Metrics)
	maps.Copy(metrics, out.Metrics)
	out.Metrics = metrics
	return &out
}

// Reannotate annotates a recording read whole again when it is stale:
// its annotation events, the run_ended event and the footer's ending
// follow today's rules. A current recording is left as it is.
func Reannotate(rec *record.Recording) {
	if !Stale(rec.Header) {
		return
	}
	g := NewAgain(rec.Header)
	var events []event.Event
	for _, ev := range rec.Events {
		events = append(events, g.Event(ev)...)
	}
	rec.Events = events
	if rec.Footer != nil && rec.Footer.Ending != nil {
		rec.Footer.Ending = g.Ending(rec.Footer.Ending)
	}
	rec.Header.Rules = event.AnnotationRules
}
