package tui

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/browse"
	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
)

// studyIndex is the index of a built-in study of 14 Craigslist episodes
// in the three modes, with their turns read; the recordings are gone once
// it is made, so opening a group is the tests' own (openSynthetic).
var studyIndex = sync.OnceValues(func() (*browse.Index, error) {
	dir, err := os.MkdirTemp("", "tui-browse-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "study")
	if _, err := batch.Study(context.Background(), batch.Options{Refs: []string{"craigslist/gen-*"}, Modes: view.Modes, Episodes: 14, Seed: 1,
		Concurrency: 2, OutDir: out, Resolve: library.Resolve, Factory: builtin.Factory{}, Annotate: leak.Annotate}); err != nil {
		return nil, err
	}
	ix, err := browse.Read(context.Background(), []string{out}, io.Discard, nil)
	if err != nil {
		return nil, err
	}
	ix.LoadTexts(context.Background())
	<-ix.TextsDone()
	return ix, nil
})

// opened records the groups a browse model opened.
type opened struct{ groups []*browse.Group }

// open is a group's comparison as the tests show it: the synthetic
// scenario in the three modes, its panes fed by hand.
func (o *opened) open(g *browse.Group) (Comparison, error) {
	o.groups = append(o.groups, g)
	return Comparison{Scenario: tuitest.Scenario(), Modes: view.Modes, Seed: 1}, nil
}

// browseModel is the list of studyIndex on a w x h screen, and what it
// opens.
func browseModel(t testing.TB, w, h int) (*model, *opened) {
	t.Helper()
	ix, err := studyIndex()
	if err != nil {
		t.Fatal(err)
	}
	o := &opened{}
	s := &session{ctx: context.Background(), opts: Options{Browse: &BrowseOptions{Index: ix, Open: o.open}}, feed: newFeed(frameInterval)}
	t.Cleanup(func() { s.feed.close() })
	m := newModel(s, nil)
	m.Update(resize(w, h))
	return m, o
}

// showOpened names the panes of the episode just opened as syntheticModel
// does, so batchFor feeds them.
func showOpened(m *model) {
	for _, p := range m.panes {
		p.Show("run-"+string(p.Mode()), [2]string{"fixture", "fixture"})
	}
}

// The list opens sorted by the gap, biggest first, blanks last, one row
// per episode, with the count in the title; every screen size draws
// exactly its cells.
func TestBrowseListsEveryEpisodeByItsGap(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		m, _ := browseModel(t, size[0], size[1])
		screen := m.render()
		checkScreen(t, screen, size[0], size[1])
		plain := ansi.Strip(screen)
		if !strings.Contains(plain, "omnigap browse · 14 episodes, 42 recordings") || !strings.Contains(plain, "sorted by gap ↓") {
			t.Errorf("%v: title:\n%s", size, plain)
		}
		list := m.browsing.list
		shown := list.Shown()
		for i := 1; i < len(shown); i++ {
			if a, b := shown[i-1].Gap, shown[i].Gap; a.OK && b.OK && a.Value < b.Value || !a.OK && b.OK {
				t.Errorf("%v: %s (%+v) before %s (%+v)", size, shown[i-1].ID, a, shown[i].ID, b)
			}
		}
		if first := shown[0]; !strings.Contains(plain, first.ID[:min(len(first.ID), 18)]) {
			t.Errorf("%v: the first row %s is not on screen:\n%s", size, first.ID, plain)
		}
	}
}

// At 80 columns the list shows SCRIPT's columns alone; → brings AGENTS'
// and MINDREADERS' into view a column at a time, keeping the sort and the
// gap and scenario in place, stops once the last column shows, and ←
// goes back to where it started.
func TestBrowseArrowsScrollTheColumns(t *testing.T) {
	m, _ := browseModel(t, 80, 24)
	heads := func() string { return strings.Split(ansi.Strip(m.render()), "\n")[1] }
	start := heads()
	if !strings.Contains(start, "SCRIPT") || strings.Contains(start, "AGENTS") {
		t.Fatalf("the first screen's mode headings: %q", start)
	}
	steps := 0
	for ; steps < 60 && !strings.Contains(heads(), "MINDREADERS"); steps++ {
		m.Update(press("right"))
	}
	if !strings.Contains(heads(), "MINDREADERS") {
		t.Fatalf("→ %d times never showed MINDREADERS' columns: %q", steps, heads())
	}
	for range 60 {
		m.Update(press("right"))
	}
	plain := ansi.Strip(m.render())
	if !strings.Contains(plain, "family") || !strings.Contains(plain, "gap↓") || !strings.Contains(plain, "scenario") {
		t.Errorf("at the right end, the last column and the frozen ones:\n%s", plain)
	}
	if !strings.Contains(plain, "sorted by gap ↓") {
		t.Errorf("scrolling changed the sort:\n%s", plain)
	}
	for range 120 {
		m.Update(press("left"))
	}
	if got := heads(); got != start {
		t.Errorf("← back to the start: %q, want %q", got, start)
	}
}

// An episode opened from the list and left with q or esc leaves the list
// as it was: its filter, its order and the row selected; the hit list it
// was opened from comes back in its place.
func TestBrowseComesBackToTheListAsItWas(t *testing.T) {
	m, o := browseModel(t, 120, 40)
	m.Update(press("f"))
	typeInto(m, "turns>3")
	m.Update(press("enter"))
	m.Update(press(">"))
	m.Update(press("r"))
	m.Update(press("j"))
	m.Update(press("j"))
	list := m.browsing.list
	before := ansi.Strip(m.render())
	want := list.Shown()[2]
	for _, back := range []string{"q", "esc"} {
		if _, cmd := m.Update(press("enter")); cmd == nil || len(o.groups) == 0 || o.groups[len(o.groups)-1] != want {
			t.Fatalf("enter opened %v, want %s", o.groups, want.ID)
		}
		showOpened(m)
		feedTurns(m, 5)
		if s := ansi.Strip(m.render()); !strings.Contains(s, "AGENTS") || !strings.Contains(s, "back to the list") {
			t.Fatalf("the episode is not on screen:\n%s", s)
		}
		m.Update(press("i"))
		if back == "esc" {
			m.Update(press("esc")) // closes the panel first
			if m.listShown() != nil {
				t.Fatal("esc closed the episode before its panel")
			}
		}
		m.Update(press(back))
		if after := ansi.Strip(m.render()); after != before {
			t.Errorf("after %s the list is:\n%s\nwant:\n%s", back, after, before)
		}
		if list.Filter() != "turns>3" || m.panes != nil || m.generation != nil {
			t.Errorf("after %s: filter %q, %d panes", back, list.Filter(), len(m.panes))
		}
	}

	// From the hit list, q goes back to the hit list.
	m.Update(press("/"))
	typeInto(m, "the")
	m.Update(press("enter"))
	hits := ansi.Strip(m.render())
	if !strings.Contains(hits, `"the": `) {
		t.Fatalf("no hit list:\n%s", hits)
	}
	m.Update(press("enter"))
	showOpened(m)
	m.Update(press("q"))
	if s := ansi.Strip(m.render()); s != hits {
		t.Errorf("q from a hit's episode shows:\n%s\nwant the hits:\n%s", s, hits)
	}
	m.Update(press("esc"))
	if s := ansi.Strip(m.render()); s != before {
		t.Errorf("esc from the hit list shows:\n%s\nwant the list", s)
	}
}

// typeInto types s into what has the keys.
func typeInto(m *model, s string) {
	for _, r := range s {
		if r == ' ' {
			m.Update(press("space"))
			continue
		}
		m.Update(press(string(r)))
	}
}

// enter on a hit opens its episode, and once its mode's pane has played
// the turn, selects it there with the focus.
func TestBrowseOpensAHitAtItsTurn(t *testing.T) {
	m, o := browseModel(t, 160, 45)
	m.Update(press("/"))
	typeInto(m, "offer")
	m.Update(press("enter"))
	hits := m.browsing.hits
	if hits == nil || len(hits.Found()) == 0 {
		t.Fatal("no hit")
	}
	hit := hits.Found()[0]
	for i, h := range hits.Found() {
		if h.Run.Mode == view.Agents && h.Turn > 2 {
			hit = h
			for range i {
				m.Update(press("j"))
			}
			break
		}
	}
	m.Update(press("enter"))
	if len(o.groups) != 1 || o.groups[0] != hit.Group || m.arrive == nil || m.arrive.turn != hit.Turn {
		t.Fatalf("opened %v at %+v, want %s at turn %d", o.groups, m.arrive, hit.Group.ID, hit.Turn)
	}
	showOpened(m)
	feedTurns(m, hit.Turn-1)
	if m.arrive == nil {
		t.Fatal("the turn was selected before it was played")
	}
	feedTurns(m, hit.Turn)
	p := m.panes[m.focus]
	if m.arrive != nil || p.Mode() != view.Agents || p.Cursor() != hit.Turn {
		t.Errorf("focus on %s at turn %d, want AGENTS at %d", p.Mode(), p.Cursor(), hit.Turn)
	}
}

// The first search shows how far the reading of the turns has come and
// lists the hits once it is done.
func TestBrowseSearchWaitsForTheTurns(t *testing.T) {
	dir := t.TempDir()
	if _, err := batch.Study(context.Background(), batch.Options{Refs: []string{"craigslist/gen-*"}, Modes: view.Modes, Episodes: 30, Seed: 1,
		Concurrency: 2, OutDir: dir, Resolve: library.Resolve, Factory: builtin.Factory{}, Annotate: leak.Annotate}); err != nil {
		t.Fatal(err)
	}
	ix, err := browse.Read(context.Background(), []string{dir}, io.Discard, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := &session{ctx: context.Background(), opts: Options{Browse: &BrowseOptions{Index: ix, Open: (&opened{}).open}}, feed: newFeed(frameInterval)}
	t.Cleanup(func() { s.feed.close() })
	m := newModel(s, nil)
	m.Update(resize(100, 30))
	m.Update(press("/"))
	typeInto(m, "offer")
	_, cmd := m.Update(press("enter"))
	if !m.browsing.hits.Waiting() || cmd == nil {
		t.Fatal("the first search does not wait for the turns")
	}
	if s := ansi.Strip(m.render()); !strings.Contains(s, "reading the turns:") {
		t.Errorf("no progress:\n%s", s)
	}
	<-ix.TextsDone()
	time.Sleep(time.Millisecond)
	m.Update(cmd())
	if s := ansi.Strip(m.render()); m.browsing.hits.Waiting() || !strings.Contains(s, `"offer": `) || !strings.Contains(s, "▶ ") {
		t.Errorf("the hits do not follow the reading:\n%s", s)
	}
}

// A second search asks afresh: what is typed is searched, and enter
// alone searches for the last words again.
func TestBrowseSearchesAgain(t *testing.T) {
	m, _ := browseModel(t, 120, 40)
	for _, c := range []struct{ typed, heading string }{{"the", `"the": `}, {"offer", `"offer": `}, {"", `"offer": `}} {
		m.Update(press("/"))
		typeInto(m, c.typed)
		m.Update(press("enter"))
		if s := ansi.Strip(m.render()); !strings.Contains(s, c.heading) {
			t.Errorf("after / %q enter the screen shows:\n%s", c.typed, s)
		}
	}
}
