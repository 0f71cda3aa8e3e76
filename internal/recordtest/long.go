// Package recordtest writes recordings for tests and benchmarks.
package recordtest

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/view"
)

// Long writes an AGENTS recording of turns turns into dir and returns its
// path: per turn a start, three text deltas 40 ms apart and the completed
// turn, and an annotation every tenth turn.
func Long(tb testing.TB, dir string, turns int) string {
	tb.Helper()
	sc := generate.Craigslist(1)
	sc.MaxTurns = turns
	path := filepath.Join(dir, "long.jsonl")
	w, err := record.Create(path, record.Header{RunID: "long", Scenario: sc, Mode: view.Agents, Backends: [2]string{"builtin", "builtin"}})
	if err != nil {
		tb.Fatal(err)
	}
	seq := 0
	emit := func(ev event.Event) {
		seq++
		ev.RunID, ev.Seq = "long", seq
		if err := w.Event(ev); err != nil {
			tb.Fatal(err)
		}
	}
	emit(event.Event{Kind: event.RunStarted, Seat: -1})
	var at time.Duration
	for n := 1; n <= turns; n++ {
		seat := (n - 1) % 2
		base := event.Event{Turn: n, Seat: seat, Speaker: sc.Seats[seat].Character.Name, Backend: "builtin"}
		start := base
		start.Kind, start.At = event.TurnStarted, at
		emit(start)
		text := fmt.Sprintf("Turn %d: I could do four hundred and fifty if you pick it up today. ", n)
		for _, part := range []string{text[:20], text[20:40], text[40:]} {
			at += 40 * time.Millisecond
			d := base
			d.Kind, d.Delta, d.At = event.Delta, part, at
			emit(d)
		}
		done := base
		done.Kind, done.Action, done.At = event.TurnCompleted, &event.Action{Type: event.Speak, Text: text}, at
		emit(done)
		if n%10 == 0 {
			a := base
			a.Kind, a.At = event.Annotated, at
			a.Annotation = &event.Annotation{Kind: event.Disclosure, FactID: "seller-bottomline", Start: 30, End: 50}
			emit(a)
		}
	}
	end := &event.Ending{Reason: event.TurnLimit, Turns: turns}
	emit(event.Event{Kind: event.RunEnded, Seat: -1, At: at, Ending: end})
	if err := w.Close(end); err != nil {
		tb.Fatal(err)
	}
	return path
}
