package browse

import (
	"context"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/view"
)

// folder is a study's folder as the tests list it: built-in twins of
// three modes, a scenario played in AGENTS alone, a SCRIPT and an AGENTS
// run imported from one source episode under different seeds, a cocoa
// transcript file of people's dialogue and a file that is no recording.
type folder struct {
	paths  []string // what Read is given
	twins  string   // the built-in study's folder
	lone   string   // the AGENTS-only run
	broken string   // the unreadable file
}

var (
	made     folder
	makeOnce sync.Once
)

// fixture makes the folder once for the package's tests; they only read it.
func fixture(t *testing.T) folder {
	t.Helper()
	makeOnce.Do(func() { made = makeFolder(t) })
	if made.twins == "" {
		t.Fatal("the fixture could not be made")
	}
	return made
}

func makeFolder(t *testing.T) folder {
	root, err := os.MkdirTemp("", "browse-")
	if err != nil {
		t.Fatal(err)
	}
	fixtureRoot = root // the package's TestMain removes it
	f := folder{twins: filepath.Join(root, "twins"), lone: filepath.Join(root, "lone")}
	study := func(dir string, refs []string, modes []view.Mode, episodes int) {
		_, err := batch.Study(context.Background(), batch.Options{Refs: refs, Modes: modes, Episodes: episodes, Seed: 1, Concurrency: 2,
			OutDir: dir, Resolve: library.Resolve, Factory: builtin.Factory{}, Annotate: leak.Annotate})
		if err != nil {
			t.Fatal(err)
		}
	}
	study(f.twins, []string{"craigslist/gen-*"}, view.Modes, 4)
	study(f.lone, []string{"craigslist/road-bike"}, []view.Mode{view.Agents}, 1)
	imports := filepath.Join(root, "imports")
	os.Mkdir(imports, 0o755)
	runs, _ := filepath.Glob(filepath.Join(f.twins, "*.jsonl"))
	src := &record.Source{Format: "sotopia/episodes_to_jsonl", File: "ep.jsonl", Episode: "01TESTEPISODE"}
	copyAs(t, runs[0], filepath.Join(imports, "a.jsonl"), view.Agents, 70, src)
	copyAs(t, runs[1], filepath.Join(imports, "b.jsonl"), view.Script, 71, src)
	f.broken = filepath.Join(imports, "broken.jsonl")
	os.WriteFile(f.broken, []byte("{not json\n"), 0o644)
	f.paths = []string{f.twins, f.lone, imports, "../interop/cocoa/testdata/two-in-a-row.json"}
	return f
}

var fixtureRoot string

func TestMain(m *testing.M) {
	code := m.Run()
	if fixtureRoot != "" {
		os.RemoveAll(fixtureRoot)
	}
	os.Exit(code)
}

// copyAs writes the recording at from again at to, as a run of mode and
// seed imported from source.
func copyAs(t *testing.T, from, to string, mode view.Mode, seed int64, source *record.Source) {
	rec, err := record.Read(from)
	if err != nil {
		t.Fatal(err)
	}
	h := rec.Header
	h.Mode, h.Seed, h.Source = mode, seed, source
	h.RunID = strings.TrimSuffix(filepath.Base(to), ".jsonl")
	w, err := record.Create(to, h)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range rec.Events {
		if err := w.Event(ev); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(rec.Ending()); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T) *Index {
	t.Helper()
	ix, err := Read(context.Background(), fixture(t).paths, io.Discard, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func byID(t *testing.T, ix *Index, id string) *Group {
	t.Helper()
	for _, g := range ix.Groups {
		if g.ID == id {
			return g
		}
	}
	var ids []string
	for _, g := range ix.Groups {
		ids = append(ids, g.ID)
	}
	t.Fatalf("no group %s among %v", id, ids)
	return nil
}

// One group per episode: the built-in twins of each seed together in
// the three modes, the imported pair by its source episode although its
// seeds differ, the AGENTS-only run and the people's dialogue alone, and
// the unreadable file a group that says why.
func TestTwinsAreGroupedByScenarioAndSeedOrSourceEpisode(t *testing.T) {
	f := fixture(t)
	ix := read(t)
	if ix.Runs != 12+1+2+1+1 || len(ix.Groups) != 4+1+1+1+1 {
		t.Fatalf("%d runs in %d groups, want 17 in 8", ix.Runs, len(ix.Groups))
	}
	if !slices.Equal(ix.Modes, []view.Mode{view.Script, view.Agents, view.Mindreaders, view.Humans}) {
		t.Errorf("modes %v", ix.Modes)
	}
	for seed := 1; seed <= 4; seed++ {
		g := byID(t, ix, "craigslist_gen-"+string(rune('0'+seed))+"-s"+string(rune('0'+seed)))
		var modes []view.Mode
		for _, r := range g.Runs {
			modes = append(modes, r.Column)
		}
		if !slices.Equal(modes, view.Modes) || g.Family != "craigslist" || g.Goal != metrics.GoalCompletion {
			t.Errorf("%s: modes %v, family %s, goal %s", g.ID, modes, g.Family, g.Goal)
		}
		// The figures are the report's, read from the whole recordings.
		want := map[view.Mode]report.Episode{}
		for _, r := range g.Runs {
			rec, err := record.ReadTurns(context.Background(), r.Path)
			if err != nil {
				t.Fatal(err)
			}
			want[r.Column] = report.FromRecording(rec)
			if end := rec.Ending(); r.Reason != end.Reason || r.Outcome != end.Outcome.Summary || r.Outcome == "" {
				t.Errorf("%s %s: ended %s, %q; want %s, %q", g.ID, r.Column, r.Reason, r.Outcome, end.Reason, end.Outcome.Summary)
			}
			for _, k := range kept {
				if v, ok := want[r.Column].Metrics[k]; ok != r.Figure(k).OK || v != r.Figures[k] {
					t.Errorf("%s %s %s: %v, report %v (%v)", g.ID, r.Column, k, r.Figure(k), v, ok)
				}
			}
		}
		gap := want[view.Script].Metrics[metrics.GoalCompletion] - want[view.Agents].Metrics[metrics.GoalCompletion]
		if !g.Gap.OK || math.Abs(g.Gap.Value-gap) > 1e-12 || g.GapOf != metrics.GoalCompletion {
			t.Errorf("%s: gap %+v of %s, want %v", g.ID, g.Gap, g.GapOf, gap)
		}
	}
	imported := byID(t, ix, "01TESTEPISODE")
	if len(imported.Runs) != 2 || imported.Run(view.Script) == nil || imported.Run(view.Agents) == nil || !imported.Gap.OK || imported.Source != "01TESTEPISODE" {
		t.Errorf("imported pair: %d runs, gap %+v", len(imported.Runs), imported.Gap)
	}
	lone := byID(t, ix, "craigslist_road-bike-s1")
	if len(lone.Runs) != 1 || lone.Gap.OK || lone.Gap.Why != "no gap: the group has no SCRIPT run" {
		t.Errorf("lone run: %d runs, gap %+v", len(lone.Runs), lone.Gap)
	}
	people := byID(t, ix, "C_twice")
	if r := people.Run(view.Humans); r == nil || !r.Ended || r.Dialogue == nil || people.Gap.OK || r.texts.Load() == nil {
		t.Errorf("people's dialogue: %+v", people)
	}
	broken := byID(t, ix, "broken.jsonl")
	if p := broken.Problem(); !strings.Contains(p, f.broken+":1: not a JSON header") || broken.Gap.OK || !strings.Contains(broken.Gap.Why, p) {
		t.Errorf("unreadable: problem %q, gap %+v", p, broken.Gap)
	}
}

// A second run of a mode among twins (another model's, a fork's) makes a
// second group of them, /2, which keeps the runs of its own models
// together.
func TestASecondRunOfAModeMakesASecondGroup(t *testing.T) {
	f := fixture(t)
	dir := t.TempDir()
	runs, _ := filepath.Glob(filepath.Join(f.twins, "craigslist_gen-1-*.jsonl"))
	for _, p := range runs {
		rec, _ := record.ReadHeader(context.Background(), p)
		copyAs(t, p, filepath.Join(dir, "a-"+filepath.Base(p)), rec.Header.Mode, 1, nil)
	}
	ix, err := Read(context.Background(), []string{f.twins, dir}, io.Discard, nil)
	if err != nil {
		t.Fatal(err)
	}
	one, two := byID(t, ix, "craigslist_gen-1-s1"), byID(t, ix, "craigslist_gen-1-s1/2")
	if len(one.Runs) != 3 || len(two.Runs) != 3 || one.Key != two.Key {
		t.Errorf("groups of %d and %d runs", len(one.Runs), len(two.Runs))
	}
}

// Sorting by any column puts what has no figure last both ways, and
// orders the rest; text columns sort with their numbers as numbers.
func TestSortPutsBlanksLast(t *testing.T) {
	ix := read(t)
	cols := ix.Columns()
	for _, c := range cols {
		for _, desc := range []bool{true, false} {
			gs := slices.Clone(ix.Groups)
			Sort(gs, c, desc)
			seenBlank := false
			for i, g := range gs {
				cell := c.Cell(g)
				has := cell.OK || !c.Numeric && cell.Text != ""
				if seenBlank && has {
					t.Errorf("%s desc=%v: %s (%q) after a blank", c.Key, desc, g.ID, cell.Text)
				}
				seenBlank = seenBlank || !has
				if i == 0 || !has || seenBlank {
					continue
				}
				prev := c.Cell(gs[i-1])
				var n int
				if c.Numeric {
					n = cmpFloat(prev.Value, cell.Value)
				} else {
					n = natural(strings.ToLower(prev.Text), strings.ToLower(cell.Text))
				}
				if desc {
					n = -n
				}
				if n > 0 {
					t.Errorf("%s desc=%v: %q before %q", c.Key, desc, prev.Text, cell.Text)
				}
			}
		}
	}
	gap, _ := ColumnByKey(cols, "gap")
	gs := slices.Clone(ix.Groups)
	Sort(gs, gap, true)
	if !gs[0].Gap.OK || gs[len(gs)-1].Gap.OK {
		t.Errorf("by gap: first %+v, last %+v", gs[0].Gap, gs[len(gs)-1].Gap)
	}
	if natural("gen-2", "gen-10") >= 0 || natural("gen-10", "gen-2") <= 0 || natural("a01", "a1") != 0 {
		t.Error("natural order")
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// The filter language: words, keys, comparisons and negation, each
// checked against the groups it should keep.
func TestFilterLanguage(t *testing.T) {
	ix := read(t)
	ids := func(filter string) []string {
		f, err := ParseFilter(filter)
		if err != nil {
			t.Fatalf("%q: %v", filter, err)
		}
		var out []string
		for _, g := range f.Select(ix.Groups) {
			out = append(out, g.ID)
		}
		slices.Sort(out)
		return out
	}
	builtins := []string{"craigslist_gen-1-s1", "craigslist_gen-2-s2", "craigslist_gen-3-s3", "craigslist_gen-4-s4"}
	// The scenario's own title, whatever the generator made of gen-2.
	title := strings.Fields(byID(t, ix, "craigslist_gen-2-s2").Title)[0]
	checks := []struct {
		filter string
		want   []string
	}{
		{"mode:mindreaders", builtins},
		{"MODE:HUMANS", []string{"C_twice"}},
		{"-mode:script family:crai", []string{"craigslist_road-bike-s1"}},
		{"family:dealornodeal", []string{"C_twice"}},
		{"model:humans", []string{"C_twice"}},
		{"01test", []string{"01TESTEPISODE"}},
		{"broken", []string{"broken.jsonl"}},
		{"gap>-1000", append([]string{"01TESTEPISODE"}, builtins...)},
		{"agents.turns>0 -script.turns>0", []string{"craigslist_road-bike-s1"}},
		{"humans.turns>=1", []string{"C_twice"}},
		{"turns<0", nil},
	}
	for _, c := range checks {
		if got := ids(c.filter); !slices.Equal(got, c.want) {
			t.Errorf("%q: %v, want %v", c.filter, got, c.want)
		}
	}
	if got := ids(`"` + strings.ToUpper(title) + `"`); !slices.Contains(got, "craigslist_gen-2-s2") {
		t.Errorf("the title %q finds %v", title, got)
	}
	// Every group whose runs have a leak, and only those.
	var leaky []string
	for _, g := range ix.Groups {
		if anyRun(g, func(r *Run) bool { return r.Figures[metrics.Leaks] > 0 }) {
			leaky = append(leaky, g.ID)
		}
	}
	slices.Sort(leaky)
	if len(leaky) == 0 || !slices.Equal(ids("kind:leak"), leaky) || !slices.Equal(ids("kind:leaks"), leaky) {
		t.Errorf("kind:leak %v, want %v", ids("kind:leak"), leaky)
	}
	// How each run ended: every built-in group has one whose reason or
	// summary says so.
	for _, g := range ix.Groups {
		for _, r := range g.Runs {
			if r.Ended && !slices.Contains(ids("ended:"+string(r.Reason)), g.ID) {
				t.Errorf("ended:%s does not keep %s", r.Reason, g.ID)
			}
		}
	}
	// A goal below a bound: a run of the group has one.
	for _, g := range ix.Groups {
		low := anyRun(g, func(r *Run) bool { return r.Figure(g.Goal).OK && r.Figures[g.Goal] < 5 })
		if slices.Contains(ids("goal<5"), g.ID) != low {
			t.Errorf("goal<5 and %s (a run below 5: %v)", g.ID, low)
		}
	}
	for filter, want := range map[string]string{
		`"open`:         "quote is not closed",
		"color:red":     "color: is not a filter",
		"kind:gossip":   "kind:gossip is no annotation kind (leak, mind-read, guess, disclosure)",
		"gap>=lots":     `"lots" is not a number`,
		"ending>3":      "ending is no number",
		"robots.goal<3": "robots is no mode",
	} {
		if _, err := ParseFilter(filter); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", filter, err, want)
		}
	}
}

// The search reads the turns once, in the background, and finds every
// turn that holds the words, case folded, marking them in the turn's
// own text; a turn's words found through another case and a non-ASCII
// letter are marked at their own bytes.
func TestSearchFindsTheTurnsThatHoldTheWords(t *testing.T) {
	ix := read(t)
	if p := ix.TextsRead(); p.Total != 0 || ix.TextsDone() != nil {
		t.Fatalf("texts read before LoadTexts: %+v", p)
	}
	ix.LoadTexts(context.Background())
	<-ix.TextsDone()
	p := ix.TextsRead()
	if !p.Done || p.Read != 16 || p.Failed != 0 || p.Total != 16 {
		t.Fatalf("texts: %+v", p)
	}
	g := byID(t, ix, "craigslist_gen-3-s3")
	rec, err := record.ReadTurns(context.Background(), g.Run(view.Agents).Path)
	if err != nil {
		t.Fatal(err)
	}
	var want []record.TurnText
	for _, ev := range rec.Events {
		if ev.Kind == event.TurnCompleted {
			want = append(want, record.TurnText{Turn: ev.Turn, Speaker: ev.Speaker, Text: ev.Action.Text})
		}
	}
	if got := g.Run(view.Agents).Turns(); !reflect.DeepEqual(got, want) {
		t.Errorf("the run's turns:\n%+v\nwant\n%+v", got, want)
	}
	var turn event.Event
	for _, ev := range rec.Events {
		if ev.Kind == event.TurnCompleted && len(ev.Action.Text) > 30 {
			turn = ev
		}
	}
	words := turn.Action.Text[10:30]
	hits, n := ix.Search(strings.ToUpper(words), ix.Groups, 0)
	found := false
	for _, h := range hits {
		if h.Text[h.Start:h.End] != words && !strings.EqualFold(h.Text[h.Start:h.End], words) {
			t.Errorf("hit %q marks %q", h.Text, h.Text[h.Start:h.End])
		}
		found = found || h.Group == g && h.Run.Column == view.Agents && h.Turn == turn.Turn
	}
	if !found || n != len(hits) {
		t.Errorf("%q: %d hits (%d counted), the turn found %v", words, len(hits), n, found)
	}
	if hits, n := ix.Search(strings.ToUpper(words), ix.Groups, 1); len(hits) != 1 || n < 1 {
		t.Errorf("limit 1: %d hits of %d", len(hits), n)
	}
	if hits, _ := ix.Search(words, []*Group{byID(t, ix, "C_twice")}, 0); len(hits) != 0 {
		t.Errorf("the people's dialogue holds %q", words)
	}
	if start, end := unfold("Zoë SAID ÉTÉ", len("zoë said "), len("été")); start != len("Zoë SAID ") || end != len("Zoë SAID ÉTÉ") {
		t.Errorf("unfold: %d..%d", start, end)
	}
}

// An episode is found by its group's id, a run's id or the start of one;
// a start shared by several is refused, naming them.
func TestFindAnEpisode(t *testing.T) {
	ix := read(t)
	for id, want := range map[string]string{
		"craigslist_gen-2-s2":         "craigslist_gen-2-s2",
		"craigslist_gen-2-agents-s2":  "craigslist_gen-2-s2",
		"CRAIGSLIST_GEN-4":            "craigslist_gen-4-s4",
		"01test":                      "01TESTEPISODE",
		"c_tw":                        "C_twice",
		"craigslist_road-bike-agents": "craigslist_road-bike-s1",
	} {
		g, err := ix.Find(id)
		if err != nil || g.ID != want {
			t.Errorf("%s: %v, %v; want %s", id, g, err, want)
		}
	}
	for id, want := range map[string]string{
		"craigslist_gen": "names 4 episodes: craigslist_gen-1-s1, craigslist_gen-2-s2, craigslist_gen-3-s3, craigslist_gen-4-s4",
		"nothing":        "no episode of that id among 8",
		"broken":         "no episode of that id",
		"":               "name an episode",
	} {
		if _, err := ix.Find(id); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", id, err, want)
		}
	}
}

// What a recording says reaches the list cleaned: no escape sequence or
// control character of its title, family, players, run id, source
// episode or ending survives, in any column.
func TestTextFromRecordingsIsCleaned(t *testing.T) {
	dir := t.TempDir()
	esc := `\u001b]52;c;eA==\u0007\u001b[2J`
	header := `{"kind":"header","format":1,"run":"r` + esc + `","scenario":{"id":"x/y","title":"T` + esc + `","family":"craigslist` + esc + `"},` +
		`"mode":"agents","backends":["m` + esc + `","b"],"seed":1,"source":{"format":"sotopia/x","episode":"E` + esc + `"}}`
	footer := `{"kind":"footer","ending":{"reason":"left` + esc + `","outcome":{"summary":"s` + esc + `"},"turns":1,"metrics":{"turns":1},"notes":{"not_measured.goal_completion":"why` + esc + `"}}}`
	os.WriteFile(filepath.Join(dir, "x\x1b[31m.jsonl"), []byte(header+"\n"+footer+"\n"), 0o644)
	ix, err := Read(context.Background(), []string{dir}, io.Discard, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := ix.Groups[0]
	r := g.Runs[0]
	texts := []string{g.ID, g.Title, string(g.Family), g.Source, g.Models(), r.RunID, r.Title, string(r.Reason), r.Outcome, r.Figure(metrics.GoalCompletion).Why}
	for _, c := range ix.Columns() {
		cell := c.Cell(g)
		texts = append(texts, cell.Text, cell.Why)
	}
	for _, s := range texts {
		if strings.ContainsAny(s, "\x1b\x07") {
			t.Errorf("%q reaches the list", s)
		}
	}
	if !strings.Contains(r.Figure(metrics.GoalCompletion).Why, "not measured: why") {
		t.Errorf("the reason not measured: %q", r.Figure(metrics.GoalCompletion).Why)
	}
}
