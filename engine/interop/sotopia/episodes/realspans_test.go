package episodes_test

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/fact/derive"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/engine/interop/sotopia/episodes"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// Every annotation the rules make on the shared real episodes, judged
// span by span by reading (engine/leak/testdata/real-spans.txt): the span
// precision figures of docs/METRICS.md ("On real episodes").

const realSpans = "../../../leak/testdata/real-spans.txt"

// spansTodo names a file (outside the repository: it quotes the data)
// to which the annotations not yet judged are written, with their turn,
// for a person to read and judge.
var spansTodo = flag.String("spans-todo", "", "write the annotations not yet judged, with their text, to this file")

// spanKey names one annotation: the Sotopia episode, the turn (0-based,
// as imported), the fact and the code-point span.
type spanKey struct {
	episode    string
	turn       int
	fact       string
	start, end int
}

func (k spanKey) String() string {
	return fmt.Sprintf("%s %d %s %d %d", k.episode, k.turn, k.fact, k.start, k.end)
}

// verdict is one judgment: whether the marked words state the fact of
// its owner at that turn, and, when not, why (a short category).
type verdict struct {
	right bool
	why   string
	line  int
}

func readSpanJudgments(t *testing.T) map[spanKey]verdict {
	t.Helper()
	f, err := os.Open(realSpans)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[spanKey]verdict{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line, note, _ := strings.Cut(sc.Text(), "#")
		fs := strings.Fields(line)
		if len(fs) == 0 {
			continue
		}
		bad := func() { t.Fatalf("%s:%d: want EPISODE TURN FACT START END right|wrong [# why]", realSpans, n) }
		if len(fs) != 6 || fs[5] != "right" && fs[5] != "wrong" {
			bad()
		}
		var nums [3]int
		for i, s := range []string{fs[1], fs[3], fs[4]} {
			if nums[i], err = strconv.Atoi(s); err != nil {
				bad()
			}
		}
		k := spanKey{episode: fs[0], turn: nums[0], fact: fs[2], start: nums[1], end: nums[2]}
		if old, dup := out[k]; dup {
			t.Fatalf("%s:%d: %v judged again (first at line %d)", realSpans, n, k, old.line)
		}
		out[k] = verdict{right: fs[5] == "right", why: strings.TrimSpace(note), line: n}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// realAnnotation is one annotation made on a shared episode, with what a
// reader needs to judge it.
type realAnnotation struct {
	key   spanKey
	kind  string // the annotation's kind; "denial" for a negated one
	typ   string // the fact's type
	fact  string // the fact's text
	said  string // the turn's text
	prior string // the turn before it
	who   string // the speaker's and the owner's seats
}

// sharedEpisodeFiles reads every real episode of the shared data once (by
// its pk), from every file: Sotopia-PI's evaluation files, the
// sotopia-rl examples and the raw EpisodeLog; and the files read.
func sharedEpisodeFiles(t *testing.T) ([]*episodes.Episode, []string) {
	t.Helper()
	var paths []string
	for _, name := range []string{"GPT3.5-BC", "GPT3.5-BC-SR", "GPT3.5-GPT3.5", "GPT3.5-MistralInstruct", "GPT3.5-SR"} {
		paths = append(paths, shareddata.Path(t, "sotopia-episodes/sotopia-pi-human-eval/"+name))
	}
	paths = append(paths, shareddata.Path(t, "sotopia-episodes/sotopia-rl/example_episodes_with_scores.jsonl"),
		shareddata.Path(t, "sotopia-episodes/sotopia-rl/example_episodes.jsonl"),
		shareddata.Path(t, "sotopia-episodes/raw-episodelog/episode_example.json"))
	seen := map[string]bool{}
	var out []*episodes.Episode
	err := episodes.Walk(context.Background(), paths, func(e *episodes.Episode) error {
		if e.PK == "" {
			t.Fatalf("%v: an episode without a pk", e.At)
		}
		if !seen[e.PK] {
			seen[e.PK] = true
			out = append(out, e)
		}
		return nil
	}, func(p interop.Problem) { t.Fatalf("%v", p) })
	if err != nil {
		t.Fatal(err)
	}
	return out, paths
}

// annotateShared imports every shared episode in mode, as `episodes
// import` does with --profiles (joined to Sotopia's profiles) or without
// (each scenario made from its episode's own text, its words weighed
// against every episode's), and returns the rules' annotations.
func annotateShared(t *testing.T, eps []*episodes.Episode, paths []string, mode view.Mode, profiles bool) []realAnnotation {
	t.Helper()
	importer := &episodes.Importer{Mode: mode}
	if profiles {
		d, err := sotopia.Read(shareddata.Path(t, "sotopia"))
		if err != nil {
			t.Fatal(err)
		}
		importer.Profiles = d
	} else {
		texts, err := episodes.Texts(context.Background(), paths)
		if err != nil {
			t.Fatal(err)
		}
		importer.Words = derive.Library().With(texts)
	}
	var out []realAnnotation
	for _, ep := range eps {
		im, err := importer.Import(ep)
		if err != nil {
			t.Fatalf("%s: %v", ep.PK, err)
		}
		sc := im.Transcript.Scenario
		facts := map[string]scenario.Fact{}
		for _, f := range leak.Facts(sc) {
			facts[f.ID] = f
		}
		ann := leak.New(sc, mode)
		var history []event.Turn
		for i, tu := range im.Transcript.Turns {
			history = append(history, tu)
			for _, a := range ann.Annotate(history) {
				f := facts[a.FactID]
				kind := string(a.Kind)
				if a.Negated {
					kind = "denial"
				}
				prior := ""
				if i > 0 {
					prior = im.Transcript.Turns[i-1].Action.Text
				}
				out = append(out, realAnnotation{
					key:  spanKey{episode: ep.PK, turn: i, fact: a.FactID, start: a.Start, end: a.End},
					kind: kind, typ: string(f.TypeOf()), fact: f.Text, said: tu.Action.Text, prior: prior,
					who: fmt.Sprintf("speaker seat %d, fact of %v", tu.Seat, f.Owner),
				})
			}
		}
	}
	return out
}

// spanScore counts judged annotations of one kind and type.
type spanScore struct{ right, wrong int }

func (s spanScore) String() string {
	if s.right+s.wrong == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f (%d of %d)", float64(s.right)/float64(s.right+s.wrong), s.right, s.right+s.wrong)
}

// TestRealSpans reads every annotation the rules make on the shared real
// episodes, as AGENTS and as SCRIPT, against the judgments: each must be
// judged (-spans-todo writes the ones that are not), and it prints span
// precision per kind and fact type. It fails when a guess or leak of what
// a side was told is wrong more than once in ten, or when disclosures'
// span precision falls below 0.92.
func TestRealSpans(t *testing.T) {
	eps, paths := sharedEpisodeFiles(t)
	judged := readSpanJudgments(t)
	scores := map[string]map[string]*spanScore{} // kind, type
	var todo []realAnnotation
	seen := map[spanKey]bool{}
	var wrong []string
	for _, way := range []struct {
		mode     view.Mode
		profiles bool
	}{{view.Agents, true}, {view.Script, true}, {view.Agents, false}, {view.Script, false}} {
		mode := way.mode
		for _, a := range annotateShared(t, eps, paths, mode, way.profiles) {
			v, ok := judged[a.key]
			if !ok {
				if !seen[a.key] {
					todo = append(todo, a)
				}
				seen[a.key] = true
				continue
			}
			if scores[a.kind] == nil {
				scores[a.kind] = map[string]*spanScore{}
			}
			if scores[a.kind][a.typ] == nil {
				scores[a.kind][a.typ] = &spanScore{}
			}
			s := scores[a.kind][a.typ]
			if v.right {
				s.right++
				continue
			}
			s.wrong++
			said := []rune(a.said)
			wrong = append(wrong, fmt.Sprintf("%s %s: %s %s on %q (%s)", mode, a.key.episode, a.kind, a.key.fact,
				string(said[min(a.key.start, len(said)):min(a.key.end, len(said))]), v.why))
		}
	}
	t.Logf("%d episodes", len(eps))
	kinds := make([]string, 0, len(scores))
	for k := range scores {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		var all spanScore
		var parts []string
		for _, typ := range realTypes {
			if s := scores[k][typ]; s != nil {
				all.right, all.wrong = all.right+s.right, all.wrong+s.wrong
				parts = append(parts, typ+" "+s.String())
			}
		}
		t.Logf("%-13s %v: %s", k, all, strings.Join(parts, ", "))
	}
	sort.Strings(wrong)
	for _, w := range wrong {
		t.Logf("wrong: %s", w)
	}
	if len(todo) > 0 {
		if *spansTodo != "" {
			writeSpansTodo(t, todo)
		}
		t.Fatalf("%d annotations are not judged in %s (go test -run TestRealSpans -spans-todo FILE writes them, to be read)", len(todo), realSpans)
	}
	claims := spanScore{}
	for _, k := range []string{"guess", "leak", "mind-read"} {
		for _, typ := range []string{"extra", "secret", "amount", "item-value"} {
			if s := scores[k][typ]; s != nil {
				claims.right, claims.wrong = claims.right+s.right, claims.wrong+s.wrong
			}
		}
	}
	if claims.wrong*10 > claims.right+claims.wrong {
		t.Errorf("guesses and leaks of what a side was told: %v right; want at most 1 in 10 wrong", claims)
	}
	disc := spanScore{}
	for _, s := range scores["disclosure"] {
		disc.right, disc.wrong = disc.right+s.right, disc.wrong+s.wrong
	}
	if float64(disc.right) < 0.92*float64(disc.right+disc.wrong) {
		t.Errorf("disclosures: %v right; want 0.92 or more", disc)
	}
}

// writeSpansTodo writes the annotations not yet judged, each with its
// turn and the one before, and a judgment line to complete.
func writeSpansTodo(t *testing.T, todo []realAnnotation) {
	t.Helper()
	var b strings.Builder
	for _, a := range todo {
		said := []rune(a.said)
		s, e := min(a.key.start, len(said)), min(a.key.end, len(said))
		fmt.Fprintf(&b, "## %s | %s | %s\n", a.kind, a.typ, a.who)
		fmt.Fprintf(&b, "FACT: %s\n", a.fact)
		fmt.Fprintf(&b, "BEFORE: %s\n", a.prior)
		fmt.Fprintf(&b, "TURN: %s[[%s]]%s\n", string(said[:s]), string(said[s:e]), string(said[e:]))
		fmt.Fprintf(&b, "%v ?\n\n", a.key)
	}
	if err := os.WriteFile(*spansTodo, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d annotations to judge to %s", len(todo), filepath.Clean(*spansTodo))
}
