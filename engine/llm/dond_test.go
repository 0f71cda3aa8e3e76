package llm

import (
	"context"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/family/dealornodeal"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/interop/cocoa"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// dealGame is the Deal-or-No-Deal game of cocoa's two-in-a-row test
// transcript: 2 books and 1 hat; Avery (seat 0) values a book 1 and the
// hat 8, Blake (seat 1) a book 3 and the hat 4.
func dealGame(t testing.TB) *scenario.Scenario {
	t.Helper()
	ts, probs, err := cocoa.Transcripts("../interop/cocoa/testdata/two-in-a-row.json")
	if err != nil || len(probs) > 0 || len(ts) != 1 {
		t.Fatalf("%d transcripts, %v, %v", len(ts), probs, err)
	}
	return ts[0].Scenario
}

// playDeal plays sc in mode against srv, with the annotator that sets
// the metrics.
func playDeal(t *testing.T, srv *llmtest.Server, sc *scenario.Scenario, mode view.Mode) played {
	t.Helper()
	spec := episodeSpec(sc, mode, 1, testFactory(testConfig(srv)))
	spec.Annotate = func(sc *scenario.Scenario, mode view.Mode) run.Annotator { return leak.Annotate(sc, mode) }
	return playWith(t, context.Background(), spec)
}

var agentTurnRe = regexp.MustCompile(`Turn (\d+) of \d+ is yours`)

// byTurn answers each agent's call with the reply for the turn it asks
// for (re-asks get the same reply again), and speaks on other turns.
func byTurn(replies map[int]string) func(*llmtest.Request) string {
	return func(r *llmtest.Request) string {
		m := agentTurnRe.FindStringSubmatch(r.Message("user"))
		if m == nil {
			return llmtest.Default(r)
		}
		n, _ := strconv.Atoi(m[1])
		if reply, ok := replies[n]; ok {
			return reply
		}
		return llmtest.Action(r)
	}
}

// refereeOf plays a person's commands (seat 0 first) through a fresh
// referee of sc and returns the ending they reach.
func refereeOf(t *testing.T, sc *scenario.Scenario, commands ...string) *event.Ending {
	t.Helper()
	ref := family.RefereeFor(sc)
	var history []event.Turn
	for i, c := range commands {
		seat := i % 2
		a, err := human.Parse(c, view.For(sc, view.Agents, seat), history)
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		history = append(history, event.Turn{Number: i + 1, Seat: seat, Speaker: sc.Seats[seat].Character.Name, Action: a})
		if end := ref.Judge(family.Turn{Seat: seat, Speaker: sc.Seats[seat].Character.Name, Action: a}); end != nil {
			return end
		}
	}
	t.Fatalf("%v reached no ending", commands)
	return nil
}

// TestAgentsMakeDealOrNoDealMoves: AGENTS and MINDREADERS agents propose,
// accept and select in the shapes models write; each move is the same
// action a person's command makes, so the referee ends the run as it
// would for people, and the metrics follow from its outcome.
func TestAgentsMakeDealOrNoDealMoves(t *testing.T) {
	sc := dealGame(t)
	cases := []struct {
		name     string
		replies  map[int]string
		person   []string
		reason   event.EndReason
		pts      [2]float64
		proposal dealornodeal.Split
	}{
		{"proposal accepted", map[int]string{
			1: `{"action": "propose", "split": {"book": 0, "hat": 1}, "text": "I would like the hat."}`,
			2: "```json\n{\"action\": {\"type\": \"accept\", \"text\": \"Deal, the books are mine.\"}}\n```",
		}, []string{"/propose hat=1", "/accept"}, event.Accepted, [2]float64{8, 6}, dealornodeal.Split{"book": 0, "hat": 1}},
		{"counter-proposal accepted", map[int]string{
			1: `{"action": "offer", "book": 2, "text": "Both books for me."}`,
			2: `{"action": "reject", "text": "No."}`,
			3: `{"action": "offer", "split": "book: 1, hat: 1", "text": "One book and the hat, then."}`,
			4: `{"action": "accept", "text": "Fine."}`,
		}, []string{"/propose book=2", "/reject", "/propose book=1 hat=1", "/accept"}, event.Accepted, [2]float64{9, 3}, nil},
		{"selections that divide the items", map[int]string{
			1: `{"action": "select", "split": {"hats": "1"}, "text": "The hat for me."}`,
			2: `{"action": "select", "split": "2 books", "text": "And the books for me."}`,
		}, []string{"/select hat=1", "/select book=2"}, event.Selected, [2]float64{8, 6}, nil},
	}
	for _, c := range cases {
		for _, mode := range []view.Mode{view.Agents, view.Mindreaders} {
			t.Run(c.name+"/"+string(mode), func(t *testing.T) {
				srv := llmtest.Start()
				defer srv.Close()
				srv.Respond = byTurn(c.replies)
				p := playDeal(t, srv, sc, mode)
				if errs := p.errors(); len(errs) > 0 {
					t.Fatalf("errors: %v", errs)
				}
				if !strings.Contains(srv.Requests()[0].Message("system"), `"offer": propose a split: "split" is what you take`) {
					t.Errorf("the agent's prompt does not explain proposals:\n%s", srv.Requests()[0].Message("system"))
				}
				want := refereeOf(t, sc, c.person...)
				if p.ending.Reason != c.reason || want.Reason != c.reason || !reflect.DeepEqual(p.ending.Outcome, want.Outcome) {
					t.Fatalf("models ended %s with %+v; people's moves end %s with %+v", p.ending.Reason, p.ending.Outcome, want.Reason, want.Outcome)
				}
				m := p.ending.Metrics
				if m[dealornodeal.Agreement] != 1 || m[dealornodeal.PointsSeat0] != c.pts[0] || m[dealornodeal.PointsSeat1] != c.pts[1] {
					t.Errorf("metrics %v, want agreement and points %v", m, c.pts)
				}
				if acts := p.actions(); c.proposal != nil && !reflect.DeepEqual(dealornodeal.SplitOf(acts[0]), c.proposal) {
					t.Errorf("turn 1 proposed %v, want %v", acts[0].Arg, c.proposal)
				}
				if !strings.Contains(p.raw, `"split":{"book":`) {
					t.Error("the recording holds no split")
				}
			})
		}
	}
}

// TestScriptWritesDealOrNoDealMoves: the SCRIPT writer's tags propose,
// answer and select, read by the family's own reader.
func TestScriptWritesDealOrNoDealMoves(t *testing.T) {
	sc := dealGame(t)
	for name, c := range map[string]struct {
		script string
		reason event.EndReason
		splits [2]dealornodeal.Split
	}{
		"accepted": {"1. Avery: I'd like the hat.\n2. Blake: [propose book=2 hat=0] Then I take both books.\n3. Avery: [accept] Deal.\nEND\n",
			event.Accepted, [2]dealornodeal.Split{{"book": 0, "hat": 1}, {"book": 2, "hat": 0}}},
		"selected": {"1. Avery: [offer {\"book\": 1, \"hat\": 1}] One book and the hat?\n2. Blake [reject]: No.\n3. Avery: [select hats=1] The hat, then.\n4. Blake: [select 2 books] And the books.\nEND\n",
			event.Selected, [2]dealornodeal.Split{{"book": 0, "hat": 1}, {"book": 2, "hat": 0}}},
	} {
		t.Run(name, func(t *testing.T) {
			srv := llmtest.Start()
			defer srv.Close()
			srv.ChunkRunes = 5
			srv.Respond = func(*llmtest.Request) string { return c.script }
			p := playDeal(t, srv, sc, view.Script)
			if errs := p.errors(); len(errs) > 0 {
				t.Fatalf("errors: %v", errs)
			}
			if sys := srv.Requests()[0].Message("system"); !strings.Contains(sys, "[propose book=2 hat=0 ball=1]") || !strings.Contains(sys, "[select book=2 hat=0 ball=1]") {
				t.Errorf("the writer is not told the tags:\n%s", sys)
			}
			o, _ := p.ending.Outcome.Terms.(dealornodeal.Division)
			if p.ending.Reason != c.reason || !o.Deal || !reflect.DeepEqual(o.Splits, c.splits) {
				t.Fatalf("ended %s with %+v", p.ending.Reason, o)
			}
			if p.ending.Metrics[dealornodeal.Agreement] != 1 || srv.Count() != 1 {
				t.Errorf("metrics %v after %d calls", p.ending.Metrics, srv.Count())
			}
		})
	}
}

// TestMalformedSplitIsReaskedThenAnError: a proposal that does not fit
// the table is re-asked once with the reason, then recorded as an error
// event; the turn is empty, not some other move.
func TestMalformedSplitIsReaskedThenAnError(t *testing.T) {
	sc := dealGame(t)
	for name, script := range map[view.Mode]string{
		view.Agents: "",
		view.Script: "1. Avery: [propose book=3 hat=1] Everything for me.\n2. Blake: No.\nEND\n",
		// A bad move is no postscript, even as the script's last line.
		view.Script + "-last-line": "1. Avery: [propose book=3 hat=1] Everything for me.\nEND\n",
	} {
		mode := view.Agents
		if script != "" {
			mode = view.Script
		}
		t.Run(string(name), func(t *testing.T) {
			srv := llmtest.Start()
			defer srv.Close()
			calls := 0
			srv.Respond = func(r *llmtest.Request) string {
				if calls++; mode == view.Script && calls <= 2 {
					return script
				}
				return byTurn(map[int]string{1: `{"action": "offer", "split": {"book": 3, "hat": 1}, "text": "Everything for me."}`})(r)
			}
			p := playDeal(t, srv, sc, mode)
			errs := p.errors()
			if len(errs) != 2 || !strings.Contains(errs[0], "there are 2 books, not 3") || !strings.Contains(errs[1], "re-ask") {
				t.Fatalf("errors %v", errs)
			}
			if !strings.Contains(srv.Requests()[1].Last(), "there are 2 books, not 3") {
				t.Errorf("the re-ask does not say what was wrong: %q", srv.Requests()[1].Last())
			}
			if a := p.actions()[0]; a.Type != event.None || a.Arg != nil {
				t.Errorf("turn 1 = %+v, want an empty turn", a)
			}
		})
	}
	// An item that is not on the table is refused the same way.
	v := view.For(sc, view.Agents, 0)
	if _, err := parseAction(`{"action": "offer", "split": {"cup": 1}}`, v); err == nil || !strings.Contains(err.Error(), "there is no cup on the table") {
		t.Errorf("a cup was taken: %v", err)
	}
	if _, err := parseAction(`{"action": "select", "text": "I take the hat."}`, v); err == nil || !strings.Contains(err.Error(), `needs "split"`) {
		t.Errorf("a selection without a split: %v", err)
	}
}

// TestAcceptWithoutAProposalIsRefused: an acceptance with no proposal of
// the partner's standing is re-asked, then an error event, for agents and
// the writer alike; after a proposal the same acceptance ends the game.
func TestAcceptWithoutAProposalIsRefused(t *testing.T) {
	sc := dealGame(t)
	for _, mode := range []view.Mode{view.Agents, view.Script} {
		t.Run(string(mode), func(t *testing.T) {
			srv := llmtest.Start()
			defer srv.Close()
			calls := 0
			srv.Respond = func(r *llmtest.Request) string {
				switch calls++; {
				case mode == view.Script && calls == 1:
					return "1. Avery: [propose hat=1] The hat for me.\n2. Blake: [reject] No.\n3. Avery: Then what?\n4. Blake: [accept] Deal.\nEND\n"
				case mode == view.Script && calls == 2:
					return "4. Blake: [accept] Deal.\nEND\n"
				}
				return byTurn(map[int]string{
					1: `{"action": "offer", "split": {"hat": 1}, "text": "The hat for me."}`,
					2: `{"action": "reject", "text": "No."}`,
					4: `{"action": "accept", "text": "Deal."}`,
				})(r)
			}
			p := playDeal(t, srv, sc, mode)
			errs := p.errors()
			if len(errs) != 2 || !strings.Contains(errs[0], "there is no proposal from Avery to accept") || !strings.Contains(errs[1], "re-ask") {
				t.Fatalf("errors %v", errs)
			}
			// The game goes on past the refused turn 4 (empty for the
			// agent; the writer starts a new script there), to the fake
			// model's own proposal and acceptance at the turn limit.
			acts := p.actions()
			if len(acts) != sc.MaxTurns || acts[3].Type == event.Accept || (mode == view.Agents && acts[3].Type != event.None) || p.ending.Reason != event.Accepted {
				t.Fatalf("ended %s (%+v) after %+v", p.ending.Reason, p.ending.Outcome, acts)
			}
		})
	}
	v := view.For(sc, view.Agents, 1)
	a, err := parseAction(`{"action": "accept"}`, v)
	if err != nil {
		t.Fatal(err)
	}
	proposal := []event.Turn{{Number: 1, Seat: 0, Action: event.Action{Type: event.Offer, Arg: dealornodeal.Split{"book": 0, "hat": 1}}}}
	if err := allowedNow(a, v, 1, proposal); err != nil {
		t.Errorf("accepting a standing proposal was refused: %v", err)
	}
	if err := allowedNow(a, v, 0, proposal); err == nil {
		t.Error("the proposer accepted their own proposal")
	}
}

// TestDealMoveShapes: the spellings of a split models write all read as
// the family's reader reads the player's "book=2 hat=0".
func TestDealMoveShapes(t *testing.T) {
	v := view.For(dealGame(t), view.Agents, 0)
	want := dealornodeal.Split{"book": 2, "hat": 0}
	for _, reply := range []string{
		`{"action": "offer", "split": {"book": 2, "hat": 0}}`,
		`{"action": "offer", "split": {"books": 2}}`,
		`{"action": "propose", "split": "book=2 hat=0"}`,
		`{"action": "offer", "take": "2 books, 0 hats"}`,
		`{"action": "offer", "split": "2 books and no hat"}`,
		`{"action": "offer", "split": "book=2 and hat=0."}`,
		`{"action": "offer", "proposal": {"book": "2"}}`,
		`{"action": "offer", "book": 2, "hat": 0}`,
		`{"action": {"type": "offer", "split": {"book": 2}}}`,
		`{'action': 'offer', 'split': {'Book': 2}}`,
	} {
		a, err := parseAction(reply, v)
		if err != nil || a.Type != event.Offer || !reflect.DeepEqual(dealornodeal.SplitOf(a), want) {
			t.Errorf("%s: %+v, %v; want a proposal of %v", reply, a, err, want)
		}
	}
	for _, reply := range []string{
		`{"action": "offer", "split": {"book": 1.5}}`,
		`{"action": "offer", "split": {"book": -1}}`,
		`{"action": "offer", "split": "two books"}`,
		`{"action": "offer", "split": [2, 0]}`,
		`{"action": "offer", "split": {"book": 1, "books": 1}}`,
	} {
		if a, err := parseAction(reply, v); err == nil {
			t.Errorf("%s read as %+v", reply, a)
		}
	}
	w := speakers{view: view.For(dealGame(t), view.Script, view.Writer)}
	for _, line := range []string{"Avery: [propose book=2 hat=0] Both books.", "Avery: [offer books: 2] Both books.", `Avery: [propose {"book": 2}] Both books.`} {
		got := w.parse(line, true)
		if got.kind != lineTurn || got.action.Type != event.Offer || !reflect.DeepEqual(dealornodeal.SplitOf(got.action), want) {
			t.Errorf("%s: %+v", line, got)
		}
	}
	for _, line := range []string{"Avery: [propose] Something.", "Avery: [propose book=9] All.", "Avery: [select ball=1] The ball."} {
		if got := w.parse(line, true); got.kind != lineBad {
			t.Errorf("%s read as %+v", line, got)
		}
	}
	if _, err := parseAction(`{"action": "offer"}`, v); err == nil || !strings.HasSuffix(err.Error(), `e.g. {"book": 1, "hat": 0}`) {
		t.Errorf("the example of a split: %v", err)
	}
}
