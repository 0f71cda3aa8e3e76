package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// judgeInput is a folder of two imported episodes with their
// evaluator's scores, agent 1 played by a different model in each.
func judgeInput(t *testing.T) string {
	t.Helper()
	scores := map[string]float64{"believability": 9, "relationship": 2, "knowledge": 7, "secret": 0, "social_rules": 0,
		"financial_and_material_benefits": 0, "goal": 8}
	return importEpisodes(t, []sotopiaEpisode{{pk: "01JUDGE1", models: [2]string{"a", "b"}, scores: [2]map[string]float64{scores, scores}},
		{pk: "01JUDGE2", models: [2]string{"b", "a"}, scores: [2]map[string]float64{scores, scores}}})
}

// recordingsOf is every recording of dir, by name.
func recordingsOf(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files, err := record.Files(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = b
	}
	return out
}

// TestJudgeAfterTheFact: omnigap judge against a loopback model server
// writes a judged copy of each recording under its name, the judge's
// scores and reasoning for both seats in its ending, its calls counted,
// the judge's model, endpoint and prompt hash in its header, the
// imported evaluator's scores kept apart and the originals untouched;
// the folder is not written twice without --resume or --force; --resume
// judges only what is missing or failed; a judge that fails is noted in
// the copy and the command says so.
func TestJudgeAfterTheFact(t *testing.T) {
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	failing := false
	srv.Respond = func(r *llmtest.Request) string {
		switch {
		case !llmtest.Judging(r):
			return llmtest.Default(r)
		case failing:
			return "no scores today"
		}
		return llmtest.VariedJudgement(r)
	}
	in := judgeInput(t)
	before := recordingsOf(t, in)
	out := filepath.Join(t.TempDir(), "judged")
	args := append([]string{"judge", in, "--out", out, "--judge-model", "judge-x"}, modelArgs(srv)...)
	msg, err := omnigap(t, args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, msg)
	}
	if !strings.Contains(msg, "2 of 2 recordings judged into") || srv.Count() != 4 {
		t.Errorf("%d calls for 2 recordings:\n%s", srv.Count(), msg)
	}
	for name, data := range recordingsOf(t, in) {
		if !bytes.Equal(data, before[name]) {
			t.Errorf("%s: the original changed", name)
		}
	}
	copies := recordingsOf(t, out)
	for name := range before {
		if _, ok := copies[name]; !ok {
			t.Fatalf("no copy of %s in %v", name, copies)
		}
		rec, err := record.Read(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		orig, _ := record.Read(filepath.Join(in, name))
		checkJudgedCopy(t, rec, orig, srv.URL)
	}

	if msg, err := omnigap(t, args...); err == nil || !strings.Contains(err.Error(), "already holds 2 files") {
		t.Errorf("judged into a full folder without --resume or --force: %v\n%s", err, msg)
	}
	// One copy gone, one whose judge failed: --resume judges those two.
	names := sortedKeys(before)
	os.Remove(filepath.Join(out, names[0]))
	calls := srv.Count()
	msg, err = omnigap(t, append(args, "--resume")...)
	if err != nil || !strings.Contains(msg, "1 of 2 recordings judged") || !strings.Contains(msg, "1 kept as judged already") || srv.Count() != calls+2 {
		t.Errorf("--resume with one copy gone: %d calls, %v\n%s", srv.Count()-calls, err, msg)
	}
	failing = true
	msg, err = omnigap(t, append(args, "--force")...)
	if err == nil || !strings.Contains(msg, "the judge failed, noted in the copy") || !strings.Contains(msg, "0 of 2 recordings judged") ||
		!strings.Contains(err.Error(), "2 recordings not judged") {
		t.Errorf("a failing judge: %v\n%s", err, msg)
	}
	rec, _ := record.Read(filepath.Join(out, names[0]))
	e := rec.Ending()
	if _, scored := e.Metrics[metrics.JudgeSeatKey(0, "goal")]; e.Notes[metrics.JudgeErrorNote] == "" || scored {
		t.Errorf("the failure is not noted in the copy: %v", e.Notes)
	}
	failing = false
	msg, err = omnigap(t, append(args, "--resume")...)
	if err != nil || !strings.Contains(msg, "2 of 2 recordings judged") {
		t.Errorf("--resume after the failures: %v\n%s", err, msg)
	}
	if msg, err := omnigap(t, append([]string{"judge", in, "--out", in}, modelArgs(srv)...)...); err == nil || !strings.Contains(err.Error(), "never replaces its original") {
		t.Errorf("judged into the originals' folder: %v\n%s", err, msg)
	}
	calls = srv.Count()
	msg, err = omnigap(t, "judge", in, "--dry-run", "--judge-model", "gpt-4o")
	if err != nil || !strings.Contains(msg, "dry run of judging 2 recordings, nothing sent") || !strings.Contains(msg, "judge  gpt-4o      4") || srv.Count() != calls {
		t.Errorf("dry run: %v\n%s", err, msg)
	}
}

// checkJudgedCopy holds a copy to what omnigap judge writes.
func checkJudgedCopy(t *testing.T, rec, orig *record.Recording, url string) {
	t.Helper()
	s := rec.Header.Settings
	if s[llm.SettingJudgeModel] != "judge-x" || s[llm.SettingJudgePromptHash] != llm.JudgePromptHash() || s[llm.SettingJudge] != llm.JudgedAfter ||
		!strings.HasPrefix(url, s[llm.SettingJudgeEndpoint]) || s[llm.SettingJudgeEndpoint] == "" {
		t.Errorf("%s: header settings %v", rec.Path, s)
	}
	end, was := rec.Ending(), orig.Ending()
	for seat := range 2 {
		for _, d := range metrics.JudgeDimensions {
			k := metrics.JudgeSeatKey(seat, d.Key)
			if v, ok := end.Metrics[k]; !ok || v < d.Min || v > d.Max || end.Notes[k] == "" {
				t.Errorf("%s: %s = %v (%v), reasoning %q", rec.Path, k, v, ok, end.Notes[k])
			}
			if ik := metrics.ImportedJudgeSeatKey(seat, d.Key); end.Metrics[ik] != was.Metrics[ik] {
				t.Errorf("%s: the imported %s changed from %v to %v", rec.Path, ik, was.Metrics[ik], end.Metrics[ik])
			}
		}
	}
	if _, ok := was.Metrics[metrics.ImportedJudgeSeatKey(0, "goal")]; !ok {
		t.Errorf("%s: the original has no imported evaluator's score to keep", orig.Path)
	}
	usage := 0
	for _, ev := range rec.Events {
		if ev.Kind == event.UsageReported && ev.Seat == -1 {
			usage++
		}
	}
	if usage != 2 || end.Usage == nil || end.Usage.Prompt == 0 || rec.Footer == nil {
		t.Errorf("%s: %d judge's usage events, usage %+v", rec.Path, usage, end.Usage)
	}
}

func sortedKeys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
