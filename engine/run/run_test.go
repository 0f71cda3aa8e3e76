package run

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
)

// scripted plays a fixed list of actions, one per call, for both seats.
type scripted struct {
	actions []event.Action
	calls   int
}

func (s *scripted) Name() string { return "scripted" }

func (s *scripted) Turn(ctx context.Context, req Request) (Result, error) {
	if s.calls >= len(s.actions) {
		return Result{Action: event.Action{Type: event.Speak, Text: fmt.Sprintf("filler %d", req.Turn)}}, nil
	}
	a := s.actions[s.calls]
	s.calls++
	if err := req.Stream(ctx, a.Text); err != nil {
		return Result{}, err
	}
	return Result{Action: a}, nil
}

func testScenario(family scenario.Family, maxTurns int) *scenario.Scenario {
	sc := &scenario.Scenario{ID: "t/x", Title: "t", Family: family, Setting: "s", Relationship: scenario.Strangers, MaxTurns: maxTurns,
		Seats: []scenario.Seat{{Role: "seller", Character: scenario.Character{Name: "Ana", Goal: "g"}},
			{Role: "buyer", Character: scenario.Character{Name: "Ben", Goal: "g"}}}}
	if family == scenario.MutualFriends {
		// The family's data as a recording holds it: this package cannot
		// import the family.
		var lists scenario.Scenario
		if err := json.Unmarshal([]byte(`{"mutualfriends":{"attributes":["school"],"lists":[
			[{"name":"Jo","values":{"school":"A"}},{"name":"Al","values":{"school":"B"}}],
			[{"name":"Jo","values":{"school":"A"}},{"name":"Cy","values":{"school":"C"}}]]}}`), &lists); err != nil || lists.Data == nil {
			panic(fmt.Sprint("the mutualfriends family is not registered: ", err))
		}
		sc.Data = lists.Data
	}
	sc.Normalize()
	return sc
}

// move is an action as a recording holds it, its argument typed by the
// family that registered its key.
func move(js string) event.Action {
	var a event.Action
	if err := json.Unmarshal([]byte(js), &a); err != nil || a.Arg == nil {
		panic(fmt.Sprintf("%s: no family registered its argument: %v", js, err))
	}
	return a
}

func play(t *testing.T, sc *scenario.Scenario, actions []event.Action, ctrl *Controller) (event.Ending, []event.Event) {
	t.Helper()
	b := &scripted{actions: actions}
	out := make(chan event.Event, 1024)
	end := Run(context.Background(), Config{ID: "r", Scenario: sc, Backends: [2]Backend{b, b}, Control: ctrl}, out)
	close(out)
	var evs []event.Event
	for ev := range out {
		evs = append(evs, ev)
	}
	return end, evs
}

func agreed(o event.Outcome) bool { return o.Terms != nil && o.Terms.Agreed() }

func say(text string) event.Action { return event.Action{Type: event.Speak, Text: text} }

func TestEndingRules(t *testing.T) {
	offer := move(`{"type":"offer","text":"400 and it's yours","price":400}`)
	cases := []struct {
		name    string
		family  scenario.Family
		actions []event.Action
		reason  event.EndReason
		turns   int
		deal    bool
		success bool
	}{
		{"accept", scenario.Craigslist, []event.Action{say("hi"), offer, {Type: event.Accept, Text: "deal"}}, event.Accepted, 3, true, false},
		{"reject", scenario.Craigslist, []event.Action{offer, {Type: event.Reject}}, event.Rejected, 2, false, false},
		{"accept own offer does not end", scenario.Craigslist, []event.Action{offer, say("x"), {Type: event.Accept}}, event.TurnLimit, 6, false, false},
		{"leave", scenario.Craigslist, []event.Action{say("hi"), {Type: event.Leave, Text: "bye"}}, event.SeatLeft, 2, false, false},
		{"empty", scenario.Craigslist, []event.Action{say("hi"), {Type: event.None}, {Type: event.Speak}, {Type: event.None}}, event.EmptyTurns, 4, false, false},
		{"turn limit", scenario.Craigslist, nil, event.TurnLimit, 6, false, false},
		{"select mutual", scenario.MutualFriends, []event.Action{move(`{"type":"select","friend":"Jo"}`), move(`{"type":"select","friend":"Jo"}`)}, event.Selected, 2, false, true},
		{"select differs", scenario.MutualFriends, []event.Action{move(`{"type":"select","friend":"Al"}`), move(`{"type":"select","friend":"Jo"}`)}, event.TurnLimit, 6, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			end, evs := play(t, testScenario(c.family, 6), c.actions, nil)
			if end.Reason != c.reason || end.Turns != c.turns || agreed(end.Outcome) != c.deal || end.Outcome.Success != c.success {
				t.Fatalf("got %+v", end)
			}
			last := evs[len(evs)-1]
			if last.Kind != event.RunEnded || last.Ending.Reason != c.reason {
				t.Fatalf("last event %+v", last)
			}
			for i, ev := range evs {
				if ev.Seq != i+1 {
					t.Fatalf("seq %d at %d", ev.Seq, i)
				}
			}
		})
	}
}

func TestRoundRobinSeatZeroFirst(t *testing.T) {
	_, evs := play(t, testScenario(scenario.Craigslist, 5), nil, nil)
	n := 0
	for _, ev := range evs {
		if ev.Kind == event.TurnCompleted {
			if ev.Seat != n%2 || ev.Turn != n+1 {
				t.Fatalf("turn %d by seat %d", ev.Turn, ev.Seat)
			}
			n++
		}
	}
	if n != 5 {
		t.Fatalf("%d turns", n)
	}
}

// A paused run parks before its first turn and plays nothing; two steps
// play exactly two turns and park it again. Parked says it has stopped,
// so nothing needs a wait to show that no turn comes.
func TestPauseAndStep(t *testing.T) {
	ctrl := NewController(0)
	ctrl.Pause()
	sc := testScenario(scenario.Craigslist, 20)
	b := &scripted{}
	out := make(chan event.Event, 1024)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan event.Ending)
	go func() {
		done <- Run(ctx, Config{ID: "r", Scenario: sc, Backends: [2]Backend{b, b}, Control: ctrl}, out)
	}()

	// The runner sends a turn's events before it comes back to the
	// gate, so once parked every event so far is in out.
	completed := func() int {
		n := 0
		for {
			select {
			case ev := <-out:
				if ev.Kind == event.TurnCompleted {
					n++
				}
			default:
				return n
			}
		}
	}
	waitUntil(t, ctrl.Parked)
	if n, s := completed(), ctrl.Started(); n != 0 || s != 0 {
		t.Fatalf("paused run played %d turns (%d started)", n, s)
	}
	ctrl.Step()
	ctrl.Step()
	waitUntil(t, func() bool { return ctrl.Parked() && ctrl.Started() == 2 })
	if n := completed(); n != 2 {
		t.Fatalf("two steps played %d turns", n)
	}
	if ctrl.Started() != 2 || !ctrl.Parked() {
		t.Fatalf("the run went on after two steps: %d turns started", ctrl.Started())
	}
	cancel()
	if end := <-done; end.Reason != event.Canceled {
		t.Fatalf("ending %+v", end)
	}
}

// waitUntil checks cond every millisecond until it holds, for at most 5 s.
func waitUntil(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.After(5 * time.Second)
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for !cond() {
		select {
		case <-deadline:
			t.Fatal("condition not met within 5s")
		case <-tick.C:
		}
	}
}

func TestStreamWordByWord(t *testing.T) {
	ctrl := NewController(time.Microsecond)
	_, evs := play(t, testScenario(scenario.Craigslist, 1), []event.Action{say("one two  three")}, ctrl)
	var deltas []string
	for _, ev := range evs {
		if ev.Kind == event.Delta {
			deltas = append(deltas, ev.Delta)
		}
	}
	if fmt.Sprint(deltas) != fmt.Sprint([]string{"one ", "two  ", "three"}) {
		t.Fatalf("deltas %q", deltas)
	}
}

// failing returns an error every turn.
type failing struct{}

func (failing) Name() string { return "failing" }
func (failing) Turn(context.Context, Request) (Result, error) {
	return Result{}, fmt.Errorf("server said no")
}

func TestBackendErrorsBecomeEmptyTurns(t *testing.T) {
	out := make(chan event.Event, 64)
	end := Run(context.Background(), Config{ID: "r", Scenario: testScenario(scenario.Craigslist, 10), Backends: [2]Backend{failing{}, failing{}}}, out)
	close(out)
	errs := 0
	for ev := range out {
		if ev.Kind == event.Error {
			errs++
		}
	}
	if end.Reason != event.EmptyTurns || errs != 3 {
		t.Fatalf("ending %+v with %d errors", end, errs)
	}
}

// human stands in for a taken-over seat; it hands the seat back after one
// turn, as a player pressing esc would.
type human struct{ ctrl *Controller }

func (h human) Name() string { return "human" }
func (h human) Turn(context.Context, Request) (Result, error) {
	h.ctrl.HandBack(1)
	return Result{Action: say("mine")}, nil
}

func TestTakeOverAndHandBack(t *testing.T) {
	ctrl := NewController(0)
	ctrl.TakeOver(1, human{ctrl: ctrl})
	_, evs := play(t, testScenario(scenario.Craigslist, 4), nil, ctrl)
	var got []string
	for _, ev := range evs {
		switch ev.Kind {
		case event.Control:
			got = append(got, ev.Control+":"+ev.Backend)
		case event.TurnCompleted:
			got = append(got, fmt.Sprintf("%d:%s", ev.Turn, ev.Backend))
		}
	}
	want := "[1:scripted take-over:human 2:human 3:scripted hand-back:scripted 4:scripted]"
	if fmt.Sprint(got) != want {
		t.Fatalf("got %v\nwant %s", got, want)
	}
}

// waiting is a person who never answers: their turn waits until it is
// cancelled.
type waiting struct{}

func (waiting) Name() string { return "human" }
func (waiting) Turn(ctx context.Context, _ Request) (Result, error) {
	<-ctx.Done()
	return Result{}, ctx.Err()
}

// A seat handed back while its turn waits on the person is played by the
// run's own backend, with no error and no empty turn.
func TestHandBackDuringAWaitingTurn(t *testing.T) {
	ctrl := NewController(0)
	ctrl.TakeOver(1, waiting{})
	b := &scripted{}
	out := make(chan event.Event)
	done := make(chan event.Ending, 1)
	go func() {
		done <- Run(context.Background(), Config{ID: "r", Scenario: testScenario(scenario.Craigslist, 3), Backends: [2]Backend{b, b}, Control: ctrl}, out)
		close(out)
	}()
	var got []string
	for ev := range out {
		switch ev.Kind {
		case event.TurnStarted:
			got = append(got, fmt.Sprintf("start %d:%s", ev.Turn, ev.Backend))
			if ev.Backend == "human" {
				ctrl.HandBack(1)
			}
		case event.TurnCompleted:
			got = append(got, fmt.Sprintf("done %d:%s", ev.Turn, ev.Backend))
		case event.Control:
			got = append(got, ev.Control)
		case event.Error:
			got = append(got, "error "+ev.Error)
		}
	}
	if end := <-done; end.Turns != 3 {
		t.Fatalf("ending %+v", end)
	}
	want := "[start 1:scripted done 1:scripted take-over start 2:human hand-back start 2:scripted done 2:scripted start 3:scripted done 3:scripted]"
	if fmt.Sprint(got) != want {
		t.Fatalf("got  %v\nwant %s", got, want)
	}
}

// metered reports the token usage of a model call with every turn.
type metered struct{ scripted }

func (m *metered) Turn(ctx context.Context, req Request) (Result, error) {
	res, err := m.scripted.Turn(ctx, req)
	res.Usage = []event.Usage{{Prompt: 100, Completion: 10, Cached: 60}}
	return res, err
}

func TestUsageIsSummedIntoTheEnding(t *testing.T) {
	b := &metered{}
	out := make(chan event.Event, 256)
	end := Run(context.Background(), Config{ID: "r", Scenario: testScenario(scenario.Craigslist, 4), Backends: [2]Backend{b, b}}, out)
	if end.Usage == nil || *end.Usage != (event.Usage{Prompt: 400, Completion: 40, Cached: 240}) {
		t.Fatalf("usage %+v", end.Usage)
	}
	if end, _ := play(t, testScenario(scenario.Craigslist, 2), nil, nil); end.Usage != nil {
		t.Fatalf("a run without model calls has usage %+v", end.Usage)
	}
}
