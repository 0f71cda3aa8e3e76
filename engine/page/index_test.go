package page

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/safefile"
)

// indexFolder holds the shipped recordings (two groups of three twins,
// road-bike's gap bigger than alumni-mixer's), an AGENTS run of road-bike
// alone on seed 5 and the same turns as a HUMANS run on seed 9 (groups
// without a gap; the HUMANS run makes the index a mode wider) and a file
// that is no recording.
func indexFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	paths, _ := filepath.Glob("../../recordings/*.jsonl")
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(p)), raw, 0o600); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(p, "road-bike-agents-s1.jsonl") {
			alone := bytes.ReplaceAll(raw, []byte(`-agents-s1"`), []byte(`-agents-s5"`))
			alone = bytes.Replace(alone, []byte(`"seed":1,`), []byte(`"seed":5,`), 1)
			if err := os.WriteFile(filepath.Join(dir, "craigslist_road-bike-agents-s5.jsonl"), alone, 0o600); err != nil {
				t.Fatal(err)
			}
			humans := bytes.ReplaceAll(raw, []byte(`-agents-s1"`), []byte(`-humans-s9"`))
			humans = bytes.Replace(humans, []byte(`"seed":1,`), []byte(`"seed":9,`), 1)
			humans = bytes.Replace(humans, []byte(`"mode":"agents"`), []byte(`"mode":"humans"`), 1)
			if err := os.WriteFile(filepath.Join(dir, "craigslist_road-bike-humans-s9.jsonl"), humans, 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "torn.jsonl"), []byte("{\"kind\":\"header\", torn\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return dir
}

// rowIDs reads the index's rows' ids in the order shown.
const rowIDs = `[...document.querySelectorAll("table.groups tbody tr")].filter(r => !r.hidden).map(r => r.dataset.id)`

// The study page's index in Chromium, at 1280x800 and 390x844: without
// its script a table sorted by the gap, the groups without one last; a
// click (a tap on a phone) on a heading sorts by it, again the other way;
// the filter keeps the groups its terms match and names a bad term; the
// search lists the turns that hold a phrase, and a hit's link opens its
// episode page at that turn.
func TestStudyIndexInChromium(t *testing.T) {
	dir := indexFolder(t)
	ix := listFolders(t, dir)
	r, _, _ := shipped(t)
	path := filepath.Join(t.TempDir(), "study.html")
	if _, n, err := WriteStudyFiles(context.Background(), path, r, ix, MaxPages, safefile.Policy{}, nil); err != nil || n != 4 {
		t.Fatalf("%d pages, %v", n, err)
	}
	html, _ := os.ReadFile(path)
	byGap := []string{"craigslist_road-bike-s1", "mutualfriends_alumni-mixer-s1", "craigslist_road-bike-s5", "craigslist_road-bike-s9", "torn.jsonl"}
	var plain []string
	for _, m := range regexp.MustCompile(`<tr data-n="[0-9]+" data-id="([^"]+)"`).FindAllStringSubmatch(string(html), -1) {
		plain = append(plain, m[1])
	}
	if !slices.Equal(plain, byGap) {
		t.Fatalf("the page's rows %v, want by the gap %v", plain, byGap)
	}
	b := startChromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	for _, size := range sizes {
		at := fmt.Sprintf("%dx%d", size[0], size[1])
		p, l := load(t, b, path, size[0], size[1], false)
		if l.ScrollWidth > l.InnerWidth {
			t.Errorf("%s scrolls sideways: %d > %d", at, l.ScrollWidth, l.InnerWidth)
		}
		press := func(selector string) {
			t.Helper()
			if err := p.Eval(ctx, `document.querySelector('`+selector+`').scrollIntoView({block: "center"})`, nil); err != nil {
				t.Fatal(err)
			}
			x, y := boxOf(t, p, selector).centre()
			var err error
			if size[0] < 700 {
				err = p.Tap(ctx, x, y)
			} else {
				err = p.Click(ctx, x, y)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		ids := func() []string {
			var out []string
			if err := p.Eval(ctx, rowIDs, &out); err != nil {
				t.Fatal(err)
			}
			return out
		}
		if got := ids(); !slices.Equal(got, byGap) {
			t.Errorf("%s: rows %v, want %v", at, got, byGap)
		}
		press(`th[data-key="gap"] button`)
		if got, want := ids(), append([]string{byGap[1], byGap[0]}, byGap[2:]...); !slices.Equal(got, want) {
			t.Errorf("%s: sorted by the gap, smallest first: %v, want %v", at, got, want)
		}
		var titles []struct{ ID, Title string }
		if err := p.Eval(ctx, `[...document.querySelectorAll("table.groups tbody tr")].map(r => ({ID: r.dataset.id, Title: r.querySelector("td[data-key=scenario]").dataset.t.toLowerCase()}))`, &titles); err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(titles, func(a, b struct{ ID, Title string }) int {
			return cmp.Or(strings.Compare(a.Title, b.Title), strings.Compare(a.ID, b.ID))
		})
		var byTitle []string
		for _, x := range titles {
			byTitle = append(byTitle, x.ID)
		}
		press(`th[data-key="scenario"] button`)
		if got := ids(); !slices.Equal(got, byTitle) {
			t.Errorf("%s: sorted by the scenario's title: %v, want %v", at, got, byTitle)
		}
		press(`th[data-key="scenario"] button`)
		// The other way, ties (the same title) still by id.
		slices.SortFunc(titles, func(a, b struct{ ID, Title string }) int {
			return cmp.Or(-strings.Compare(a.Title, b.Title), strings.Compare(a.ID, b.ID))
		})
		var back []string
		for _, x := range titles {
			back = append(back, x.ID)
		}
		if got := ids(); !slices.Equal(got, back) {
			t.Errorf("%s: sorted by the title the other way: %v, want %v", at, got, back)
		}
		press(`th[data-key="agents.turns"] button`)
		if got := evalString(t, p, `document.querySelector('th[data-key="agents.turns"]').getAttribute("aria-sort")`); got != "descending" {
			t.Errorf("%s: the AGENTS turns heading says it sorts %q", at, got)
		}

		typeIn := func(id, text string) string {
			t.Helper()
			if err := p.Eval(ctx, `(() => { const el = document.getElementById("`+id+`"); el.value = ""; el.focus(); })()`, nil); err != nil {
				t.Fatal(err)
			}
			if text != "" {
				if err := p.Type(ctx, text); err != nil {
					t.Fatal(err)
				}
			} else if err := p.Eval(ctx, `document.getElementById("`+id+`").dispatchEvent(new Event("input"))`, nil); err != nil {
				t.Fatal(err)
			}
			return evalString(t, p, `document.getElementById("status").textContent`)
		}
		for _, c := range []struct {
			filter string
			want   []string
		}{
			{"family:mutualfriends", []string{byGap[1]}},
			{"gap>=2", []string{byGap[0]}},
			{"-mode:script", []string{byGap[2], byGap[3], byGap[4]}},
			{"mode:humans", []string{byGap[3]}},
			{"kind:mind-read agents.turns>10", []string{byGap[0]}},
			{`"steel road"`, []string{byGap[0], byGap[2], byGap[3]}},
		} {
			typeIn("filter", c.filter)
			got := ids()
			slices.Sort(got)
			want := slices.Sorted(slices.Values(c.want))
			if !slices.Equal(got, want) {
				t.Errorf("%s: filter %s keeps %v, want %v", at, c.filter, got, want)
			}
		}
		if status := typeIn("filter", "colour:red"); !strings.Contains(status, "colour: is not a filter") {
			t.Errorf("%s: a bad filter says %q", at, status)
		}
		typeIn("filter", "")

		status := typeIn("search", "Lugged Steel")
		var hits []struct{ Href, Text, Marked string }
		if err := p.Eval(ctx, `[...document.querySelectorAll("#hits li")].map(li => ({Href: li.querySelector("a").getAttribute("href"), Text: li.textContent, Marked: li.querySelector("mark").textContent}))`, &hits); err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || !strings.Contains(status, fmt.Sprintf("%d turns hold", len(hits))) {
			t.Fatalf("%s: a search finds %d turns: %q", at, len(hits), status)
		}
		for _, h := range hits {
			if !strings.EqualFold(h.Marked, "lugged steel") || !regexp.MustCompile(`^study-episodes/craigslist_road-bike-s[159]\.html#t[0-9]-[0-9]+$`).MatchString(h.Href) {
				t.Errorf("%s: hit %+v", at, h)
			}
		}
		if typeIn("filter", "family:mutualfriends"); evalString(t, p, `String(document.querySelectorAll("#hits li").length)`) != "0" {
			t.Errorf("%s: the search lists turns of groups the filter left out", at)
		}
		typeIn("filter", "")
		typeIn("search", "Lugged Steel")
		hit := hits[len(hits)-1]
		turn := hit.Href[strings.Index(hit.Href, "#")+1:]
		press(`#hits li:last-child a`)
		var where string
		for range 100 {
			if p.Eval(ctx, `location.hash === "#`+turn+`" && document.readyState === "complete" && document.getElementById("bar") ? (`+visibleBelowBar+`)("`+turn+`") : "loading"`, &where) == nil && where != "loading" {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		if where != "" {
			t.Errorf("%s: the hit's link to %s: %s", at, hit.Href, where)
		}
		if said := evalString(t, p, `document.getElementById("`+turn+`").textContent`); !strings.Contains(strings.ToLower(said), "lugged steel") {
			t.Errorf("%s: the turn the hit opens says %q", at, said)
		}
	}
}
