package card

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

func readAll(t *testing.T, paths ...string) []*record.Recording {
	t.Helper()
	var out []*record.Recording
	for _, p := range paths {
		r, err := record.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// The card of the shipped road-bike recordings matches its golden file
// (testdata/TestCardGolden.golden); go test ./engine/card -run
// '^TestCardGolden$' -update rewrites it after the recordings change.
func TestCardGolden(t *testing.T) {
	paths, err := filepath.Glob("../../recordings/craigslist_road-bike-*.jsonl")
	if err != nil || len(paths) != 3 {
		t.Fatalf("shipped recordings: %v %v", paths, err)
	}
	var got bytes.Buffer
	if err := Write(&got, readAll(t, paths...)); err != nil {
		t.Fatal(err)
	}
	golden.RequireEqual(t, got.Bytes())
}

// The who-knew-what cells follow the Views: an AGENTS seat holds its own
// bottom line and not its partner's; the writer and mind-readers hold both.
func TestKnowledgeFollowsViews(t *testing.T) {
	recs := readAll(t, "../../recordings/craigslist_road-bike-script-s1.jsonl")
	sc := recs[0].Header.Scenario
	var b strings.Builder
	writeKnowledge(&b, sc, view.Modes)
	var sellerLine string
	for _, l := range strings.Split(b.String(), "\n") {
		for _, f := range sc.Seats[craigslist.SellerSeat].Facts {
			if f.ID == "seller-bottomline" && strings.HasPrefix(l, "| "+f.Text) {
				sellerLine = l
			}
		}
	}
	// columns: writer, AGENTS seller, AGENTS buyer, MINDREADERS seller, MINDREADERS buyer
	want := "| Dana (seat 0) | yes | yes | no | yes | yes |"
	if !strings.HasSuffix(sellerLine, want) {
		t.Errorf("seller bottom line row %q, want it to end %q", sellerLine, want)
	}
}

// A batch of many scenarios gets one who-knew-what example per family and
// its runs summed by mode, not a section per scenario.
func TestBatchCardSummarizes(t *testing.T) {
	base := readAll(t, "../../recordings/craigslist_road-bike-script-s1.jsonl", "../../recordings/craigslist_road-bike-agents-s1.jsonl")
	var recs []*record.Recording
	for i := range 8 {
		for _, r := range base {
			c := *r
			sc := *r.Header.Scenario
			sc.ID = fmt.Sprintf("craigslist/gen-%d", i+1)
			c.Header.Scenario, c.Header.Seed = &sc, int64(i+1)
			recs = append(recs, &c)
		}
	}
	var b strings.Builder
	if err := Write(&b, recs); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	if n := strings.Count(s, "### Who knew what"); n != 1 {
		t.Errorf("%d who-knew-what tables, want 1", n)
	}
	for _, want := range []string{"## All 8 scenarios", "`craigslist/gen-8`", "| SCRIPT | 8 | 8 | builtin-writer | builtin-writer | 1 to 8 |", "| AGENTS | 8 |"} {
		if !strings.Contains(s, want) {
			t.Errorf("the card lacks %q:\n%s", want, s)
		}
	}
}

// A run made against an endpoint carries its endpoint and sampling
// parameters in the header; the card states them, naming the runs they
// belong to when the others (here a built-in run) have none.
func TestCardStatesRecordedSettings(t *testing.T) {
	recs := readAll(t, "../../recordings/craigslist_road-bike-script-s1.jsonl", "../../recordings/craigslist_road-bike-agents-s1.jsonl")
	recs[1].Header.Settings = map[string]string{"endpoint": "http://127.0.0.1:8080/v1", "temperature": "0.7", "max_tokens": "512", "model.seat0": "m|x"}
	var b strings.Builder
	if err := Write(&b, recs); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	if strings.Contains(s, "not part of recording format") {
		t.Errorf("the card still says sampling parameters cannot be recorded:\n%s", s)
	}
	i := strings.Index(s, "### Endpoint and sampling")
	if i < 0 {
		t.Fatalf("no settings section:\n%s", s)
	}
	section := s[i:]
	for _, want := range []string{"`" + filepath.Base(recs[1].Path) + "`", "| temperature | 0.7 |", "| max_tokens | 512 |", "| endpoint | http://127.0.0.1:8080/v1 |", `| model.seat0 | m\|x |`, "The other run names no endpoint"} {
		if !strings.Contains(section, want) {
			t.Errorf("the settings section lacks %q:\n%s", want, section)
		}
	}
	if strings.Contains(section[:strings.Index(section, "| setting |")], filepath.Base(recs[0].Path)) {
		t.Errorf("the built-in run is named among those with settings:\n%s", section)
	}
}

// TestCardKeepsParaphrasesPrivate: a card names a fact by its text and
// prints none of its paraphrases (they are as private as the fact, and a
// card is for publishing).
func TestCardKeepsParaphrasesPrivate(t *testing.T) {
	sc, err := scenario.LoadFile("../../scenarios/sotopia-broken-lamp.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	writeKnowledge(&b, sc, view.Modes)
	n := 0
	for _, f := range sc.Facts() {
		if !strings.Contains(b.String(), f.Text) {
			t.Errorf("the card lacks the fact %q", f.Text)
		}
		for _, p := range f.Paraphrases {
			n++
			if strings.Contains(b.String(), p) {
				t.Errorf("the card prints %s's paraphrase %q", f.ID, p)
			}
		}
	}
	if n == 0 {
		t.Fatal("the scenario has no paraphrases; the test checks nothing")
	}
}

// Goal completion is named by what scored it: runs whose endings carry
// no rule-based goal completion but a judge's scores (a free-form
// scenario) get the judge's goal completion, and the card does not say
// a rule computed it.
func TestCardNamesWhoScoredTheGoals(t *testing.T) {
	recs := readAll(t, "../../recordings/craigslist_road-bike-script-s1.jsonl", "../../recordings/craigslist_road-bike-agents-s1.jsonl")
	for i, r := range recs {
		m := r.Ending().Metrics
		for _, k := range []string{metrics.GoalCompletion, metrics.GoalCompletionSeat0, metrics.GoalCompletionSeat1} {
			delete(m, k)
		}
		m[metrics.JudgeSeatKey(0, "goal")], m[metrics.JudgeSeatKey(1, "goal")] = 7, float64(5+i)
	}
	var b strings.Builder
	if err := Write(&b, recs); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	for _, want := range []string{"goal completion (judge, 0-10) is the LLM judge's goal score", "| goal completion (judge, 0-10) | 6.00 (n=1) | 6.50 (n=1) |"} {
		if !strings.Contains(s, want) {
			t.Errorf("the card lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "computed by rule") || strings.Contains(s, "(rule, 0-10)") {
		t.Errorf("the card says a rule scored judged goals:\n%s", s)
	}
}

// TestCardCountsTheModelCheckApart: the model check's findings get a
// table of their own and leave the rules' counts as they were; a card of
// unchecked runs has no such table.
func TestCardCountsTheModelCheckApart(t *testing.T) {
	recs := readAll(t, "../../recordings/craigslist_road-bike-agents-s1.jsonl")
	var plain bytes.Buffer
	if err := Write(&plain, recs); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain.String(), "model's leak check") {
		t.Fatal("a card of unchecked runs speaks of the model's check")
	}
	rec := recs[0]
	rules := Counts(rec.Events)
	for i, ev := range rec.Events {
		if ev.Kind == event.TurnCompleted {
			found := event.Event{RunID: ev.RunID, Kind: event.Annotated, Turn: ev.Turn, Seat: ev.Seat,
				Annotation: &event.Annotation{Kind: event.Guess, FactID: "seller-bottomline", Source: event.ByModel}}
			rec.Events = append(rec.Events[:i+1], append([]event.Event{found, found}, rec.Events[i+1:]...)...)
			break
		}
	}
	if got := Counts(rec.Events); fmt.Sprint(got) != fmt.Sprint(rules) {
		t.Errorf("the rules' counts became %v with the model's findings, were %v", got, rules)
	}
	var checked bytes.Buffer
	if err := Write(&checked, recs); err != nil {
		t.Fatal(err)
	}
	_, model, ok := strings.Cut(checked.String(), "### The model's leak check")
	if !ok || !strings.Contains(model, "| AGENTS | 0 | 0 | 2 | 0 | 0 |") {
		t.Errorf("no table of the model's two guesses:\n%s", checked.String())
	}
}

// The SCRIPT row names the instruction its model writer was given, the
// study's or the careful one (careful for a model run recorded before it
// was named); a built-in writer, which has no prompt, gets no name.
func TestCardNamesTheWritersInstruction(t *testing.T) {
	const path = "../../recordings/craigslist_road-bike-script-s1.jsonl"
	scriptRow := func(recs []*record.Recording) string {
		var b strings.Builder
		if err := Write(&b, recs); err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(b.String(), "\n") {
			if strings.HasPrefix(l, "| SCRIPT | one writer") {
				return l
			}
		}
		t.Fatalf("no SCRIPT row:\n%s", b.String())
		return ""
	}
	if row := scriptRow(readAll(t, path)); strings.Contains(row, "instruction") {
		t.Errorf("the built-in writer is said to have an instruction: %s", row)
	}
	recs := readAll(t, path, path)
	recs[0].Header.Settings = map[string]string{"model.writer": "m", record.SettingWriterPrompt: "study"}
	recs[1].Header.Settings = map[string]string{"model.writer": "m"}
	if row := scriptRow(recs); !strings.Contains(row, "the model writer's instruction: study, careful (`--writer-prompt`") {
		t.Errorf("the SCRIPT row does not name both instructions: %s", row)
	}
}
