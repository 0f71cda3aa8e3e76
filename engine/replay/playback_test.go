package replay_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/llm"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/replay"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// recordModelRun records an AGENTS run against the loopback server, with
// the model's reasoning and a person taking seat 1 over for its first
// turn, then handing it back, and returns the recording's path.
func recordModelRun(t *testing.T) string {
	t.Helper()
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	srv.Think = func(*llmtest.Request) string { return "Start high, concede slowly." }
	sc, err := library.Resolve("craigslist/road-bike", 1)
	if err != nil {
		t.Fatal(err)
	}
	sc.MaxTurns = 8
	factory := llm.NewFactory(config.Config{Endpoints: []config.Endpoint{{URL: srv.URL}}, Model: "loopback", MaxTokens: 300})
	control := run.NewController(0)
	person := human.New()
	control.TakeOver(1, person)
	live, err := episode.Start(context.Background(), episode.Spec{Scenario: sc, Mode: view.Agents, Seed: 1, Factory: factory,
		Annotate: leak.Annotate, RecordDir: t.TempDir(), Buffer: 16, Control: control})
	if err != nil {
		t.Fatal(err)
	}
	for ev := range live.Events {
		switch {
		case ev.Kind == event.TurnStarted && ev.Backend == human.Name:
			// The person gives away their limit: an annotation.
			limit := scenario.Money(craigslist.ListingOf(sc).Buyer.Bottomline)
			person.Submit(event.Action{Type: event.Speak, Text: "Honestly, " + limit + " is the most I can pay."})
		case ev.Kind == event.TurnCompleted && ev.Backend == human.Name:
			control.HandBack(1)
		}
	}
	if _, err := live.Wait(); err != nil {
		t.Fatal(err)
	}
	return live.Recording
}

// replayed plays path back at once and returns its events; with dir set
// the replay is recorded there too.
func replayed(t *testing.T, path, dir string) ([]event.Event, *episode.Live) {
	t.Helper()
	set, err := replay.Open(context.Background(), []string{path})
	if err != nil {
		t.Fatal(err)
	}
	set.SetSpeed(0)
	live, err := episode.Start(context.Background(), episode.Spec{Scenario: set.Scenario, Mode: set.Modes[0], Seed: 1,
		Factory: set, Annotate: leak.Annotate, RecordDir: dir, Buffer: 16})
	if err != nil {
		t.Fatal(err)
	}
	var evs []event.Event
	for ev := range live.Events {
		evs = append(evs, ev)
	}
	if _, err := live.Wait(); err != nil {
		t.Fatal(err)
	}
	return evs, live
}

// asRecorded is an event without what belongs to one playing of it: the
// run id, the sequence number and the time.
func asRecorded(ev event.Event) event.Event {
	ev.RunID, ev.Seq, ev.At = "", 0, 0
	return ev
}

// sameEvents compares two runs' events one by one.
func sameEvents(t *testing.T, what string, want, got []event.Event) {
	t.Helper()
	for i := range max(len(want), len(got)) {
		if i >= len(want) || i >= len(got) {
			t.Fatalf("%s: %d events, recorded %d", what, len(got), len(want))
		}
		if w, g := asRecorded(want[i]), asRecorded(got[i]); !reflect.DeepEqual(w, g) {
			t.Fatalf("%s: event %d is\n%+v\nrecorded\n%+v", what, i+1, g, w)
		}
	}
}

// TestReplayIsTheRecording: a replay of a recorded model run sends the
// recorded events, one by one: the same kinds, turns, seats, backends,
// usage, reasoning, take-over and hand-back, annotations and ending. A
// replay recorded with --record is the same run again.
func TestReplayIsTheRecording(t *testing.T) {
	path := recordModelRun(t)
	rec, err := record.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	var usage event.Usage
	count := map[event.Kind]int{}
	backends := map[string]bool{}
	for _, ev := range rec.Events {
		count[ev.Kind]++
		if ev.Usage != nil {
			usage.Add(*ev.Usage)
		}
		if ev.Kind == event.TurnCompleted {
			backends[ev.Backend] = true
		}
	}
	// The recording has what a replay used to lose.
	if count[event.UsageReported] < 4 || usage.Prompt == 0 || count[event.Reasoning] == 0 || count[event.Control] != 2 ||
		!backends[human.Name] || len(backends) != 2 || count[event.Annotated] == 0 {
		t.Fatalf("the recorded run lacks something to compare: %v, usage %+v, backends %v", count, usage, backends)
	}

	evs, live := replayed(t, path, t.TempDir())
	sameEvents(t, "replay", rec.Events, evs)
	last := evs[len(evs)-1]
	if last.Kind != event.RunEnded || !reflect.DeepEqual(last.Ending, rec.Footer.Ending) || *last.Ending.Usage != usage {
		t.Fatalf("replay ends %+v, footer %+v", last.Ending, rec.Footer.Ending)
	}
	if live.Backends[0] != "replay:openai:loopback" {
		t.Errorf("replayed backends %v", live.Backends)
	}

	again, err := record.Read(live.Recording)
	if err != nil {
		t.Fatal(err)
	}
	sameEvents(t, "recorded replay", rec.Events, again.Events)
	if !reflect.DeepEqual(again.Footer, rec.Footer) {
		t.Errorf("recorded replay's footer %+v, want %+v", again.Footer, rec.Footer)
	}
	if rec.Header.Settings["endpoint"] == "" || !reflect.DeepEqual(again.Header.Settings, rec.Header.Settings) {
		t.Errorf("recorded replay's settings %v, want the recording's %v", again.Header.Settings, rec.Header.Settings)
	}
}

// TestReplayOfACutRecordingEndsWhereItStops: a torn recording plays its
// complete lines and ends as canceled, saying where it stops; a line that
// cannot be read ends the replay with an error naming file, line and
// field.
func TestReplayOfACutRecordingEndsWhereItStops(t *testing.T) {
	path := recordModelRun(t)
	data := readFile(t, path)
	lines := strings.SplitAfter(data, "\n")
	cut := writeFile(t, "cut.jsonl", strings.Join(lines[:6], "")+lines[6][:10])
	evs, live := replayed(t, cut, "")
	if len(evs) != 5+1 {
		t.Fatalf("%d events from 5 complete event lines", len(evs))
	}
	end, _ := live.Wait()
	if end.Reason != event.Canceled || !strings.Contains(end.Outcome.Summary, "ends at line 6; the line after it was cut off") {
		t.Fatalf("ending %+v", end)
	}

	lines[7] = strings.Replace(lines[7], `"seat":`, `"seat":7,"x":`, 1)
	bad := writeFile(t, "bad.jsonl", strings.Join(lines, ""))
	set, err := replay.Open(context.Background(), []string{bad})
	if err != nil {
		t.Fatal(err)
	}
	live, err = episode.Start(context.Background(), episode.Spec{Scenario: set.Scenario, Mode: set.Modes[0], Factory: set, Buffer: 16})
	if err != nil {
		t.Fatal(err)
	}
	var errs []string
	for ev := range live.Events {
		if ev.Kind == event.Error {
			errs = append(errs, ev.Error)
		}
	}
	end, err = live.Wait()
	if err == nil || !strings.HasPrefix(err.Error(), bad+":8: seat: ") || end.Reason != event.Failed || len(errs) != 1 || errs[0] != err.Error() {
		t.Fatalf("error %v, ending %+v, error events %q", err, end, errs)
	}
}

// TestReplayAnnotatesOlderRecordingsAgain: a recording of older rules
// (here the shipped AGENTS one with its guess turned back into the leak
// older rules called it) replays with today's annotations and metrics,
// and a recorded replay of it is current.
func TestReplayAnnotatesOlderRecordingsAgain(t *testing.T) {
	current := readFile(t, "../../recordings/craigslist_road-bike-agents-s1.jsonl")
	rules := fmt.Sprintf(`,"rules":%d`, event.AnnotationRules)
	old := strings.NewReplacer(rules, ``, `"kind":"guess"`, `"kind":"leak"`, `"guesses":1,"leaks":0`, `"leaks":1`).Replace(current)
	if old == current {
		t.Fatal("the shipped recording no longer has the guess this test turns back into a leak")
	}
	dir := t.TempDir()
	evs, live := replayed(t, writeFile(t, "old.jsonl", old), dir)
	var kinds []event.AnnotationKind
	for _, ev := range evs {
		if ev.Kind == event.Annotated {
			kinds = append(kinds, ev.Annotation.Kind)
		}
		if ev.Kind == event.RunEnded && (ev.Ending.Metrics["leaks"] != 0 || ev.Ending.Metrics["guesses"] != 1) {
			t.Errorf("the replay ends with metrics %v, want no leak and one guess", ev.Ending.Metrics)
		}
	}
	if !reflect.DeepEqual(kinds, []event.AnnotationKind{event.Guess}) {
		t.Errorf("replayed annotations %v, want the one guess", kinds)
	}
	rec, err := record.Read(live.Recording)
	if err != nil {
		t.Fatal(err)
	}
	if leak.Stale(rec.Header) {
		t.Error("the recorded replay should carry today's rules")
	}
}
