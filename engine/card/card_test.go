package card

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

var update = flag.Bool("update", false, "rewrite the golden cards from the shipped recordings")

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

// The card of the shipped road-bike recordings matches its golden file;
// go test ./engine/card -update rewrites it after the recordings change.
func TestCardGolden(t *testing.T) {
	paths, err := filepath.Glob("../../recordings/craigslist_road-bike-*.jsonl")
	if err != nil || len(paths) != 3 {
		t.Fatalf("shipped recordings: %v %v", paths, err)
	}
	var got bytes.Buffer
	if err := Write(&got, readAll(t, paths...)); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "road-bike.md")
	if *update {
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("card differs from %s (run with -update if the recordings changed on purpose):\n%s", golden, got.String())
	}
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
