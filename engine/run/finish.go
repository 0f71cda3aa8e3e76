package run

import (
	"context"

	"github.com/omnigap/omnigap/engine/event"
)

// finish lets the annotator fill the ending. The model calls it makes (a
// judge's) belong to no turn: each is reported as a run-level usage event
// and counted in the run's totals, like a seat's.
func (r *runner) finish(ctx context.Context, a Annotator, end *event.Ending) {
	r.reportUsage(event.Event{Seat: -1}, a.Finish(ctx, r.history, end))
}

// reportUsage sends one usage event per model call, stamped like base,
// and adds each to the run's totals.
func (r *runner) reportUsage(base event.Event, calls []event.Usage) {
	for _, u := range calls {
		if r.usage == nil {
			r.usage = &event.Usage{}
		}
		r.usage.Add(u)
		ev := base
		ev.Kind, ev.Usage = event.UsageReported, &u
		r.emit(ev)
	}
}
