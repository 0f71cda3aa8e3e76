package episodes

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/export"
	"github.com/omnigap/omnigap/engine/interop/cocoa"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/sotopiawire"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// shippedAndHumans are the shipped recordings (SCRIPT, AGENTS and
// MINDREADERS of two scenarios) and a HUMANS one made from a real cocoa
// dialogue.
func shippedAndHumans(t *testing.T) []*record.Recording {
	t.Helper()
	paths, err := filepath.Glob("../../../../recordings/*.jsonl")
	if err != nil || len(paths) < 6 {
		t.Fatalf("shipped recordings: %v %v", paths, err)
	}
	var recs []*record.Recording
	for _, p := range paths {
		r, err := record.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	dialogues, _, err := cocoa.Transcripts(shareddata.Path(t, "cocoa/dealornodeal-val.json"))
	if err != nil {
		t.Fatal(err)
	}
	path, err := dialogues[0].WriteRecording(context.Background(), t.TempDir(), 0, leak.Annotate)
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	return append(recs, r)
}

func exported(t *testing.T, recs []*record.Recording) []sotopiawire.EpisodeLog {
	t.Helper()
	var b bytes.Buffer
	if _, err := export.Sotopia(&b, recs, export.Options{}); err != nil {
		t.Fatal(err)
	}
	var logs []sotopiawire.EpisodeLog
	sc := bufio.NewScanner(&b)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var l sotopiawire.EpisodeLog
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		logs = append(logs, l)
	}
	return logs
}

// turnsOf lists a recording's turns as seat, speaker, kind and words.
func turnsOf(rec *record.Recording) []string {
	var out []string
	for _, ev := range rec.Events {
		if ev.Kind == event.TurnCompleted && ev.Action != nil {
			out = append(out, strings.Join([]string{string(rune('0' + ev.Seat)), ev.Speaker, string(ev.Action.Type), scenario.Tagged(*ev.Action)}, " | "))
		}
	}
	return out
}

// An export to Sotopia of a recording of every mode, imported again,
// plays the same mode, models, first speaker, turns (speakers, kinds,
// words) and scores.
func TestExportImportRoundTrip(t *testing.T) {
	recs := shippedAndHumans(t)
	known := map[string]*scenario.Scenario{}
	for _, r := range recs {
		known[r.Header.Scenario.ID] = r.Header.Scenario
	}
	im := &Importer{Known: func(id string) *scenario.Scenario { return known[id] }}
	logs := exported(t, recs)
	modes := map[view.Mode]bool{}
	dir := t.TempDir()
	var again []*record.Recording
	for i, l := range logs {
		orig := recs[i]
		data, _ := json.Marshal(l)
		e, err := Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", orig.Path, err)
		}
		imp, err := im.Import(e)
		if err != nil {
			t.Fatalf("%s: %v", orig.Path, err)
		}
		path, err := imp.Transcript.WriteRecording(context.Background(), dir, int64(i), leak.Annotate)
		if err != nil {
			t.Fatal(err)
		}
		back, err := record.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		again = append(again, back)
		h, bh := orig.Header, back.Header
		modes[bh.Mode] = true
		if bh.Mode != h.Mode || bh.Backends != h.Backends || bh.Scenario.ID != h.Scenario.ID {
			t.Errorf("%s: came back as %s %v %s, was %s %v %s", orig.Path, bh.Mode, bh.Backends, bh.Scenario.ID, h.Mode, h.Backends, h.Scenario.ID)
		}
		want, got := turnsOf(orig), turnsOf(back)
		if strings.Join(want, "\n") != strings.Join(got, "\n") {
			t.Errorf("%s: turns came back\n%s\nwant\n%s", orig.Path, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if back.Ending() == nil || back.Ending().Turns != orig.Ending().Turns {
			t.Errorf("%s: ending %+v, was %+v", orig.Path, back.Ending(), orig.Ending())
		}
	}
	if len(modes) != 4 {
		t.Errorf("modes %v, want all four", modes)
	}
	for i, l := range exported(t, again) {
		want := logs[i]
		if strings.Join(l.Models[1:], ",") != strings.Join(want.Models[1:], ",") {
			t.Errorf("%s: models %v, want %v", recs[i].Path, l.Models, want.Models)
		}
		a, _ := json.Marshal(l.Rewards)
		b, _ := json.Marshal(want.Rewards)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: rewards %s, want %s", recs[i].Path, a, b)
		}
	}
}

// A Sotopia episode's scores, imported, are what export --format sotopia
// writes again: the evaluator as the first model and each agent's
// dimensions and overall as given.
func TestImportedScoresExportAgain(t *testing.T) {
	f, err := os.Open(filepath.Join(sharedData(t), "sotopia-rl", "example_episodes.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	sc.Scan()
	var src sotopiawire.EpisodeJSONL
	if err := json.Unmarshal(sc.Bytes(), &src); err != nil {
		t.Fatal(err)
	}
	e, err := Decode(sc.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	rec := recorded(t, e)
	l := exported(t, []*record.Recording{rec})[0]
	if l.Models[0] != Unknown {
		t.Errorf("models %v, want the evaluator unknown", l.Models)
	}
	for i, r := range l.Rewards {
		seat := i
		if rec.Header.Scenario.Seats[i].Character.Name != src.AgentsBackground[i].Name {
			seat = 1 - i
		}
		want := src.Rewards[seat]
		if r.Overall != want.Overall {
			t.Errorf("agent %d: overall %v, want %v", i, r.Overall, want.Overall)
		}
		for _, d := range Dimensions {
			if r.Dimensions[d] != want.Dimensions[d] {
				t.Errorf("agent %d: %s %v, want %v", i, d, r.Dimensions[d], want.Dimensions[d])
			}
		}
	}
}

// recorded imports e as the command does and reads back the recording
// the import writes.
func recorded(t *testing.T, e *Episode) *record.Recording {
	t.Helper()
	imp, err := (&Importer{}).Import(e)
	if err != nil {
		t.Fatal(err)
	}
	path, err := imp.Transcript.WriteRecording(context.Background(), t.TempDir(), 1, imp.Annotate)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}
