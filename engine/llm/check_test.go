package llm

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/leak/check"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

var checkedTurnRe = regexp.MustCompile(`(?i)turn (\d+)`)

// bikeTalk plays the road bike through the fake server: the seller's
// first turn offers $580 (the buyer's private limit, said by one who was
// never told it), the buyer's first asks about the frame, and the rest is
// the server's usual talk. Its leak check names, of the facts asked
// about, the buyer's limit where a turn says "$580" and the seller's
// target where one says "frame": the first the rules find too, the
// second only the model.
func bikeTalk(r *llmtest.Request) string {
	if llmtest.Checking(r) {
		return llmtest.ScriptedCheck(map[string]string{"buyer-bottomline": "$580", "seller-target": "frame"})(r)
	}
	if strings.Contains(r.Message("system"), "scriptwriter") || llmtest.Judging(r) {
		return llmtest.Default(r)
	}
	n := 0
	if m := checkedTurnRe.FindAllStringSubmatch(r.Last(), -1); m != nil {
		n, _ = strconv.Atoi(m[len(m)-1][1])
	}
	switch n {
	case 1:
		return `{"action": "speak", "text": "Morning! I could let it go for $580."}`
	case 2:
		return `{"action": "speak", "text": "Tell me more about the frame first."}`
	}
	return llmtest.Default(r)
}

// annotationsBy lists a recording's annotations of one source as
// "turn:kind:fact:said", in turn order (the model's arrive in any).
func annotationsBy(p played, source event.AnnotationSource) []string {
	text := map[int]string{}
	var out []string
	for _, ev := range p.rec.Events {
		switch {
		case ev.Kind == event.TurnCompleted:
			text[ev.Turn] = ev.Action.Text
		case ev.Kind == event.Annotated && ev.Annotation.Source == source:
			a := ev.Annotation
			r := []rune(text[ev.Turn])
			out = append(out, fmt.Sprintf("%02d:%s:%s:%s", ev.Turn, a.Kind, a.FactID, string(r[min(a.Start, len(r)):min(a.End, len(r))])))
		}
	}
	slices.Sort(out)
	return out
}

// TestLeakCheckAnnotatesApart: the model's findings are recorded as
// annotations of their turn with source "model", their kind the one the
// rules' provenance gives (a guess in AGENTS, a mind-read in
// MINDREADERS), their span the words the model quoted; the rules'
// annotations stay as they were; the ending counts the model's apart;
// and the report prints how the two agree. The judge, asked for too,
// wraps the check and scores as before.
func TestLeakCheckAnnotatesApart(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.Respond = bikeTalk
	f := testFactory(testConfig(srv))
	sc := resolve(t, "craigslist/road-bike")
	var agg report.Aggregator
	for mode, kind := range map[view.Mode]event.AnnotationKind{view.Agents: event.Guess, view.Mindreaders: event.MindRead} {
		spec := checked(episodeSpec(sc, mode, 1, f), f, 10*time.Second)
		spec.Annotate = f.Judge().Annotate(spec.Annotate)
		p := playWith(t, context.Background(), spec)
		k := string(kind)
		want := []string{"01:" + k + ":buyer-bottomline:$580", "02:" + k + ":seller-target:frame"}
		if got := annotationsBy(p, event.ByModel); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: the model check's annotations %q, want %q", mode, got, want)
		}
		if got, want := annotationsBy(p, event.ByRules), []string{"01:" + k + ":buyer-bottomline:580"}; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: the rules' annotations %q, want %q", mode, got, want)
		}
		if !strings.Contains(p.raw, `"source":"model"`) {
			t.Errorf("%s: the recording writes no source", mode)
		}
		m := p.rec.Footer.Ending.Metrics
		rulesMetric := map[event.AnnotationKind]string{event.Guess: metrics.Guesses, event.MindRead: metrics.MindReads}[kind]
		if m[rulesMetric] != 1 || m[metrics.CheckKey(rulesMetric)] != 2 || m[metrics.CheckTurns] != 20 || m[metrics.CheckFailed] != 0 || m[metrics.CheckCutOff] != 0 ||
			m[metrics.JudgeSeatKey(0, "goal")] != 6 {
			t.Errorf("%s: metrics %v: want the rules' %s 1, the model's 2, 20 turns checked, the judge's scores", mode, m, rulesMetric)
		}
		ep := report.FromRecording(p.rec)
		if !ep.Completed {
			t.Errorf("%s: a checked run does not count as completed", mode)
		}
		agg.Add(ep)
	}
	r := agg.Report()
	var table strings.Builder
	if err := r.WriteTable(&table, report.TableWidth); err != nil {
		t.Fatal(err)
	}
	out := table.String()
	// Guesses: of the 31 turn-facts (each turn and partner's fact, less
	// the buyer's limit for the seller once found), one both saw, one the
	// model alone; kappa (30/31 - 872/961) / (1 - 872/961) = 0.65.
	for _, line := range []string{"model check: guesses per episode", "model check: mind-reads per episode",
		"guesses      kappa 0.65  (31 items: both 1, rules only 0, model only 1)", "mind-reads   kappa 0.65  (31 items: both 1, rules only 0, model only 1)",
		"leaks        no kappa: no turn checked could have one", "disclosures  no kappa: neither check saw one (80 items)"} {
		if !strings.Contains(out, line) {
			t.Errorf("the report lacks %q:\n%s", line, out)
		}
	}
}

// TestLeakCheckInScriptFindsLeaks: in SCRIPT the writer held every fact,
// so the model's findings of the buyer's target in the seller's words are
// leaks, one in each turn that says them (the rules, which found none,
// leave the fact open to her).
func TestLeakCheckInScriptFindsLeaks(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.Respond = func(r *llmtest.Request) string {
		if llmtest.Checking(r) {
			return llmtest.ScriptedCheck(map[string]string{"buyer-target": "good to meet you"})(r)
		}
		return llmtest.Default(r)
	}
	f := testFactory(testConfig(srv))
	p := playWith(t, context.Background(), checked(episodeSpec(resolve(t, "craigslist/road-bike"), view.Script, 1, f), f, 10*time.Second))
	got := annotationsBy(p, event.ByModel)
	want := []string{"01:leak:buyer-target:Good to meet you", "07:leak:buyer-target:Good to meet you", "13:leak:buyer-target:Good to meet you"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the model check's annotations %q, want %q", got, want)
	}
}

// hungTurns runs the road bike in AGENTS with every leak check answered
// by fault, the end waiting at most wait, and returns what was played
// and when each turn was completed and the run ended.
func hungTurns(t *testing.T, fault func(*llmtest.Request) llmtest.Fault, wait time.Duration) (played, []time.Time, time.Time) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.Chaos = fault
	cfg := testConfig(srv)
	cfg.Timeout = 2 * time.Minute
	f := testFactory(cfg)
	spec := checked(episodeSpec(resolve(t, "craigslist/road-bike"), view.Agents, 1, f), f, wait)
	var completed []time.Time
	var ended time.Time
	p := playWatched(t, context.Background(), spec, func(ev event.Event) {
		switch ev.Kind {
		case event.TurnCompleted:
			completed = append(completed, time.Now())
		case event.RunEnded:
			ended = time.Now()
		}
	})
	return p, completed, ended
}

// checked is spec with the rules and the factory's leak check
// annotating, the end waiting at most wait.
func checked(spec episode.Spec, f *Factory, wait time.Duration) episode.Spec {
	spec.Annotate = check.Annotate(f.Checker(), wait, leak.Annotate)
	return spec
}

// TestHangingLeakChecksHoldNoTurnBack: with every check hanging, the
// twenty turns still follow each other as fast as the seats answer, the
// end waits for the checks no longer than its bound, and each check is
// counted and recorded as cut off, without counting against the run.
func TestHangingLeakChecksHoldNoTurnBack(t *testing.T) {
	const wait = 700 * time.Millisecond
	hang, _ := llmtest.HangWhen(llmtest.Checking)
	p, completed, ended := hungTurns(t, hang, wait)
	if len(completed) != 20 {
		t.Fatalf("%d turns completed, want 20", len(completed))
	}
	dialogue := completed[19].Sub(completed[0])
	atEnd := ended.Sub(completed[19])
	t.Logf("19 turns after the first took %v with every check hanging; the end waited %v (bound %v)", dialogue, atEnd, wait)
	if dialogue > 5*time.Second {
		t.Errorf("the turns took %v while the checks hung: they were held back", dialogue)
	}
	// The bound starts as the last turn completes, a moment before this
	// test sees that turn: allow that moment.
	if atEnd < wait-50*time.Millisecond || atEnd > wait+2*time.Second {
		t.Errorf("the end waited %v for the hanging checks, want the bound %v", atEnd, wait)
	}
	m := p.rec.Footer.Ending.Metrics
	if m[metrics.CheckTurns] != 20 || m[metrics.CheckCutOff] != 20 || m[metrics.CheckFailed] != 0 {
		t.Errorf("metrics %v: want 20 checks, all cut off", m)
	}
	cut := 0
	for _, ev := range p.rec.Events {
		if ev.Kind == event.Error && ev.Failure == event.CheckFailure && strings.Contains(ev.Error, "cut off") {
			cut++
		}
	}
	if cut != 20 {
		t.Errorf("%d cut-off checks recorded, want 20", cut)
	}
	if ep := report.FromRecording(p.rec); !ep.Completed || ep.Failures[event.CheckFailure] != 20 {
		t.Errorf("the run: completed %v, failures %v: want completed, 20 check failures counted apart", ep.Completed, ep.Failures)
	}
}

// TestFailingLeakChecksHoldNoTurnBack: a server that answers every check
// with an error fails each check (an error event of its turn, counted),
// and the run plays on to its own end without waiting.
func TestFailingLeakChecksHoldNoTurnBack(t *testing.T) {
	fail := func(r *llmtest.Request) llmtest.Fault {
		if llmtest.Checking(r) {
			return llmtest.Fault{Status: 400, Message: "no such model"}
		}
		return llmtest.Fault{}
	}
	p, completed, ended := hungTurns(t, fail, time.Minute)
	if len(completed) != 20 || ended.Sub(completed[19]) > 5*time.Second {
		t.Fatalf("%d turns; the end came %v after the last", len(completed), ended.Sub(completed[19]))
	}
	m := p.rec.Footer.Ending.Metrics
	if m[metrics.CheckTurns] != 20 || m[metrics.CheckFailed] != 20 || m[metrics.CheckCutOff] != 0 {
		t.Errorf("metrics %v: want 20 checks, all failed", m)
	}
	turns := map[int]bool{}
	for _, ev := range p.rec.Events {
		if ev.Kind == event.Error && ev.Failure == event.CheckFailure && strings.Contains(ev.Error, "leak check of turn") {
			turns[ev.Turn] = true
		}
	}
	if len(turns) != 20 {
		t.Errorf("errors name %d turns, want each of the 20", len(turns))
	}
}

// TestLeakCheckReasksThenKeepsTheOffendingText: an answer that is not
// the JSON asked for, or names a fact not in the list, is asked again
// once; a second bad answer is a check failure that keeps the model's
// text.
func TestLeakCheckReasksThenKeepsTheOffendingText(t *testing.T) {
	sc := resolve(t, "craigslist/road-bike")
	a := leak.New(sc, view.Agents)
	turn := event.Turn{Number: 1, Seat: 0, Speaker: "Dana Okafor", Backend: "fake", Action: event.Action{Type: event.Speak, Text: "I could do $580."}}
	q := check.Question{Scenario: sc, Mode: view.Agents, History: []event.Turn{turn}, Turn: turn, Open: a.Open(turn)}
	for _, c := range []struct {
		name    string
		replies []string
		found   int
		reply   string // kept with the failure
	}{
		{"good at once", []string{`{"facts": [{"id": "buyer-bottomline", "words": "$580"}]}`}, 1, ""},
		{"prose, then good", []string{"The turn gives away the buyer's limit.", `{"facts": []}`}, 0, ""},
		{"an id not asked about, twice", []string{`{"facts": [{"id": "listing-price", "words": "$580"}]}`, `{"facts": [{"id": "buyer-max", "words": "$580"}]}`}, 0, "buyer-max"},
		{"no words, then no facts key", []string{`{"facts": [{"id": "buyer-bottomline"}]}`, `{"found": []}`}, 0, `"found"`},
	} {
		srv := llmtest.Start()
		n := 0
		srv.Respond = func(*llmtest.Request) string {
			n++
			return c.replies[min(n, len(c.replies))-1]
		}
		ans, err := testFactory(testConfig(srv)).Checker().Ask(context.Background(), q)
		srv.Close()
		kind, reply := event.KindOf(err)
		switch {
		case c.reply == "" && (err != nil || len(ans.Findings) != c.found):
			t.Errorf("%s: findings %v, error %v", c.name, ans.Findings, err)
		case c.reply != "" && (kind != event.CheckFailure || !strings.Contains(reply, c.reply) || n != 2):
			t.Errorf("%s: %d calls, error %v of kind %s keeping %q: want a check failure after one re-ask keeping %q", c.name, n, err, kind, reply, c.reply)
		}
		if want := len(c.replies); n != want {
			t.Errorf("%s: %d calls, want %d", c.name, n, want)
		}
	}
}
