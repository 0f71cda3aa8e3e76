package episodes

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// Every shared episode imports, none skipped, as a recording whose turns,
// first speaker, models and imported scores are those of the separate
// count; with the profiles and without.
func TestSharedEpisodesImport(t *testing.T) {
	want := readCounts(t)
	profiles, err := sotopia.Read(shareddata.Path(t, "sotopia"))
	if err != nil {
		t.Fatal(err)
	}
	for _, withProfiles := range []bool{false, true} {
		im := &Importer{}
		if withProfiles {
			im.Profiles = profiles
		}
		out := t.TempDir()
		dir, err := safefile.OpenDir(out, safefile.Policy{})
		if err != nil {
			t.Fatal(err)
		}
		n, notes := 0, 0
		err = im.Write(context.Background(), []string{sharedData(t)}, dir, Progress{
			Skipped: func(p interop.Problem) { t.Errorf("skipped: %v", p) },
			Noted:   func(interop.Position, string) { notes++ },
			Wrote: func(name string, imp *Imported) {
				n++
				checkRecording(t, filepath.Join(out, name), imp, want)
			},
		})
		dir.Close()
		if err != nil {
			t.Fatal(err)
		}
		if n != len(want) {
			t.Errorf("profiles %v: %d recordings, want %d", withProfiles, n, len(want))
		}
		// With the profiles, only the episodes whose environment they
		// lack (the Diplomacy one) or cannot tell (a codename two
		// environments share) are made from their own text.
		if withProfiles && notes != 3 || !withProfiles && notes != 0 {
			t.Errorf("profiles %v: %d notes", withProfiles, notes)
		}
	}
}

func checkRecording(t *testing.T, path string, imp *Imported, want map[string]counted) {
	t.Helper()
	e := imp.Episode
	rel, _ := filepath.Rel(sharedData(t), e.At.File)
	key := filepath.ToSlash(rel) + ":" + strconv.Itoa(e.At.Line)
	w := want[key]
	rec, err := record.Read(path)
	if err != nil {
		t.Errorf("%s: %v", key, err)
		return
	}
	var speakers []string
	for _, ev := range rec.Events {
		if ev.Kind == event.TurnCompleted && ev.Action != nil {
			speakers = append(speakers, ev.Speaker)
		}
	}
	if first := firstDoing(rec); first != w.first {
		t.Errorf("%s: first to act %q, counted %q", key, first, w.first)
	}
	if len(speakers) != w.turns || rec.Ending().Turns != w.turns {
		t.Errorf("%s: %d turns recorded, counted %d", key, len(speakers), w.turns)
	}
	models := "-"
	if e.Models != nil {
		models = e.EvaluatorModel() + "," + e.AgentModel(0) + "," + e.AgentModel(1)
	}
	if models != w.models {
		t.Errorf("%s: models %s, counted %s", key, models, w.models)
	}
	// No shared episode's tag has a word script or mindreaders.
	if h := rec.Header; h.Mode != view.Agents {
		t.Errorf("%s: mode %s", key, h.Mode)
	}
	end := rec.Ending()
	if w.scores1 != "-" {
		for i, s := range []string{w.scores1, w.score2} {
			seat := 0
			if rec.Header.Scenario.Seats[1].Character.Name == e.Agents[i].Name {
				seat = 1
			}
			got := strconv.FormatFloat(end.Metrics[metrics.ImportedJudgeSeatKey(seat, "overall")], 'g', -1, 64)
			for _, d := range Dimensions {
				got += "," + strconv.FormatFloat(end.Metrics[metrics.ImportedJudgeSeatKey(seat, d)], 'g', -1, 64)
			}
			if got != s {
				t.Errorf("%s: agent %d's imported scores %s, counted %s", key, i+1, got, s)
			}
		}
		if src := end.Notes[metrics.ImportedJudgeNote]; !strings.HasPrefix(src, "imported, ") {
			t.Errorf("%s: the imported scores' source note is %q", key, src)
		}
		for k := range end.Metrics {
			if strings.HasPrefix(k, "judge.") {
				t.Errorf("%s: imported scores mixed into omnigap's judge (%s)", key, k)
			}
		}
	}
}

// firstDoing is the speaker of the recording's first turn that is not
// doing nothing.
func firstDoing(rec *record.Recording) string {
	for _, ev := range rec.Events {
		if ev.Kind == event.TurnCompleted && ev.Action != nil && ev.Action.Type != event.None {
			return ev.Speaker
		}
	}
	return ""
}
