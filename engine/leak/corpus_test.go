package leak

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// fixtures maps the corpus's fixture names to scenario files.
var fixtures = map[string]string{
	"laptop":      "testdata/laptop.yaml",
	"friends":     "testdata/friends.yaml",
	"road-bike":   "../../scenarios/craigslist-road-bike.yaml",
	"night-shift": "../../scenarios/mutualfriends-night-shift.yaml",
	"broken-lamp": "../../scenarios/sotopia-broken-lamp.yaml",
}

// label is one expected or found annotation: block, turn, kind and fact.
type label struct {
	block, turn int
	kind        string
	fact        string
}

// TestCorpus runs the annotator over the labelled corpus and checks the
// precision and recall of every annotation kind, and of the negated mark.
func TestCorpus(t *testing.T) {
	f, err := os.Open("testdata/corpus.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want, got := map[label]bool{}, map[label]bool{}
	var (
		ann     *Annotator
		history []run.Turn
		block   int
		lines   int
	)
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "=="):
			fields := strings.Fields(strings.TrimPrefix(line, "=="))
			s, err := scenario.LoadFile(fixtures[fields[0]])
			if err != nil {
				t.Fatalf("corpus.txt:%d: %v", n, err)
			}
			mode, err := view.ParseMode(fields[1])
			if err != nil {
				t.Fatalf("corpus.txt:%d: %v", n, err)
			}
			ann, history, block = New(s, mode), nil, block+1
			continue
		}
		parts := strings.SplitN(line, "|", 3)
		if len(parts) != 3 || ann == nil {
			t.Fatalf("corpus.txt:%d: want SEAT| text | expected", n)
		}
		seat, err := strconv.Atoi(parts[0])
		if err != nil {
			t.Fatalf("corpus.txt:%d: seat: %v", n, err)
		}
		lines++
		turn := len(history)
		for _, e := range strings.Split(parts[2], ";") {
			if e = strings.TrimSpace(e); e == "" {
				continue
			}
			kf := strings.Split(e, ":")
			want[label{block, turn, kf[0], kf[1]}] = true
			if len(kf) == 3 && kf[2] == "neg" {
				want[label{block, turn, "negated", kf[1]}] = true
			}
		}
		history = append(history, run.Turn{Number: turn + 1, Seat: seat, Action: event.Action{Type: event.Speak, Text: strings.TrimSpace(parts[1])}})
		for _, a := range ann.Annotate(history) {
			got[label{block, turn, string(a.Kind), a.FactID}] = true
			if a.Negated {
				got[label{block, turn, "negated", a.FactID}] = true
			}
		}
	}
	if lines < 150 {
		t.Errorf("corpus has %d utterances, want at least 150", lines)
	}
	for _, kind := range []string{"leak", "disclosure", "mind-read", "first-mention", "negated"} {
		tp, fp, fn := 0, 0, 0
		for l := range got {
			if l.kind == kind {
				if want[l] {
					tp++
				} else {
					fp++
				}
			}
		}
		for l := range want {
			if l.kind == kind && !got[l] {
				fn++
			}
		}
		p, r := ratio(tp, tp+fp), ratio(tp, tp+fn)
		t.Logf("%-13s precision %.3f recall %.3f (tp %d, fp %d, fn %d)", kind, p, r, tp, fp, fn)
		if p < 0.95 || r < 0.95 || tp == 0 {
			t.Errorf("%s: precision %.3f, recall %.3f; want both at least 0.95", kind, p, r)
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

// diff lists the disagreements, for a readable failure.
func diff(got, want map[label]bool) []string {
	var out []string
	for l := range got {
		if !want[l] {
			out = append(out, fmt.Sprintf("unexpected: block %d turn %d %s %s", l.block, l.turn+1, l.kind, l.fact))
		}
	}
	for l := range want {
		if !got[l] {
			out = append(out, fmt.Sprintf("missing: block %d turn %d %s %s", l.block, l.turn+1, l.kind, l.fact))
		}
	}
	sort.Strings(out)
	return out
}
