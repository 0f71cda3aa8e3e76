package llm

import (
	"context"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

func scriptRun(t *testing.T, srv *llmtest.Server) played {
	t.Helper()
	return play(t, context.Background(), testFactory(testConfig(srv)), resolve(t, "craigslist/road-bike"), view.Script)
}

// names returns the road-bike characters' names.
func names(t *testing.T) [2]string {
	sc := resolve(t, "craigslist/road-bike")
	return [2]string{sc.Seats[0].Character.Name, sc.Seats[1].Character.Name}
}

func TestScriptToleratesUsualDeviations(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.ChunkRunes = 3
	n := names(t)
	srv.Respond = func(*llmtest.Request) string {
		return "Sure! Here is the script you asked for.\n\n---\n" +
			"**1. " + n[0] + ":** \"Hi, thanks for coming by.\"\n" +
			"2) " + n[1] + " (buyer): *looks the bike over*\n\n" +
			"- Turn 3, " + n[0] + ": [action] lifts the bike off the rack\n" +
			"[4] " + strings.ToUpper(n[1]) + ": “Would you take less?”\n" +
			"5. " + n[0] + " [offer $500]: Five hundred and it's yours.\n" +
			"6. " + n[1] + ": [accept] Deal!\n" +
			"**END**\n\nI hope this captures the scene."
	}
	p := scriptRun(t, srv)
	if errs := p.errors(); len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	acts := p.actions()
	want := []event.Action{
		{Type: event.Speak, Text: "Hi, thanks for coming by."},
		{Type: event.NonVerbal, Text: "looks the bike over"},
		{Type: event.Act, Text: "lifts the bike off the rack"},
		{Type: event.Speak, Text: "Would you take less?"},
		{Type: event.Offer, Text: "Five hundred and it's yours.", Arg: cl.Price(500)},
		{Type: event.Accept, Text: "Deal!"},
	}
	if len(acts) != len(want) {
		t.Fatalf("%d turns: %+v", len(acts), acts)
	}
	for i := range want {
		if !sameAction(acts[i], want[i]) {
			t.Errorf("turn %d = %+v, want %+v", i+1, acts[i], want[i])
		}
	}
	if p.ending.Reason != event.Accepted || p.count(event.UsageReported) != 1 {
		t.Errorf("ended %s with %d usage events", p.ending.Reason, p.count(event.UsageReported))
	}
	if d := p.deltas(); d[1] == "" || !strings.HasPrefix("Hi, thanks for coming by.", d[1]) {
		t.Errorf("turn 1 streamed %q", d[1])
	}
	if srv.Count() != 1 {
		t.Errorf("%d calls for one script", srv.Count())
	}
}

func TestScriptReasksOnceForABadLine(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	n := names(t)
	calls := 0
	srv.Respond = func(r *llmtest.Request) string {
		calls++
		if calls == 1 {
			return "1. " + n[0] + ": Hello.\n2. " + n[1] + ": Hi.\nNarrator: the sun sets.\n3. " + n[0] + ": So.\n"
		}
		return llmtest.Script(r)
	}
	p := scriptRun(t, srv)
	if errs := p.errors(); len(errs) != 1 || !strings.Contains(errs[0], "Narrator") {
		t.Fatalf("errors: %v, want the one bad reply", errs)
	}
	acts := p.actions()
	if len(acts) != 20 || acts[0].Text != "Hello." || acts[1].Text != "Hi." {
		t.Fatalf("%d turns, first %+v", len(acts), acts[:2])
	}
	reask := srv.Requests()[1]
	if !strings.Contains(reask.Last(), "Narrator") || !strings.Contains(reask.Last(), "from turn 3") {
		t.Errorf("re-ask says %q", reask.Last())
	}
	if reask.Messages[2].Role != "assistant" || !strings.Contains(reask.Messages[2].Content, "2. "+n[1]+": Hi.\n") {
		t.Errorf("re-ask does not carry the script so far: %+v", reask.Messages[2])
	}
}

func TestScriptUnreadableTwiceIsAnErrorEvent(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	n := names(t)
	srv.Respond = func(*llmtest.Request) string {
		return "1. " + n[0] + ": Hello.\nStage: rain.\n2. " + n[1] + ": Hi.\n"
	}
	p := scriptRun(t, srv)
	errs := p.errors()
	if len(errs) < 2 || !strings.Contains(errs[0], "Stage: rain.") || !strings.Contains(errs[1], "after one re-ask") {
		t.Fatalf("errors %v", errs)
	}
	if acts := p.actions(); acts[0].Text != "Hello." || acts[1].Type != event.None {
		t.Errorf("turns %+v", acts[:2])
	}
}

func TestScriptCutMidStreamContinues(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.ChunkRunes = 10
	srv.Push(llmtest.Fault{DropAfter: 30})
	p := scriptRun(t, srv)
	if errs := p.errors(); len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	if len(p.actions()) != 20 || p.ending.Reason != event.Accepted {
		t.Fatalf("%d turns, ended %s", len(p.actions()), p.ending.Reason)
	}
	if srv.Count() != 2 || !strings.Contains(srv.Requests()[1].Last(), "Continue the script from turn") {
		t.Errorf("%d calls", srv.Count())
	}
}

func TestWriterFollowsTheRealHistory(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	sc := resolve(t, "craigslist/road-bike")
	bs, err := testFactory(testConfig(srv)).Backends(sc, view.Script, 1)
	if err != nil {
		t.Fatal(err)
	}
	w := bs[0]
	ctx := context.Background()
	var history []event.Turn
	turn := func(n int) event.Action {
		res, err := w.Turn(ctx, run.Request{Seat: (n - 1) % 2, Turn: n, History: history, Emit: func(string) {}})
		if err != nil {
			t.Fatal(err)
		}
		return res.Action
	}
	a1 := turn(1)
	history = append(history, event.Turn{Number: 1, Seat: 0, Speaker: sc.Seats[0].Character.Name, Action: a1})
	// A human plays seat 1's turn 2.
	human := event.Action{Type: event.Speak, Text: "I only have 200 dollars, cash."}
	history = append(history, event.Turn{Number: 2, Seat: 1, Speaker: sc.Seats[1].Character.Name, Action: human})
	a3 := turn(3)
	if a3.Type == event.None || a3.Text == "" {
		t.Fatalf("turn 3 = %+v", a3)
	}
	if srv.Count() != 2 {
		t.Fatalf("%d calls, want a second one for the new history", srv.Count())
	}
	last := srv.Requests()[1]
	if !strings.Contains(last.Message("user"), human.Text) || !strings.Contains(last.Last(), "Write only turn 3") {
		t.Errorf("follow-up request lacks the real history or the ask: %q", last.Last())
	}
}
