package episodes

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/sotopia/origin"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/safefile"
)

// jsonlEpisode is an episodes_to_jsonl line of a short episode written
// here: id, tag and models as given (nil: none), with the evaluator's
// scores or without.
func jsonlEpisode(t *testing.T, id, tag string, models []string, scored bool) string {
	t.Helper()
	r := map[string]any{
		"episode_id": id, "experiment_tag": tag, "codename": "shared_ladder",
		"scenario": "Two neighbours meet in the stairwell of their building.",
		"agents_background": map[string]string{
			"Ana Ruiz": "Ana Ruiz is a 41-year-old carpenter. Secret: she once broke a borrowed drill.",
			"Ben Cole": "Ben Cole is a 35-year-old nurse. Secret: he sleeps through his alarms.",
		},
		"social_goals": map[string]string{
			"Ana Ruiz": "Borrow the ladder <extra_info>You need it before Saturday.</extra_info>",
			"Ben Cole": "Lend the ladder only if it comes back clean",
		},
		"social_interactions": "Ana Ruiz said: \"Could I borrow your ladder this week?\"\n\n" +
			"Ben Cole said: \"Yes, if it comes back clean.\"\n\nAna Ruiz left the conversation",
		"reasoning": "",
	}
	if models != nil {
		r["experiment_model_name_pairs"] = models
	}
	if scored {
		r["rewards"] = []any{[]any{3.0, map[string]float64{"goal": 8}}, []any{2.0, map[string]float64{"goal": 6}}}
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// importing is what an import into a folder told.
type importing struct {
	wrote   []string
	repeats []interop.Repeat
}

func importInto(t *testing.T, im *Importer, out string, paths ...string) importing {
	t.Helper()
	dir, err := safefile.OpenDir(out, safefile.Policy{Replace: im.Again})
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Close()
	var said strings.Builder
	a := interop.NewAccount(&said, out, interop.Recordings)
	if err := im.Write(context.Background(), paths, dir, a); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(said.String(), "skipped: ") {
		t.Errorf("the import skipped:\n%s", said.String())
	}
	got := importing{repeats: a.Repeats()}
	for _, f := range a.Files() {
		got.wrote = append(got.wrote, f.Name)
	}
	return got
}

// recordingsIn reads every recording in dir.
func recordingsIn(t *testing.T, dir string) []*record.Recording {
	t.Helper()
	files, err := record.Files(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []*record.Recording
	for _, f := range files {
		rec, err := record.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rec)
	}
	return out
}

// One episode in two files is imported once, with a repeat naming both
// files: the copy with the evaluator's scores, whichever file it is in
// (the first copy's recording is replaced when the scores come second);
// the first copy when both or neither have them. Episodes without an id
// are never taken for one another.
func TestEpisodeFoundTwiceImportedOnce(t *testing.T) {
	for _, c := range []struct {
		name           string
		first, second  bool // scored
		wantFrom       string
		wantReplaced   bool
		wantJudgeScore bool
	}{
		{"scores second", false, true, "b.jsonl", true, true},
		{"scores first", true, false, "a.jsonl", false, true},
		{"both scored", true, true, "a.jsonl", false, true},
		{"neither scored", false, false, "a.jsonl", false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			in, out := t.TempDir(), t.TempDir()
			a := writeFile(t, in, "a.jsonl", jsonlEpisode(t, "ep-1", "x", nil, c.first)+"\n")
			b := writeFile(t, in, "b.jsonl", jsonlEpisode(t, "ep-2", "x", nil, true)+"\n"+jsonlEpisode(t, "ep-1", "x", nil, c.second)+"\n")
			got := importInto(t, &Importer{}, out, a, b)
			if len(got.wrote) != 2 || len(got.repeats) != 1 {
				t.Fatalf("wrote %v, repeats %+v", got.wrote, got.repeats)
			}
			r := got.repeats[0]
			if r.Episode != "ep-1" || r.First.File != a || r.Second.File != b || r.Second.Line != 2 || (r.Replaced != "") != c.wantReplaced {
				t.Errorf("repeat %+v", r)
			}
			note := r.String()
			if !strings.Contains(note, a+":1") || !strings.Contains(note, b+":2") || !strings.Contains(note, "imported once, from "+filepath.Join(in, c.wantFrom)) {
				t.Errorf("note %q", note)
			}
			recs := recordingsIn(t, out)
			if len(recs) != 2 {
				t.Fatalf("%d recordings in the folder", len(recs))
			}
			for _, rec := range recs {
				src := rec.Header.Source
				if src.Episode != "ep-1" {
					continue
				}
				if filepath.Base(src.File) != c.wantFrom {
					t.Errorf("ep-1 recorded from %s, want %s", src.File, c.wantFrom)
				}
				if _, ok := rec.Ending().Metrics[metrics.ImportedJudgeSeatKey(0, "goal")]; ok != c.wantJudgeScore {
					t.Errorf("ep-1's recording has the evaluator's scores: %v", ok)
				}
			}
		})
	}
	in, out := t.TempDir(), t.TempDir()
	same := writeFile(t, in, "same.jsonl", jsonlEpisode(t, "", "x", nil, true)+"\n"+jsonlEpisode(t, "", "x", nil, true)+"\n")
	if got := importInto(t, &Importer{}, out, same); len(got.wrote) != 2 || len(got.repeats) != 0 {
		t.Errorf("two episodes without an id: wrote %v, repeats %+v", got.wrote, got.repeats)
	}
}

// An episode already in the folder, as its recording's header names it,
// is kept when imported again, and the repeat names the recording and
// the file it came from; with Again (--force) it is imported again in
// that recording's place, even under another name (another mode).
func TestEpisodeAlreadyInTheFolder(t *testing.T) {
	in, out := t.TempDir(), t.TempDir()
	a := writeFile(t, in, "a.jsonl", jsonlEpisode(t, "ep-1", "x", nil, false)+"\n")
	b := writeFile(t, in, "b.jsonl", jsonlEpisode(t, "ep-1", "x_script", nil, true)+"\n")
	first := importInto(t, &Importer{}, out, a)
	if len(first.wrote) != 1 {
		t.Fatalf("wrote %v", first.wrote)
	}
	got := importInto(t, &Importer{}, out, b)
	if len(got.wrote) != 0 || len(got.repeats) != 1 {
		t.Fatalf("again: wrote %v, repeats %+v", got.wrote, got.repeats)
	}
	r := got.repeats[0]
	if !r.Before || r.Replaced != "" || r.Recording != first.wrote[0] || r.First.File != a || r.Second.File != b ||
		!strings.Contains(r.String(), "already in the folder as "+first.wrote[0]) || !strings.Contains(r.String(), "(imported from "+a+")") {
		t.Errorf("repeat %+v: %s", r, r)
	}
	got = importInto(t, &Importer{Again: true}, out, b)
	if len(got.wrote) != 1 || len(got.repeats) != 1 || got.repeats[0].Replaced != first.wrote[0] || got.wrote[0] == first.wrote[0] {
		t.Fatalf("with Again: wrote %v, repeats %+v", got.wrote, got.repeats)
	}
	recs := recordingsIn(t, out)
	if len(recs) != 1 || recs[0].Header.Source.File != b || recs[0].Header.Mode != "script" {
		t.Errorf("%d recordings; the one left is from %s", len(recs), recs[0].Header.Source.File)
	}
}

// A recording imported before its header named the source still tells
// the episode's form and id, from its ending's note.
func TestSourceOfAnOlderRecording(t *testing.T) {
	in, out := t.TempDir(), t.TempDir()
	a := writeFile(t, in, "a.jsonl", jsonlEpisode(t, "ep-1", "x", nil, true)+"\n")
	got := importInto(t, &Importer{}, out, a)
	path := filepath.Join(out, got.wrote[0])
	rec, err := record.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	want := record.Source{Format: "sotopia/episodes_to_jsonl", File: a, Episode: "ep-1", Tag: "x"}
	if src := origin.SourceOf(rec); src == nil || src.Format != want.Format || src.File != want.File || src.Episode != want.Episode || src.Tag != want.Tag {
		t.Fatalf("source %+v, want %+v", src, want)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	header, rest, _ := strings.Cut(string(data), "\n")
	var h map[string]json.RawMessage
	if err := json.Unmarshal([]byte(header), &h); err != nil {
		t.Fatal(err)
	}
	delete(h, "source")
	older, _ := json.Marshal(h)
	if err := os.WriteFile(path, []byte(string(older)+"\n"+rest), 0o644); err != nil {
		t.Fatal(err)
	}
	if rec, err = record.Read(path); err != nil || rec.Header.Source != nil {
		t.Fatalf("older recording: %v, source %+v", err, rec.Header.Source)
	}
	if src := origin.SourceOf(rec); src == nil || !reflect.DeepEqual(*src, record.Source{Format: want.Format, Episode: want.Episode}) {
		t.Errorf("older recording's source %+v", src)
	}
}
