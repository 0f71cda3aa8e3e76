package leak

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
)

// staleRecording is the shipped AGENTS recording of the road bike as the
// rules before version 2 wrote it: no rules in the header, the seller's
// exact guess of the buyer's limit annotated a leak, no guesses counted.
func staleRecording(t *testing.T) *record.Recording {
	t.Helper()
	data, err := os.ReadFile("../../recordings/craigslist_road-bike-agents-s1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	rules := fmt.Sprintf(`,"rules":%d`, event.AnnotationRules)
	old := strings.NewReplacer(rules, ``, `"kind":"guess"`, `"kind":"leak"`, `"guesses":1,"leaks":0`, `"leaks":1`).Replace(string(data))
	if old == string(data) {
		t.Fatal("the shipped recording no longer has the guess this test turns back into a leak")
	}
	rec, err := record.Decode("old.jsonl", bytes.NewReader([]byte(old)))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestReannotateOlderRecordings: a recording of older rules is annotated
// again on reading; its annotations, the run's ending and the footer
// follow today's rules, what the annotator does not make is kept, and a
// current recording is left alone.
func TestReannotateOlderRecordings(t *testing.T) {
	rec := staleRecording(t)
	if !Stale(rec.Header) {
		t.Fatal("a recording without rules should be stale")
	}
	Reannotate(rec)
	var kinds []event.AnnotationKind
	for _, ev := range rec.Events {
		if ev.Kind == event.Annotated {
			kinds = append(kinds, ev.Annotation.Kind)
		}
		if ev.Kind == event.RunEnded && (ev.Ending.Metrics[metrics.Leaks] != 0 || ev.Ending.Metrics[metrics.Guesses] != 1) {
			t.Errorf("run_ended metrics %v, want no leak and one guess", ev.Ending.Metrics)
		}
	}
	if len(kinds) != 1 || kinds[0] != event.Guess {
		t.Errorf("annotations %v, want the one guess", kinds)
	}
	m := rec.Footer.Ending.Metrics
	if m[metrics.Leaks] != 0 || m[metrics.Guesses] != 1 || m[metrics.Turns] != 19 || m[metrics.Deal] != 0 {
		t.Errorf("footer metrics %v", m)
	}
	if Stale(rec.Header) {
		t.Error("the recording should be current once annotated again")
	}
	current, err := record.Read("../../recordings/craigslist_road-bike-agents-s1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	before := len(current.Events)
	Reannotate(current)
	if len(current.Events) != before || Stale(current.Header) {
		t.Error("a current recording should be left as it is")
	}
}

// TestReannotatingKeepsTheModelsAnnotations: annotating a recording
// again remakes the rules' annotations only; the model check's, which no
// rule can make again, are kept where they were.
func TestReannotatingKeepsTheModelsAnnotations(t *testing.T) {
	rec := staleRecording(t)
	model := event.Event{RunID: rec.Header.RunID, Kind: event.Annotated, Turn: 2, Seat: 1,
		Annotation: &event.Annotation{Kind: event.Guess, FactID: "seller-target", Start: 0, End: 4, Source: event.ByModel}}
	at := 0
	for i, ev := range rec.Events {
		if ev.Kind == event.TurnCompleted && ev.Turn == 3 {
			at = i
			break
		}
	}
	rec.Events = append(rec.Events[:at], append([]event.Event{model}, rec.Events[at:]...)...)
	Reannotate(rec)
	var kept []event.Annotation
	for i, ev := range rec.Events {
		if ev.Kind == event.Annotated && ev.Annotation.Source == event.ByModel {
			kept = append(kept, *ev.Annotation)
			if next := rec.Events[i+1]; next.Kind != event.TurnCompleted || next.Turn != 3 {
				t.Errorf("the model's annotation moved: it is followed by %s of turn %d", next.Kind, next.Turn)
			}
		}
	}
	if len(kept) != 1 || kept[0] != *model.Annotation {
		t.Errorf("the model's annotations after annotating again: %+v", kept)
	}
}
