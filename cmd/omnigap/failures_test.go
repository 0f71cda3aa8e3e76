package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/internal/llmtest"
)

func TestRunWhereEveryCallFailsExitsNonZeroWithTheReason(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	out := t.TempDir()
	wrong := strings.TrimSuffix(srv.URL, "/v1") // every request gets a 404
	stdout, err := omnigap(t, "run", "--backend", "openai", "--base-url", wrong, "--model", "m", "--timeout", "5s",
		"--modes", "agents", "--episodes", "2", "--out", out)
	if err == nil {
		t.Fatalf("exit 0 after every call failed:\n%s", stdout)
	}
	if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, "404") || !strings.Contains(msg, "/v1") {
		t.Errorf("reason %q: want one line naming the 404 and the /v1 hint", msg)
	}
	if !strings.Contains(stdout, "failures") || !strings.Contains(stdout, "6 transport") {
		t.Errorf("the table does not count the failures:\n%s", stdout)
	}
	var summary struct {
		Modes []struct {
			Completed int            `json:"completed"`
			Failures  map[string]int `json:"failures"`
		} `json:"modes"`
	}
	data, _ := os.ReadFile(filepath.Join(out, "summary.json"))
	if err := json.Unmarshal(data, &summary); err != nil {
		t.Fatal(err)
	}
	if m := summary.Modes[0]; m.Completed != 0 || m.Failures["transport"] != 6 {
		t.Errorf("summary.json: %+v", m)
	}
}

func TestRefusalIsCountedInTheTableAndTheReport(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.Respond = func(*llmtest.Request) string { return "I'm sorry, but I can't take part in this role-play." }
	out := t.TempDir()
	stdout, err := omnigap(t, "run", "--backend", "openai", "--base-url", srv.URL, "--model", "m",
		"--modes", "script,agents", "--out", out)
	if err == nil || !strings.Contains(err.Error(), "declined") {
		t.Fatalf("err %v", err)
	}
	if !strings.Contains(stdout, "refusal") {
		t.Errorf("the table does not show the refusals:\n%s", stdout)
	}
	recs, _ := filepath.Glob(filepath.Join(out, "*.jsonl"))
	for _, rec := range recs {
		data, _ := os.ReadFile(rec)
		if !strings.Contains(string(data), `"failure":"refusal"`) || !strings.Contains(string(data), `"reply":"I'm sorry, but I can't take part`) {
			t.Errorf("%s: no refusal error event with the model's text", rec)
		}
	}
	report, err := omnigap(t, "report", out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(report, "refusal") {
		t.Errorf("report does not count refusals:\n%s", report)
	}
}

func TestMaxUtteranceCutsLongTurns(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.Respond = func(*llmtest.Request) string {
		return `{"action": "speak", "text": "` + strings.Repeat("blah ", 100) + `end"}`
	}
	// watch records with --record, run with --out; both take the same cap.
	for _, c := range []struct{ cmd, dirFlag string }{{"run", "--out"}, {"watch", "--record"}} {
		t.Run(c.cmd, func(t *testing.T) {
			out := t.TempDir()
			if _, err := omnigap(t, c.cmd, "--backend", "openai", "--base-url", srv.URL, "--model", "m", "--modes", "agents",
				"--max-utterance", "50", c.dirFlag, out); err != nil {
				t.Fatal(err)
			}
			recs, _ := filepath.Glob(filepath.Join(out, "*.jsonl"))
			if len(recs) == 0 {
				t.Fatalf("%s wrote no recording in %s", c.cmd, out)
			}
			data, _ := os.ReadFile(recs[0])
			if !strings.Contains(string(data), `"text":"`+strings.Repeat("blah ", 10)+`[cut: 453 more characters]"`) {
				i := strings.Index(string(data), `"kind":"turn_completed"`)
				t.Errorf("turns not cut at 50 characters: %.300s", data[max(i, 0):])
			}
		})
	}
}

func TestMaxUtteranceIsOfferedWhereverModelsSpeak(t *testing.T) {
	for _, c := range []string{"run", "watch", "play"} {
		help, err := omnigap(t, c, "--help")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(help, "--max-utterance") {
			t.Errorf("omnigap %s --help has no --max-utterance", c)
		}
	}
}
