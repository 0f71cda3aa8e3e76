package episodes_test

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/engine/interop/sotopia/episodes"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// The real episodes labelled turn by turn by reading
// (engine/leak/testdata/real-episodes.txt), spoken through the annotator
// as AGENTS and as SCRIPT: the figures of docs/METRICS.md.

const realLabels = "../../../leak/testdata/real-episodes.txt"

// realFact is one private fact a label declares.
type realFact struct {
	key   string // owner's first name, a dot, a short name
	owner string // first name, lowered
	typ   string // secret, extra, amount, item-value, goal
	arg   string // extra: the piece's number; amount: the figure; item-value: "item value"
}

// realEpisode is one labelled episode.
type realEpisode struct {
	id    string // PAIRING/PK
	line  int
	facts []realFact
	turns []realTurn
}

// realTurn is one labelled turn.
type realTurn struct {
	number  int
	speaker string // first name, lowered
	states  []string
	line    int
}

func readRealLabels(t *testing.T) []*realEpisode {
	t.Helper()
	f, err := os.Open(realLabels)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []*realEpisode
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, "== "):
			out = append(out, &realEpisode{id: strings.TrimPrefix(line, "== "), line: n})
		case len(out) == 0:
			t.Fatalf("%s:%d: a line before the first episode", realLabels, n)
		case strings.HasPrefix(line, "fact "):
			fs := strings.Fields(line)
			if len(fs) < 3 || !strings.Contains(fs[1], ".") {
				t.Fatalf("%s:%d: want fact KEY TYPE [ARG]", realLabels, n)
			}
			ep := out[len(out)-1]
			ep.facts = append(ep.facts, realFact{key: fs[1], owner: strings.SplitN(fs[1], ".", 2)[0], typ: fs[2], arg: strings.Join(fs[3:], " ")})
		default:
			head, states, ok := strings.Cut(line, "|")
			hs := strings.Fields(head)
			num, err := strconv.Atoi(hs[0])
			if !ok || len(hs) != 2 || err != nil {
				t.Fatalf("%s:%d: want TURN SPEAKER | KEYS", realLabels, n)
			}
			ep := out[len(out)-1]
			rt := realTurn{number: num, speaker: strings.ToLower(hs[1]), states: strings.Fields(states), line: n}
			for _, k := range rt.states {
				if !slices.ContainsFunc(ep.facts, func(f realFact) bool { return f.key == k }) {
					t.Fatalf("%s:%d: fact %q is not declared", realLabels, n, k)
				}
			}
			ep.turns = append(ep.turns, rt)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// realType is a fact's type, read from its id and kind so that the rules
// before fact types are measured alike.
func realType(f scenario.Fact) string {
	switch {
	case strings.HasSuffix(f.ID, "-secret"):
		return "secret"
	case strings.HasSuffix(f.ID, "-goal"):
		return "goal"
	case strings.Contains(f.ID, "-value-"):
		return "item-value"
	case f.Kind == scenario.FactPrice:
		return "amount"
	}
	return "extra"
}

// labelOf is the label key a fact of sc stands for, or "".
func labelOf(sc *scenario.Scenario, f scenario.Fact, facts []realFact) string {
	if f.Owner != 0 && f.Owner != 1 {
		return ""
	}
	owner := strings.ToLower(sc.FirstName(int(f.Owner)))
	typ := realType(f)
	for _, rf := range facts {
		if rf.owner != owner || rf.typ != typ {
			continue
		}
		switch typ {
		case "secret", "goal":
			return rf.key
		case "extra":
			if strings.HasSuffix(f.ID, "-extra-"+rf.arg) {
				return rf.key
			}
		case "amount":
			v, _ := strconv.ParseFloat(rf.arg, 64)
			if f.Number != nil && math.Abs(*f.Number-v) <= 0.5 {
				return rf.key
			}
		case "item-value":
			item, _, _ := strings.Cut(rf.arg, " ")
			if strings.HasSuffix(f.ID, "-value-"+item) {
				return rf.key
			}
		}
	}
	return ""
}

// realScore counts one kind of annotation against the labels.
type realScore struct{ tp, fp, fn int }

func (s realScore) String() string {
	p, r := "-", "-"
	if s.tp+s.fp > 0 {
		p = fmt.Sprintf("%.2f", float64(s.tp)/float64(s.tp+s.fp))
	}
	if s.tp+s.fn > 0 {
		r = fmt.Sprintf("%.2f", float64(s.tp)/float64(s.tp+s.fn))
	}
	return fmt.Sprintf("%s / %s (%d found, %d wrong, %d missed)", p, r, s.tp, s.fp, s.fn)
}

// realResult is what one mode's annotations scored, by fact type.
type realResult struct {
	disclosure map[string]*realScore
	unknown    map[string]int // guesses (AGENTS) or leaks (SCRIPT) by type: none is labelled
	wrong      []string       // every annotation that is not a labelled statement
	missed     []string       // every labelled statement not annotated
	turns      int
}

var realTypes = []string{"amount", "extra", "secret", "item-value", "goal"}

// playReal speaks every labelled episode through the annotator in mode.
func playReal(t *testing.T, mode view.Mode) realResult {
	t.Helper()
	d, err := sotopia.Read(shareddata.Path(t, "sotopia"))
	if err != nil {
		t.Fatal(err)
	}
	importer := &episodes.Importer{Profiles: d, Mode: mode}
	res := realResult{disclosure: map[string]*realScore{}, unknown: map[string]int{}}
	for _, typ := range realTypes {
		res.disclosure[typ] = &realScore{}
	}
	base := shareddata.Path(t, "sotopia-episodes/sotopia-pi-human-eval")
	for _, le := range readRealLabels(t) {
		var ep *episodes.Episode
		err = episodes.Read(context.Background(), filepath.Join(base, le.id+".json"), func(e *episodes.Episode) error {
			ep = e
			return nil
		}, func(p interop.Problem) { t.Fatalf("%s: %v", le.id, p) })
		if err != nil || ep == nil {
			t.Fatalf("%s: %v", le.id, err)
		}
		im, err := importer.Import(ep)
		if err != nil {
			t.Fatalf("%s: %v", le.id, err)
		}
		sc := im.Transcript.Scenario
		seatOf := map[string]int{}
		for s := range sc.Seats {
			seatOf[strings.ToLower(sc.FirstName(s))] = s
		}
		first := realFirstNumber(t, le, ep)
		ann := leak.New(sc, mode)
		facts := leak.Facts(sc)
		byID := map[string]scenario.Fact{}
		for _, f := range facts {
			byID[f.ID] = f
		}
		labelled := map[[2]string]bool{} // turn number, label key
		for _, rt := range le.turns {
			for _, k := range rt.states {
				labelled[[2]string{strconv.Itoa(rt.number), k}] = true
			}
		}
		marked := map[string]bool{} // label keys annotated so far
		var history []event.Turn
		for i, tu := range im.Transcript.Turns {
			number := first + i
			history = append(history, tu)
			if tu.Action.Type != event.None {
				res.turns++
			}
			found := map[string]bool{}
			before := len(ann.Marks())
			ann.Annotate(history)
			for _, mk := range ann.Marks()[before:] { // goals' disclosures too, which are counted, not drawn
				a := mk.Annotation
				if a.Negated || a.Approximate {
					continue
				}
				f := byID[a.FactID]
				key := labelOf(sc, f, le.facts)
				ftype := realType(f)
				if a.Kind == event.Disclosure {
					if key != "" && labelled[[2]string{strconv.Itoa(number), key}] {
						res.disclosure[ftype].tp++
						found[key], marked[key] = true, true
						continue
					}
					res.disclosure[ftype].fp++
					marked[key] = key != ""
				} else {
					res.unknown[ftype]++
				}
				said := []rune(tu.Action.Text)
				res.wrong = append(res.wrong, fmt.Sprintf("%s turn %d: %s %s on %q", le.id, number, a.Kind, a.FactID, string(said[min(a.Start, len(said)):min(a.End, len(said))])))
			}
			for _, rt := range le.turns {
				if rt.number != number {
					continue
				}
				for _, k := range rt.states {
					if found[k] {
						continue
					}
					rf := le.facts[slices.IndexFunc(le.facts, func(f realFact) bool { return f.key == k })]
					if marked[k] {
						res.disclosure[rf.typ].tp++ // a repeat of a fact already marked is found
						continue
					}
					res.disclosure[rf.typ].fn++
					res.missed = append(res.missed, fmt.Sprintf("%s turn %d: %s (%s)", le.id, number, k, rf.typ))
				}
			}
		}
	}
	sort.Strings(res.wrong)
	return res
}

// realFirstNumber is the number the files give the episode's first turn
// (0 or 1): the one under which every labelled turn's speaker is the
// reader's.
func realFirstNumber(t *testing.T, le *realEpisode, ep *episodes.Episode) int {
	t.Helper()
	for _, first := range []int{0, 1} {
		ok := true
		for _, rt := range le.turns {
			i := rt.number - first
			ok = ok && i >= 0 && i < len(ep.Turns) && strings.EqualFold(strings.Fields(ep.Agents[ep.Turns[i].Agent].Name)[0], rt.speaker)
		}
		if ok {
			return first
		}
	}
	t.Fatalf("%s:%d: the labelled turns' speakers are not the episode's", realLabels, le.line)
	return 0
}

// TestRealEpisodes holds the annotator to the targets of issue 27 on the
// labelled real episodes, and prints the figures docs/METRICS.md gives:
// in AGENTS at most 2 false guesses, as SCRIPT at most 2 false leaks,
// and disclosures of own extra information, secrets and amounts at
// precision 0.90 and recall 0.80 or better.
func TestRealEpisodes(t *testing.T) {
	agents, script := playReal(t, view.Agents), playReal(t, view.Script)
	var all realScore
	for _, typ := range []string{"amount", "extra", "secret"} {
		s := agents.disclosure[typ]
		all.tp, all.fp, all.fn = all.tp+s.tp, all.fp+s.fp, all.fn+s.fn
	}
	t.Logf("%d turns", agents.turns)
	for _, typ := range realTypes {
		t.Logf("%-10s disclosure %v; AGENTS guesses %d; SCRIPT leaks %d", typ, agents.disclosure[typ], agents.unknown[typ], script.unknown[typ])
	}
	t.Logf("own extra information, secrets and amounts: disclosure %v", all)
	for _, w := range agents.wrong {
		t.Logf("AGENTS %s", w)
	}
	for _, m := range agents.missed {
		t.Logf("missed %s", m)
	}
	for _, w := range script.wrong {
		if !strings.Contains(w, " disclosure ") {
			t.Logf("SCRIPT %s", w)
		}
	}
	guesses, leaks := 0, 0
	for _, typ := range realTypes[:4] { // goals are counted apart
		guesses += agents.unknown[typ]
		leaks += script.unknown[typ]
	}
	p := float64(all.tp) / math.Max(1, float64(all.tp+all.fp))
	r := float64(all.tp) / math.Max(1, float64(all.tp+all.fn))
	if agents.turns < 300 || guesses > 2 || leaks > 2 || p < 0.90 || r < 0.80 {
		t.Errorf("%d turns, %d false guesses, %d false leaks, disclosure precision %.2f recall %.2f; want 300+, at most 2, at most 2, 0.90 and 0.80",
			agents.turns, guesses, leaks, p, r)
	}
}
