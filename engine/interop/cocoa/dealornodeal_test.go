package cocoa

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	dond "github.com/omnigap/omnigap/engine/family/dealornodeal"
)

// TestTranscriptsReplayToCocoasOutcome: every val dialogue, played as a
// HUMANS run, keeps every event as a turn and ends with the split cocoa
// recorded for each agent.
func TestTranscriptsReplayToCocoasOutcome(t *testing.T) {
	path := cocoaFile(t, "dealornodeal-val.json")
	ts, probs, err := Transcripts(path)
	if err != nil || len(probs) > 0 || len(ts) != 422 {
		t.Fatalf("%d transcripts, %v, %v", len(ts), probs, err)
	}
	var raw []struct {
		Outcome struct {
			Split []map[string]int `json:"item_split"`
		} `json:"outcome"`
	}
	data, _ := os.ReadFile(path)
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	for i, tr := range ts {
		history, end, errs := tr.Play(context.Background())
		division, _ := end.Outcome.Terms.(dond.Division)
		if errs > 0 || len(history) != len(tr.Turns) || end.Reason != event.Selected || !division.Deal {
			t.Fatalf("%s: %d turns of %d, %d errors, ended %s (%s)", tr.UUID, len(history), len(tr.Turns), errs, end.Reason, end.Outcome.Summary)
		}
		for seat, agent := range tr.Agent {
			if !reflect.DeepEqual(map[string]int(division.Splits[seat]), raw[i].Outcome.Split[agent]) {
				t.Fatalf("%s: seat %d (agent %d) ends with %v, cocoa says %v", tr.UUID, seat, agent, division.Splits[seat], raw[i].Outcome.Split[agent])
			}
		}
	}
}

func TestBadTranscriptIsSkipped(t *testing.T) {
	data, err := os.ReadFile(cocoaFile(t, "dealornodeal-val.json"))
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), `"action": "select"`, `"action": "shout"`, 1)
	path := filepath.Join(t.TempDir(), "t.json")
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	ts, probs, err := Transcripts(path)
	if err != nil || len(ts) != 421 || len(probs) != 1 || !strings.Contains(probs[0].Error(), `record 0: events[7].action: unknown action "shout"`) {
		t.Fatalf("%d transcripts, problems %v, %v", len(ts), probs, err)
	}
}

// TestTwoMessagesInARowKeepTheirOrder: a dialogue in which one side sends
// two messages in a row is read, not skipped, and plays as it happened:
// each turn in the seat of the side that sent it. In the file, agent 1
// speaks first, then agent 0 sends two messages in a row.
func TestTwoMessagesInARowKeepTheirOrder(t *testing.T) {
	ts, probs, err := Transcripts("testdata/two-in-a-row.json")
	if err != nil || len(probs) > 0 || len(ts) != 1 {
		t.Fatalf("%d transcripts, %v, %v", len(ts), probs, err)
	}
	tr := ts[0]
	if tr.Agent != [2]int{1, 0} {
		t.Fatalf("agents in seats %v, want the first speaker (agent 1) in seat 0", tr.Agent)
	}
	history, end, errs := tr.Play(context.Background())
	var seats []int
	for _, turn := range history {
		seats = append(seats, turn.Seat)
	}
	if want := []int{0, 1, 1, 0, 0, 1}; !reflect.DeepEqual(seats, want) || errs > 0 {
		t.Fatalf("turns by seats %v (%d errors), want %v", seats, errs, want)
	}
	if history[2].Action.Text != "deal?" || history[2].Speaker != tr.Scenario.Seats[1].Character.Name {
		t.Errorf("turn 3 %+v", history[2])
	}
	if division, _ := end.Outcome.Terms.(dond.Division); end.Reason != event.Selected || !division.Deal || division.Splits[1]["book"] != 2 {
		t.Errorf("ending %+v", end)
	}
}
