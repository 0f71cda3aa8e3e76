package record

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

func sample() *scenario.Scenario {
	sc, err := scenario.Parse("bike.yaml", []byte(`id: t/bike
title: Bike
family: craigslist
setting: A bike.
relationship: strangers
seats:
  - {role: seller, character: {name: Ana, goal: sell}}
  - {role: buyer, character: {name: Ben, goal: buy}}
craigslist: {item: bike, listing_price: 500, seller: {target: 480, bottomline: 400}, buyer: {target: 350, bottomline: 430}}
`))
	if err != nil {
		panic(err)
	}
	return sc
}

// offer is an offer of price, its argument typed by the family that
// registered "price" (this package cannot import the families).
func offer(text string, price float64) *event.Action {
	var a event.Action
	if err := json.Unmarshal(fmt.Appendf(nil, `{"type":"offer","text":%q,"price":%g}`, text, price), &a); err != nil || a.Arg == nil {
		panic(fmt.Sprint("no price registered: ", err))
	}
	return &a
}

func writeSample(t *testing.T) (string, []event.Event) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "run.jsonl")
	w, err := Create(path, Header{RunID: "r1", Scenario: sample(), Mode: view.Agents, Backends: [2]string{"builtin", "builtin"}, Seed: 7, Started: time.Unix(0, 0).UTC()})
	if err != nil {
		t.Fatal(err)
	}
	evs := []event.Event{
		{RunID: "r1", Seq: 1, Kind: event.RunStarted, Seat: -1},
		{RunID: "r1", Seq: 2, Kind: event.TurnStarted, Turn: 1, Speaker: "Ana"},
		{RunID: "r1", Seq: 3, Kind: event.Delta, Turn: 1, Delta: "Hi \x1b]52;c;eA==\x07there"},
		{RunID: "r1", Seq: 4, Kind: event.TurnCompleted, Turn: 1, Action: offer("480?", 480)},
	}
	for _, ev := range evs {
		if err := w.Event(ev); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(&event.Ending{Reason: event.TurnLimit, Turns: 1}); err != nil {
		t.Fatal(err)
	}
	return path, evs
}

func TestRoundTrip(t *testing.T) {
	path, evs := writeSample(t)
	rec, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Header.Format != FormatVersion || rec.Header.App == "" || rec.Header.Seed != 7 || rec.Header.Mode != view.Agents {
		t.Fatalf("header %+v", rec.Header)
	}
	if len(rec.Header.Scenario.Facts()) != len(sample().Facts()) {
		t.Fatalf("scenario facts not restored: %d", len(rec.Header.Scenario.Facts()))
	}
	if len(rec.Events) != len(evs) || rec.Events[2].Delta != evs[2].Delta || !reflect.DeepEqual(rec.Events[3].Action, evs[3].Action) || rec.Events[3].Action.Arg.Label() != "$480" {
		t.Fatalf("events %+v", rec.Events)
	}
	if rec.Footer == nil || rec.Ending().Reason != event.TurnLimit || rec.Torn {
		t.Fatalf("footer %+v torn %v", rec.Footer, rec.Torn)
	}
}

func TestTornLastLineIsTolerated(t *testing.T) {
	path, _ := writeSample(t)
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	// Drop the footer and cut the last event in half, as a crash would.
	cut := strings.Join(lines[:len(lines)-3], "") + lines[len(lines)-3][:20]
	if err := os.WriteFile(path, []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	rec, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Torn || rec.Footer != nil || len(rec.Events) != 3 || rec.Lines != 4 {
		t.Fatalf("torn %v footer %v events %d lines %d", rec.Torn, rec.Footer, len(rec.Events), rec.Lines)
	}
	if note := rec.EndNote(); !strings.Contains(note, "ends at line 4") {
		t.Fatalf("note %q", note)
	}
}

func TestCorruptLineNamesFileAndLine(t *testing.T) {
	path, _ := writeSample(t)
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	lines[2] = "{not json\n"
	os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644)
	_, err := Read(path)
	if err == nil || !strings.Contains(err.Error(), path+":3:") {
		t.Fatalf("error %v", err)
	}
}

func TestHeaderChecks(t *testing.T) {
	cases := map[string]string{
		`{"kind":"turn_started"}` + "\n":                                            "first line must be the header",
		`{"kind":"header","format":9,"scenario":{}}` + "\n":                         "version 9 is not supported",
		`{"kind":"header","format":1}` + "\n":                                       "missing from header",
		`{"kind":"header","format":1,"scenario":{"id":"x","family":"nope"}}` + "\n": "family",
		"": "empty recording",
	}
	for in, want := range cases {
		_, err := Decode("r.jsonl", strings.NewReader(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", in, err, want)
		}
	}
}

func TestCreateRefusesToOverwrite(t *testing.T) {
	path, _ := writeSample(t)
	if _, err := Create(path, Header{Scenario: sample()}); err == nil {
		t.Fatal("overwrote a recording")
	}
}

// A line waits in the writer's buffer at most FlushDelay: a run that stops
// on a slow model call (or a crash) has its turns so far on disk.
func TestLinesReachTheFileWithinFlushDelay(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	w, err := Create(path, Header{RunID: "r1", Scenario: sample(), Mode: view.Agents, Backends: [2]string{"builtin", "builtin"}})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close(nil)
	written := time.Now()
	if err := w.Event(event.Event{RunID: "r1", Seq: 1, Kind: event.TurnCompleted, Turn: 1, Action: &event.Action{Type: event.Speak, Text: "hello"}}); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(10 * FlushDelay)
	tick := time.NewTicker(FlushDelay / 10)
	defer tick.Stop()
	for {
		if data, _ := os.ReadFile(path); strings.Contains(string(data), `"text":"hello"`) {
			break
		}
		select {
		case <-deadline:
			t.Fatalf("the line is not in the file %v after it was written", 10*FlushDelay)
		case <-tick.C:
		}
	}
	t.Logf("on disk after %v", time.Since(written).Round(time.Millisecond))
}

// FlushAll writes every open recording's buffered lines at once, as a
// second ctrl-c does before the process ends.
func TestFlushAllWritesBufferedLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	w, err := Create(path, Header{RunID: "r1", Scenario: sample(), Mode: view.Agents, Backends: [2]string{"builtin", "builtin"}})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close(nil)
	if err := w.Event(event.Event{RunID: "r1", Seq: 1, Kind: event.TurnCompleted, Turn: 1, Action: &event.Action{Type: event.Speak, Text: "hello"}}); err != nil {
		t.Fatal(err)
	}
	FlushAll()
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), `"text":"hello"`) {
		t.Fatalf("the line is not in the file after FlushAll:\n%s", data)
	}
}
