package episodes

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// counted is one row of testdata/count.tsv, made by testdata/count.sh
// with jq and awk from the source files.
type counted struct {
	turns           int
	first           string
	models          string
	scores1, score2 string
}

func readCounts(t *testing.T) map[string]counted {
	t.Helper()
	f, err := os.Open("testdata/count.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]counted{}
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) != 7 {
			t.Fatalf("count.tsv: bad row %q", sc.Text())
		}
		n, err := strconv.Atoi(c[2])
		if err != nil {
			t.Fatal(err)
		}
		out[c[0]+":"+c[1]] = counted{n, c[3], c[4], c[5], c[6]}
	}
	return out
}

// sharedData is the team's folder of real Sotopia episodes.
func sharedData(t testing.TB) string {
	t.Helper()
	return shareddata.Path(t, "sotopia-episodes")
}

// readAll reads every shared episode, failing on any skipped record.
func readAll(t *testing.T) []*Episode {
	t.Helper()
	var eps []*Episode
	err := Walk(context.Background(), []string{sharedData(t)}, func(e *Episode) error {
		eps = append(eps, e)
		return nil
	}, func(p interop.Problem) { t.Errorf("skipped: %v", p) })
	if err != nil {
		t.Fatal(err)
	}
	return eps
}

// scoreString writes an evaluation as count.sh does: the overall, then
// the seven dimensions in Sotopia's order.
func scoreString(ev Evaluation) string {
	parts := []string{strconv.FormatFloat(ev.Overall, 'g', -1, 64)}
	for _, d := range Dimensions {
		parts = append(parts, strconv.FormatFloat(ev.Scores[d], 'g', -1, 64))
	}
	return strings.Join(parts, ",")
}

// Every shared episode reads, none skipped, with the turns, first speaker,
// models and scores that the separate count found.
func TestSharedEpisodesMatchTheCount(t *testing.T) {
	want := readCounts(t)
	eps := readAll(t)
	if len(eps) != 187 || len(want) != 187 {
		t.Fatalf("read %d episodes, counted %d; want 187 (30 sotopia-rl twice, 1 raw, 126 Sotopia-PI)", len(eps), len(want))
	}
	forms := map[Form]int{}
	for _, e := range eps {
		forms[e.Form]++
		rel, _ := filepath.Rel(sharedData(t), e.At.File)
		key := filepath.ToSlash(rel) + ":" + strconv.Itoa(e.At.Line)
		w, ok := want[key]
		if !ok {
			t.Errorf("%s: not in count.tsv", key)
			continue
		}
		if len(e.Turns) != w.turns {
			t.Errorf("%s: %d turns, counted %d", key, len(e.Turns), w.turns)
		}
		if got := e.Agents[firstActing(e)].Name; got != w.first {
			t.Errorf("%s: first to act %q, counted %q", key, got, w.first)
		}
		if e.FirstAgent != e.Turns[0].Agent {
			t.Errorf("%s: FirstAgent %d, but the first turn is agent %d's", key, e.FirstAgent, e.Turns[0].Agent)
		}
		models := "-"
		if e.Models != nil {
			models = strings.Join([]string{e.EvaluatorModel(), e.AgentModel(0), e.AgentModel(1)}, ",")
		}
		if models != w.models {
			t.Errorf("%s: models %s, counted %s", key, models, w.models)
		}
		var scores [2]string
		scores[0], scores[1] = "-", "-"
		for i, ev := range e.Evaluations {
			scores[i] = scoreString(ev)
			if len(ev.Reasoning) != len(Dimensions) {
				t.Errorf("%s: agent %d's reasoning has %d dimensions, want 7", key, i+1, len(ev.Reasoning))
			}
		}
		if scores[0] != w.scores1 || scores[1] != w.score2 {
			t.Errorf("%s: scores %v, counted %s / %s", key, scores, w.scores1, w.score2)
		}
		for i, a := range e.Agents {
			if a.Background == "" || a.Goal == "" {
				t.Errorf("%s: agent %d (%s) has background %q, goal %q", key, i, a.Name, a.Background, a.Goal)
			}
		}
		for i, tr := range e.Turns {
			if (tr.Kind == Leave || tr.Kind == DidNothing) && tr.Text != "" {
				t.Errorf("%s: turn %d (%s) has text %q", key, i, tr.Kind, tr.Text)
			}
			if i > 0 && tr.Agent == e.Turns[i-1].Agent {
				t.Errorf("%s: turns %d and %d are both agent %d's", key, i-1, i, tr.Agent)
			}
		}
	}
	if forms[FormJSONL] != 60 || forms[FormEpisodeLog] != 1 || forms[FormPrompt] != 126 {
		t.Errorf("forms %v", forms)
	}
}

// firstActing is the agent of the first turn in which an agent did
// something.
func firstActing(e *Episode) int {
	for _, t := range e.Turns {
		if t.Kind != DidNothing {
			return t.Agent
		}
	}
	return e.FirstAgent
}
