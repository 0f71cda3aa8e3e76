package episodes_test

import (
	"bufio"
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/card"
	"github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/engine/interop/sotopia/episodes"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/page"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// dealLabel is one row of testdata/craigslist-deals.tsv.
type dealLabel struct {
	deal  bool
	price float64
	turn  int
}

func readDealLabels(t *testing.T) map[string]dealLabel {
	t.Helper()
	f, err := os.Open("testdata/craigslist-deals.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]dealLabel{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 4 || c[1] != "deal" && c[1] != "none" {
			t.Fatalf("craigslist-deals.tsv:%d: want EPISODE, deal or none, PRICE, TURN", n)
		}
		l := dealLabel{deal: c[1] == "deal"}
		if l.deal {
			if l.price, err = strconv.ParseFloat(c[2], 64); err != nil {
				t.Fatalf("craigslist-deals.tsv:%d: %v", n, err)
			}
			if l.turn, err = strconv.Atoi(c[3]); err != nil {
				t.Fatalf("craigslist-deals.tsv:%d: %v", n, err)
			}
		}
		out[c[0]] = l
	}
	return out
}

// TestCraigslistDealsAsLabelled: every Craigslist episode of the shared
// Sotopia-PI and sotopia-rl folders is labelled, and the deal reader
// reads each as its label says: deal or none, the price within $1, the
// turn of the acceptance.
func TestCraigslistDealsAsLabelled(t *testing.T) {
	labels := readDealLabels(t)
	d, err := sotopia.Read(shareddata.Path(t, "sotopia"))
	if err != nil {
		t.Fatal(err)
	}
	im := &episodes.Importer{Profiles: d}
	base := shareddata.Path(t, "sotopia-episodes")
	read := map[string]bool{}
	right, deals := 0, 0
	for _, dir := range []string{"sotopia-pi-human-eval", "sotopia-rl"} {
		err := episodes.Walk(context.Background(), []string{filepath.Join(base, dir)}, func(e *episodes.Episode) error {
			imp, err := im.Import(e)
			if err != nil {
				t.Fatalf("%s: %v", e.At, err)
			}
			if imp.Transcript.Scenario.Family != scenario.Craigslist {
				return nil
			}
			folder := filepath.Base(filepath.Dir(e.At.File))
			if dir == "sotopia-rl" {
				folder = dir
			}
			id := folder + "/" + e.PK
			read[id] = true
			want, ok := labels[id]
			if !ok {
				t.Errorf("%s is a Craigslist episode with no label", id)
				return nil
			}
			o := imp.Transcript.Ending.Outcome
			sale, _ := o.Terms.(craigslist.Sale)
			switch {
			case o.Reading == nil || o.Reading.Rule != craigslist.WordsRule:
				t.Errorf("%s: read by %+v, want the rule %s", id, o.Reading, craigslist.WordsRule)
			case sale.Deal != want.deal:
				t.Errorf("%s: deal %v, labelled %v (%s)", id, sale.Deal, want.deal, o.Summary)
			case want.deal && (sale.Price == nil || math.Abs(*sale.Price-want.price) > 1):
				t.Errorf("%s: %s, labelled $%g", id, o.Summary, want.price)
			case want.deal && o.Reading.Turn != want.turn:
				t.Errorf("%s: accepted at turn %d, labelled %d", id, o.Reading.Turn, want.turn)
			default:
				right++
			}
			if want.deal {
				deals++
			}
			return nil
		}, func(p interop.Problem) { t.Errorf("skipped: %v", p) })
		if err != nil {
			t.Fatal(err)
		}
	}
	for id := range labels {
		if !read[id] {
			t.Errorf("%s is labelled but was not read as a Craigslist episode", id)
		}
	}
	t.Logf("%d Craigslist episodes labelled (%d deals); %d read, their %d records as labelled", len(labels), deals, len(read), right)
}

// importedRecording imports one shared episode with the profiles and
// reads its recording back.
func importedRecording(t *testing.T, im *episodes.Importer, path string) *record.Recording {
	t.Helper()
	var rec *record.Recording
	err := episodes.Read(context.Background(), path, func(e *episodes.Episode) error {
		imp, err := im.Import(e)
		if err != nil {
			return err
		}
		out, err := imp.Transcript.WriteRecording(context.Background(), t.TempDir(), imp.Seed, imp.Annotate)
		if err != nil {
			return err
		}
		rec, err = record.Read(out)
		return err
	}, func(p interop.Problem) { t.Fatalf("%v", p) })
	if err != nil || rec == nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rec
}

// An imported Craigslist deal is recorded as a played one is (the deal,
// its price and what follows from them, the rule that read it named),
// and an imported Deal-or-No-Deal dialogue, whose rule reads moves, has
// no agreement or goal completion but a note that says why; the card and
// the study page say "not measured" and why, never 0.
func TestImportedOutcomesAsRecorded(t *testing.T) {
	d, err := sotopia.Read(shareddata.Path(t, "sotopia"))
	if err != nil {
		t.Fatal(err)
	}
	im := &episodes.Importer{Profiles: d}
	base := shareddata.Path(t, "sotopia-episodes/sotopia-pi-human-eval")
	deal := importedRecording(t, im, filepath.Join(base, "GPT3.5-BC/01HMN7B1RB1QWKMV3MXKN4GYPT.json"))
	end := deal.Ending()
	sale, _ := end.Outcome.Terms.(craigslist.Sale)
	if !sale.Deal || sale.Price == nil || *sale.Price != 40 || end.Outcome.Reading == nil || end.Outcome.Reading.Rule != craigslist.WordsRule || end.Outcome.Reading.Turn != 8 {
		t.Errorf("the deal's outcome: %+v (%+v)", end.Outcome, end.Outcome.Reading)
	}
	for key, want := range map[string]float64{metrics.Deal: 1, metrics.Price: 40, metrics.PriceFraction: 40.0 / 60} {
		if got, ok := end.Metrics[key]; !ok || math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v (present %v), want %v", key, got, ok, want)
		}
	}
	if _, ok := end.Metrics[metrics.GoalCompletion]; !ok {
		t.Errorf("no goal completion of a read deal: %v", end.Metrics)
	}

	var division *record.Recording
	err = episodes.Walk(context.Background(), []string{base}, func(e *episodes.Episode) error {
		imp, err := im.Import(e)
		if err != nil || division != nil || imp.Transcript.Scenario.Family != scenario.DealOrNoDeal {
			return err
		}
		division = importedRecording(t, im, e.At.File)
		return nil
	}, func(p interop.Problem) { t.Fatalf("%v", p) })
	if err != nil || division == nil {
		t.Fatalf("no Deal-or-No-Deal episode: %v", err)
	}
	end = division.Ending()
	for _, key := range []string{"agreement", metrics.GoalCompletion} {
		if v, ok := end.Metrics[key]; ok {
			t.Errorf("%s = %v, want it not measured", key, v)
		}
		if !strings.Contains(end.Notes[metrics.NotMeasuredKey(key)], "cannot read the outcome from free text") {
			t.Errorf("no note on why %s is not measured: %v", key, end.Notes)
		}
	}

	var c bytes.Buffer
	if err := card.Write(&c, []*record.Recording{deal, division}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| deal rate | 1.00 (n=1) |", "| agreement rate | not measured: the dealornodeal rule cannot read the outcome from free text |",
		"by the rule `" + craigslist.WordsRule + "`"} {
		if !strings.Contains(c.String(), want) {
			t.Errorf("the card lacks %q:\n%s", want, c.String())
		}
	}
	if strings.Contains(c.String(), "| agreement rate | 0.00") {
		t.Errorf("the card gives an agreement rate of 0:\n%s", c.String())
	}

	var html bytes.Buffer
	r := report.Aggregate([]report.Episode{report.FromRecording(deal), report.FromRecording(division)})
	if err := page.WriteStudy(&html, r, nil, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html.String(), `not measured<span class="ci unmeasured">the dealornodeal rule cannot read the outcome from free text</span>`) {
		t.Errorf("the study page does not say why agreement is not measured")
	}
	html.Reset()
	if err := page.WriteEpisode(&html, []*record.Recording{division}, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html.String(), `<dt>agreement rate</dt><dd>not measured: the dealornodeal rule cannot read the outcome from free text</dd>`) {
		t.Errorf("the episode page does not say why agreement is not measured")
	}
}
