package record

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/view"
)

// longRecording writes a 10,000-turn recording: per turn a start, three
// text deltas and the completed turn; an annotation every tenth turn.
func longRecording(b *testing.B) string {
	b.Helper()
	sc := generate.Craigslist(1)
	sc.MaxTurns = 10_000
	path := filepath.Join(b.TempDir(), "long.jsonl")
	w, err := Create(path, Header{RunID: "long", Scenario: sc, Mode: view.Agents, Backends: [2]string{"builtin", "builtin"}})
	if err != nil {
		b.Fatal(err)
	}
	seq := 0
	emit := func(ev event.Event) {
		seq++
		ev.RunID, ev.Seq = "long", seq
		if err := w.Event(ev); err != nil {
			b.Fatal(err)
		}
	}
	for n := 1; n <= sc.MaxTurns; n++ {
		seat := (n - 1) % 2
		base := event.Event{Turn: n, Seat: seat, Speaker: sc.Seats[seat].Character.Name, Backend: "builtin"}
		start := base
		start.Kind = event.TurnStarted
		emit(start)
		text := fmt.Sprintf("Turn %d: I could do four hundred and fifty if you pick it up today. ", n)
		for _, part := range []string{text[:20], text[20:40], text[40:]} {
			d := base
			d.Kind, d.Delta = event.Delta, part
			emit(d)
		}
		done := base
		done.Kind, done.Action = event.TurnCompleted, &event.Action{Type: event.Speak, Text: text}
		emit(done)
		if n%10 == 0 {
			a := base
			a.Kind, a.Annotation = event.Annotated, &event.Annotation{Kind: event.Disclosure, FactID: "seller-bottomline", Start: 30, End: 50}
			emit(a)
		}
	}
	if err := w.Close(&event.Ending{Reason: event.TurnLimit, Turns: sc.MaxTurns}); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkReadTenThousandTurns reads a 10,000-turn recording, the part of
// opening it in replay that grows with its length.
func BenchmarkReadTenThousandTurns(b *testing.B) {
	path := longRecording(b)
	b.ReportAllocs()
	for b.Loop() {
		rec, err := Read(path)
		if err != nil || rec.Footer == nil || len(rec.Events) < 50_000 {
			b.Fatalf("%v, %d events", err, len(rec.Events))
		}
	}
}
