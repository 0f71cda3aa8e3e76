package episodes

import (
	"context"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/engine/interop/sotopia/origin"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// Every shared episode imports, none skipped, as a recording whose turns,
// first speaker, models and imported scores are those of the separate
// count; with the profiles and without. The 30 sotopia-rl episodes are
// in both its files (with and without a scores field): each is imported
// once, from the file read first, with a note naming both.
func TestSharedEpisodesImport(t *testing.T) {
	want := readCounts(t)
	profiles, err := sotopia.Read(shareddata.Path(t, "sotopia"))
	if err != nil {
		t.Fatal(err)
	}
	const twice = 30
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
		var said strings.Builder
		a := interop.NewAccount(&said, out, interop.Recordings)
		err = im.Write(context.Background(), []string{sharedData(t)}, dir, a)
		dir.Close()
		if err != nil {
			t.Fatal(err)
		}
		notes, named := 0, 0
		for _, line := range strings.Split(said.String(), "\n") {
			switch {
			case strings.HasPrefix(line, "skipped: "):
				t.Errorf("%s", line)
			case strings.Contains(line, ": model custom_model named "):
				named++
			case strings.HasPrefix(line, "note: ") && !strings.HasPrefix(line, "note: episode "):
				notes++
			}
		}
		episodes := episodesAt(t, sharedData(t))
		for _, f := range a.Files() {
			checkRecording(t, filepath.Join(out, f.Name), episodes[f.From], want)
		}
		for _, r := range a.Repeats() {
			if filepath.Base(r.First.File) != "example_episodes.jsonl" || filepath.Base(r.Second.File) != "example_episodes_with_scores.jsonl" ||
				r.First.Line != r.Second.Line || r.Before || r.Replaced != "" {
				t.Errorf("repeat %+v", r)
			}
		}
		if n, repeats := len(a.Files()), len(a.Repeats()); n != len(want)-twice || repeats != twice {
			t.Errorf("profiles %v: %d recordings and %d repeats, want %d and %d", withProfiles, n, repeats, len(want)-twice, twice)
		}
		// With the profiles, only the episodes whose environment they
		// lack (the Diplomacy one) or cannot tell (a codename two
		// environments share) are made from their own text. Each of the
		// four Sotopia-PI models its files call custom_model is named
		// once.
		if withProfiles && notes != 2 || !withProfiles && notes != 0 || named != 4 {
			t.Errorf("profiles %v: %d notes, %d of naming", withProfiles, notes, named)
		}
	}
}

// episodesAt reads every episode under dir, by where it is.
func episodesAt(t *testing.T, dir string) map[interop.Position]*Episode {
	t.Helper()
	out := map[interop.Position]*Episode{}
	err := Walk(context.Background(), []string{dir}, func(e *Episode) error {
		out[e.At] = e
		return nil
	}, func(p interop.Problem) { t.Errorf("skipped: %v", p) })
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func checkRecording(t *testing.T, path string, e *Episode, want map[string]counted) {
	t.Helper()
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
	src := rec.Header.Source
	if src == nil || src.Format != origin.FormatPrefix+string(e.Form) || src.File != e.At.File || src.Episode != e.PK || src.Tag != e.Tag ||
		!slices.Equal(src.Models, e.Models) || !slices.Equal(src.Agents, []string{e.Agents[0].Name, e.Agents[1].Name}) {
		t.Errorf("%s: source %+v", key, src)
	}
	// Sotopia-PI's files call every model it served custom_model; the
	// folders name the pairings.
	if slices.Contains(e.Models, "custom_model") {
		named := map[string]string{"GPT3.5-BC": "sotopia-pi-bc", "GPT3.5-SR": "sotopia-pi-sr", "GPT3.5-BC-SR": "sotopia-pi-bc+sr",
			"GPT3.5-MistralInstruct": "mistral-7b-instruct"}[filepath.Base(filepath.Dir(e.At.File))]
		if b := rec.Header.Backends; named == "" || !slices.Contains(b[:], named) || !slices.Contains(b[:], "gpt-3.5-turbo") {
			t.Errorf("%s: seats played by %v", key, b)
		}
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

// The environment's comment is the ending's summary without the "; "
// Sotopia's evaluator leaves after it, so what follows it reads once.
func TestEndingSaysTheCommentOnce(t *testing.T) {
	for comment, want := range map[string]string{
		"terminated: The conversation stales for too long; ": "ended as recorded: terminated: The conversation stales for too long",
		"Agent 1 is leaving;":                                "ended as recorded: Agent 1 is leaving",
		"":                                                   "ended as recorded",
		"; ":                                                 "ended as recorded",
	} {
		e := &Episode{EnvironmentComment: comment, Turns: []Turn{{Kind: Speak, Text: "hello"}}}
		if got := endingOf(e).Outcome.Summary; got != want {
			t.Errorf("%q: %q, want %q", comment, got, want)
		}
	}
}
