package leak

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// fixtures maps the corpus's fixture names to scenario files.
var fixtures = map[string]string{
	"laptop":                 "testdata/laptop.yaml",
	"lamp":                   "testdata/lamp.yaml",
	"cargo":                  "testdata/cargo.yaml",
	"chair":                  "testdata/chair.yaml",
	"deal":                   "testdata/deal.yaml",
	"friends":                "testdata/friends.yaml",
	"reunion":                "testdata/reunion.yaml",
	"road-bike":              "../../scenarios/craigslist-road-bike.yaml",
	"night-shift":            "../../scenarios/mutualfriends-night-shift.yaml",
	"sotopia-broken-lamp":    "../../scenarios/sotopia-broken-lamp.yaml",
	"sotopia-borrowed-money": "../../scenarios/sotopia-borrowed-money.yaml",
	"sotopia-surprise-trip":  "../../scenarios/sotopia-surprise-trip.yaml",
	"sotopia-team-lead":      "../../scenarios/sotopia-team-lead.yaml",
	"sotopia-family-dinner":  "../../scenarios/sotopia-family-dinner.yaml",
}

// categories are the corpus's categories in table order, with the names
// docs/METRICS.md gives them.
var categories = []struct{ slug, name string }{
	{"exact", "exact"}, {"worded", "worded"}, {"approx", "approximate"},
	{"units", "units and labels"}, {"phone", "phone/time/date"}, {"already", "already said"},
	{"bound", "negated bound"}, {"denial", "denial"}, {"reworded", "reworded secret"},
	{"relation", "relation for name"}, {"firstperson", "first-person phrase"},
}

// Scored kinds: the counted annotation kinds, then denials (annotations
// marked negated, which are not counted) and approximate mentions.
const (
	denialKind = "denial"
	approxKind = "approximate"
)

var scoredKinds = []string{"leak", "disclosure", "guess", "mind-read", "first-mention", denialKind, approxKind}

// label is one expected or found annotation of one utterance.
type label struct {
	line int // the utterance's line in corpus.txt
	kind string
	fact string
}

// utterance is one labelled line of the corpus.
type utterance struct {
	line     int
	category string
}

// readCorpus plays the corpus through the annotator and returns the
// expected and found labels and the utterances.
func readCorpus(t *testing.T) (want, got map[label]bool, utts []utterance) {
	t.Helper()
	f, err := os.Open("testdata/corpus.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want, got = map[label]bool{}, map[label]bool{}
	var (
		ann     *Annotator
		history []event.Turn
		person  event.Person
	)
	known := map[string]bool{}
	for _, c := range categories {
		known[c.slug] = true
	}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "=="):
			fields := strings.Fields(strings.TrimPrefix(line, "=="))
			if len(fields) < 2 || fixtures[fields[0]] == "" {
				t.Fatalf("corpus.txt:%d: want == FIXTURE MODE [person=own|all]", n)
			}
			s, err := scenario.LoadFile(fixtures[fields[0]])
			if err != nil {
				t.Fatalf("corpus.txt:%d: %v", n, err)
			}
			mode, err := view.ParseMode(fields[1])
			if err != nil {
				t.Fatalf("corpus.txt:%d: %v", n, err)
			}
			person = event.PersonSeesAll
			for _, opt := range fields[2:] {
				switch opt {
				case "person=own":
					person = event.PersonSeesOwn
				case "person=all":
				default:
					t.Fatalf("corpus.txt:%d: unknown option %q", n, opt)
				}
			}
			ann, history = New(s, mode), nil
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 4 || ann == nil {
			t.Fatalf("corpus.txt:%d: want SEAT| category | text | expected", n)
		}
		seatField := strings.TrimSpace(parts[0])
		backend := "builtin"
		if strings.HasSuffix(seatField, "p") {
			backend, seatField = "human", strings.TrimSuffix(seatField, "p")
		}
		if seatField != "0" && seatField != "1" {
			t.Fatalf("corpus.txt:%d: seat %q, want 0, 1, 0p or 1p", n, parts[0])
		}
		seat := int(seatField[0] - '0')
		cat := strings.TrimSpace(parts[1])
		if !known[cat] {
			t.Fatalf("corpus.txt:%d: unknown category %q", n, cat)
		}
		utts = append(utts, utterance{line: n, category: cat})
		for _, e := range strings.Split(parts[3], ";") {
			if e = strings.TrimSpace(e); e == "" {
				continue
			}
			kf := strings.Split(e, ":")
			if len(kf) < 2 || !slices.Contains(scoredKinds[:5], kf[0]) {
				t.Fatalf("corpus.txt:%d: bad label %q", n, e)
			}
			kind := kf[0]
			for _, mark := range kf[2:] {
				switch mark {
				case "neg":
					kind = denialKind
				case "approx":
					want[label{n, approxKind, kf[1]}] = true
				default:
					t.Fatalf("corpus.txt:%d: bad mark %q", n, mark)
				}
			}
			want[label{n, kind, kf[1]}] = true
		}
		history = append(history, event.Turn{Number: len(history) + 1, Seat: seat, Backend: backend, Person: person,
			Action: event.Action{Type: event.Speak, Text: strings.TrimSpace(parts[2])}})
		for _, a := range ann.Annotate(history) {
			if ann.typeOf(a.FactID) == scenario.TypeGoal {
				continue // goals are counted apart; the corpus labels what characters were told
			}
			switch {
			case a.Negated:
				got[label{n, denialKind, a.FactID}] = true
			case a.Approximate:
				got[label{n, approxKind, a.FactID}] = true
				fallthrough
			default:
				got[label{n, string(a.Kind), a.FactID}] = true
			}
		}
	}
	return want, got, utts
}

// typeOf is the type of the fact with the given id.
func (a *Annotator) typeOf(id string) scenario.FactType {
	for _, f := range a.facts {
		if f.ID == id {
			return f.TypeOf()
		}
	}
	return ""
}

// score counts true and false positives and false negatives among the
// labels of the given kinds on the given lines (nil: all lines).
type score struct{ tp, fp, fn int }

func (s score) precision() float64 { return ratio(s.tp, s.tp+s.fp) }
func (s score) recall() float64    { return ratio(s.tp, s.tp+s.fn) }

// String is "precision / recall", a dash for a figure with nothing to
// count (no annotation found, or none expected).
func (s score) String() string {
	p, r := "-", "-"
	if s.tp+s.fp > 0 {
		p = fmt.Sprintf("%.2f", s.precision())
	}
	if s.tp+s.fn > 0 {
		r = fmt.Sprintf("%.2f", s.recall())
	}
	if p == "-" && r == "-" {
		return "-"
	}
	return p + " / " + r
}

func scoreOf(want, got map[label]bool, kinds []string, lines map[int]bool) score {
	var s score
	in := func(l label) bool { return slices.Contains(kinds, l.kind) && (lines == nil || lines[l.line]) }
	for l := range got {
		if in(l) {
			if want[l] {
				s.tp++
			} else {
				s.fp++
			}
		}
	}
	for l := range want {
		if in(l) && !got[l] {
			s.fn++
		}
	}
	return s
}

// TestCorpus runs the annotator over the labelled corpus and prints the
// precision and recall of every kind, pooled and per category (the table
// in docs/METRICS.md; go test -run TestCorpus -v ./engine/leak). Each
// kind a study counts (leaks, mind-reads, guesses, disclosures) must reach
// precision 0.95 and recall 0.85, pooled over the categories.
func TestCorpus(t *testing.T) {
	want, got, utts := readCorpus(t)
	if len(utts) < 400 {
		t.Errorf("corpus has %d utterances, want at least 400", len(utts))
	}
	byCat := map[string]map[int]bool{}
	for _, u := range utts {
		if byCat[u.category] == nil {
			byCat[u.category] = map[int]bool{}
		}
		byCat[u.category][u.line] = true
	}
	counts := scoredKinds[:5]
	var b strings.Builder
	fmt.Fprintf(&b, "\n| category | utterances | leak | disclosure | guess | mind-read | all counted kinds | denial | approximate |\n|---|---|---|---|---|---|---|---|---|\n")
	row := func(name string, n int, lines map[int]bool) {
		fmt.Fprintf(&b, "| %s | %d |", name, n)
		for _, k := range []string{"leak", "disclosure", "guess", "mind-read"} {
			fmt.Fprintf(&b, " %s |", scoreOf(want, got, []string{k}, lines))
		}
		fmt.Fprintf(&b, " %s | %s | %s |\n", scoreOf(want, got, counts, lines),
			scoreOf(want, got, []string{denialKind}, lines), scoreOf(want, got, []string{approxKind}, lines))
	}
	for _, c := range categories {
		row(c.name, len(byCat[c.slug]), byCat[c.slug])
	}
	row("all", len(utts), nil)
	t.Log("precision / recall by category and kind:" + b.String())
	for _, kind := range scoredKinds {
		s := scoreOf(want, got, []string{kind}, nil)
		t.Logf("%-13s precision %.3f recall %.3f (tp %d, fp %d, fn %d)", kind, s.precision(), s.recall(), s.tp, s.fp, s.fn)
	}
	for _, kind := range []string{"leak", "mind-read", "guess", "disclosure"} {
		if s := scoreOf(want, got, []string{kind}, nil); s.precision() < 0.95 || s.recall() < 0.85 || s.tp == 0 {
			t.Errorf("%s: precision %.3f, recall %.3f; want at least 0.95 and 0.85", kind, s.precision(), s.recall())
		}
	}
	for _, l := range diff(got, want) {
		t.Log(l)
	}
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// diff lists the disagreements in line order, for a readable failure.
func diff(got, want map[label]bool) []string {
	type miss struct {
		l    label
		what string
	}
	var ms []miss
	for l := range got {
		if !want[l] {
			ms = append(ms, miss{l, "unexpected"})
		}
	}
	for l := range want {
		if !got[l] {
			ms = append(ms, miss{l, "missing"})
		}
	}
	sort.Slice(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.l.line != b.l.line {
			return a.l.line < b.l.line
		}
		return a.what+a.l.kind+a.l.fact < b.what+b.l.kind+b.l.fact
	})
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = fmt.Sprintf("corpus.txt:%d: %s %s %s", m.l.line, m.what, m.l.kind, m.l.fact)
	}
	return out
}
