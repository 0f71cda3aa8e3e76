package episodes

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/interop"
)

// A small EpisodeLog in Sotopia's shape, written here.
const smallLog = `{"pk":"ep1","environment":"env1","agents":["a1","a2"],"tag":"demo","models":["judge-m","m1","m2"],` +
	`"messages":[[["Environment","Ann Lee","ctx A"],["Environment","Bo Kim","ctx B"],["Ann Lee","Environment","said: \"Hello \"there\"\""],["Bo Kim","Environment","did nothing"]],` +
	`[["Environment","Ann Lee","Turn #0: ..."],["Ann Lee","Environment","did nothing"],["Bo Kim","Environment","[non-verbal communication] waves"]],` +
	`[["Ann Lee","Environment","did nothing"],["Bo Kim","Environment","did nothing"]],` +
	`[["Ann Lee","Environment","did nothing"],["Bo Kim","Environment","[action] sits down"]],` +
	`[["Ann Lee","Environment","left the conversation"],["Bo Kim","Environment","did nothing"]],` +
	`[["Environment","Ann Lee","Turn #4: Ann Lee left the conversation"]]],` +
	`"reasoning":"Environment comments: terminated: Agent 1 is leaving; \nAgent 1 comments:\ngoal: Ann met it.\nShe said hello.\nsecret: kept\nAgent 2 comments:\ngoal: Bo waved.",` +
	`"rewards":[[2.5,{"goal":5.0,"secret":0.0,"overall_score":2.5}],1.0],"rewards_prompt":""}`

func writeFile(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func collect(t *testing.T, paths ...string) ([]*Episode, []interop.Problem) {
	t.Helper()
	var eps []*Episode
	var probs []interop.Problem
	err := Walk(context.Background(), paths, func(e *Episode) error {
		eps = append(eps, e)
		return nil
	}, func(p interop.Problem) { probs = append(probs, p) })
	if err != nil {
		t.Fatal(err)
	}
	return eps, probs
}

// A raw EpisodeLog reads as is and JSON-encoded as a string, one per file
// or one per line, with its turns, kinds, agents and scores.
func TestEpisodeLogReads(t *testing.T) {
	dir := t.TempDir()
	quoted, _ := json.Marshal(smallLog)
	writeFile(t, dir, "a.json", smallLog)
	writeFile(t, dir, "b.json", string(quoted))
	writeFile(t, dir, "c.jsonl", smallLog+"\n\n"+string(quoted)+"\n")
	eps, probs := collect(t, dir)
	if len(probs) != 0 || len(eps) != 4 {
		t.Fatalf("%d episodes, problems %v", len(eps), probs)
	}
	for _, e := range eps {
		var kinds []string
		for _, tr := range e.Turns {
			kinds = append(kinds, e.Agents[tr.Agent].Name+" "+string(tr.Kind)+" "+tr.Text)
		}
		want := []string{`Ann Lee speak Hello "there"`, "Bo Kim non-verbal communication waves", "Ann Lee none ", "Bo Kim action sits down", "Ann Lee leave "}
		if strings.Join(kinds, "|") != strings.Join(want, "|") {
			t.Errorf("%s: turns\n%q\nwant\n%q", e.At, kinds, want)
		}
		if e.Agents[0].PK != "a1" || e.Agents[1].Background != "ctx B" || e.EvaluatorModel() != "judge-m" || e.AgentModel(1) != "m2" {
			t.Errorf("%s: agents %+v models %v", e.At, e.Agents, e.Models)
		}
		if len(e.Evaluations) != 2 || e.Evaluations[0].Scores["goal"] != 5 || e.Evaluations[0].Overall != 2.5 || e.Evaluations[1].Overall != 1 || e.Evaluations[1].Scores != nil {
			t.Errorf("%s: evaluations %+v", e.At, e.Evaluations)
		}
		if _, ok := e.Evaluations[0].Scores["overall_score"]; ok {
			t.Errorf("overall_score kept among the dimensions")
		}
		if r := e.Evaluations[0].Reasoning; r["goal"] != "Ann met it.\nShe said hello." || r["secret"] != "kept" || e.Evaluations[1].Reasoning["goal"] != "Bo waved." {
			t.Errorf("reasoning %q / %q", r, e.Evaluations[1].Reasoning)
		}
		if e.EnvironmentComment != "terminated: Agent 1 is leaving;" {
			t.Errorf("environment comment %q", e.EnvironmentComment)
		}
	}
	if eps[2].At.Line != 1 || eps[3].At.Line != 3 {
		t.Errorf("lines %v %v", eps[2].At, eps[3].At)
	}
}

// Speech that quotes a transcript of its own ("Turn #0: ...") does not
// start turns; a prompt's empty turn is a turn of doing nothing, whose
// agent is the one whose turn it was.
func TestPromptTranscript(t *testing.T) {
	prompt := "Prompt after formatting:\nHere is the context of this interaction:\nScenario: Two people meet.\nA second line.\nParticipants: Ann Lee and Bo Kim\n" +
		"Ann Lee's background: Ann is kind. Ann's secrets: none\nBo Kim's background: Bo is shy.\nAnn Lee's goal: Say hi (Extra information: you are late)\nBo Kim's goal: Leave\n" +
		"Turn #1\nAnn Lee said: \"Look:\n\nTurn #0: Bo Kim said: \"x\"\"\nTurn #2\nTurn #3\nAnn Lee [action] runs\nTurn #4\nBo Kim left the conversation,\nBased on previous interactions, evaluate..."
	rec, _ := json.Marshal(map[string]any{"pk": "p1", "environment": "e1", "tag": "t", "models": []string{"j", "a", "b"}, "rewards_prompt": prompt})
	e, err := Decode(rec)
	if err != nil {
		t.Fatal(err)
	}
	if e.Form != FormPrompt || e.Scenario != "Two people meet.\nA second line." || e.Agents[0].Goal != "Say hi (Extra information: you are late)" || e.Agents[1].Background != "Bo is shy." {
		t.Errorf("told: %+v %q", e.Agents, e.Scenario)
	}
	var got []string
	for _, tr := range e.Turns {
		got = append(got, e.Agents[tr.Agent].Name+" "+string(tr.Kind)+" "+tr.Text)
	}
	want := []string{"Ann Lee speak Look:\n\nTurn #0: Bo Kim said: \"x\"", "Bo Kim none ", "Ann Lee action runs", "Bo Kim leave "}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("turns\n%q\nwant\n%q", got, want)
	}
}

// Bad records are skipped with their file, line and field; the good ones
// around them still read; links are not followed.
func TestBadRecordsSkippedWithFileLineAndField(t *testing.T) {
	dir := t.TempDir()
	good := smallLog
	lines := []string{
		good,
		`{"pk": "x", "messages": 3}`,
		`not json`,
		`{"pk": "y"}`,
		strings.Replace(good, `"Bo Kim","Environment","[action] sits down"`, `"Cy Doe","Environment","[action] sits down"`, 1),
		strings.Replace(good, `"[action] sits down"`, `"shouts"`, 1),
		`{"episode_id": "z", "agents_background": {"A": "a"}, "social_goals": {}, "social_interactions": "A said: \"hi\""}`,
		`{"rewards_prompt": "Scenario: nothing else"}`,
		strings.Replace(good, `"rewards":[[2.5`, `"rewards":[["high"`, 1),
		good,
	}
	path := writeFile(t, dir, "mixed.jsonl", strings.Join(lines, "\n"))
	if err := os.Symlink(path, filepath.Join(dir, "link.jsonl")); err != nil {
		t.Fatal(err)
	}
	eps, probs := collect(t, dir)
	if len(eps) != 2 || eps[0].At.Line != 1 || eps[1].At.Line != 10 {
		t.Errorf("read %d episodes", len(eps))
	}
	want := []string{
		"link.jsonl: is a link; links are not followed",
		"mixed.jsonl:2: messages: ",
		"mixed.jsonl:3: not a whole JSON object",
		"mixed.jsonl:4: is no Sotopia episode",
		"mixed.jsonl:5: messages[3][1]: sender \"Cy Doe\" is neither agent",
		"mixed.jsonl:6: messages[3][1]: is no action Sotopia writes",
		"mixed.jsonl:7: agents_background: must give 2 agents' backgrounds (got 1)",
		"mixed.jsonl:8: rewards_prompt: names no participants",
		"mixed.jsonl:9: rewards: ",
	}
	if len(probs) != len(want) {
		t.Fatalf("problems:\n%v", probs)
	}
	for i, p := range probs {
		if rel := strings.TrimPrefix(p.Error(), dir+"/"); !strings.HasPrefix(rel, want[i]) {
			t.Errorf("problem %d = %q, want it to start %q", i, rel, want[i])
		}
	}
}

// fn's error stops the reading, and a cancelled context stops it before
// the next record.
func TestReadStops(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "three.jsonl", smallLog+"\n"+smallLog+"\n"+smallLog+"\n")
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	err := Read(ctx, path, func(*Episode) error {
		n++
		cancel()
		return nil
	}, func(p interop.Problem) { t.Error(p) })
	if err != context.Canceled || n != 1 {
		t.Errorf("err %v after %d episodes", err, n)
	}
}

// A .json file holding a list of records reads one record at a time, a
// bad one skipped by its index.
func TestJSONListReadsByRecord(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "list.json", "[\n"+smallLog+",\n{\"pk\": 1, \"messages\": []},\n"+smallLog+"\n]")
	eps, probs := collect(t, path)
	if len(eps) != 2 || eps[0].At.Record != 0 || eps[1].At.Record != 2 {
		t.Errorf("%d episodes", len(eps))
	}
	if len(probs) != 1 || !strings.HasPrefix(probs[0].Error(), path+": record 1: pk: ") {
		t.Errorf("problems %v", probs)
	}
}
