package page

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/internal/browser"
)

// uncovered lists what of the runs' text shown something else is drawn
// over: the page scrolled from top to bottom, every line of every turn,
// speaker and end in the window below the bar at the top (the one thing
// that stays on screen, which text passes under as under a heading, and
// on a wide screen the runs' headings under it),
// looked at in five places; and every mark and note number brought into
// view at the top, the middle and the bottom of the window in turn. It
// also lists the tabs' names that are cut off.
const uncovered = `(async () => {
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const bar = document.getElementById("bar");
  const covered = new Set();
  const look = (el, r, what, fs) => {
    // The runs' headings stick under the bar on a wide screen.
    let floor = bar.getBoundingClientRect().bottom;
    const head = document.querySelector(".runs thead th");
    const h = head && getComputedStyle(head).display !== "none" ? head.getBoundingClientRect() : null;
    if (h && h.top <= floor + 1) floor = Math.max(floor, h.bottom);
    if (r.top < floor || r.bottom > innerHeight || r.width < 2) return;
    for (const f of fs) {
      const x = r.left + f * r.width, y = (r.top + r.bottom) / 2;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(el === hit || el.contains(hit) || hit.contains(el))) {
        covered.add(what + " " + JSON.stringify((el.textContent || "").slice(0, 40)) + " under " + (hit ? hit.tagName + "#" + hit.id + "." + hit.className : "nothing"));
      }
    }
  };
  const texts = [...document.querySelectorAll(".runs .said, .runs .who, .runs .end p, .inote")].filter(el => el.getBoundingClientRect().width > 0);
  const height = document.documentElement.scrollHeight;
  for (let y = 0; y < height; y += 150) {
    window.scrollTo(0, y);
    await frame();
    for (const el of texts) {
      const range = document.createRange();
      range.selectNodeContents(el);
      for (const r of range.getClientRects()) look(el, r, "text", [0.02, 0.25, 0.5, 0.75, 0.98]);
    }
  }
  const els = [...document.querySelectorAll(".runs mark, .runs sup a")].filter(el => el.getBoundingClientRect().width > 0);
  for (const el of els) {
    for (const block of ["start", "center", "end"]) {
      el.scrollIntoView({block});
      await frame();
      for (const r of el.getClientRects()) look(el, r, block + ":", [0.15, 0.5, 0.85]);
    }
  }
  const cut = [...document.querySelectorAll("#bar [role=tab] span")].filter(s => s.scrollWidth > s.clientWidth + 1).map(s => s.textContent);
  return {Checked: els.length, Lines: texts.length, Covered: [...covered], Cut: cut};
})()`

// markIDs finds the marks a link can point at.
var markIDs = regexp.MustCompile(`<mark id="(m[0-9]+)"`)

type coverage struct {
	Checked      int
	Lines        int
	Covered, Cut []string
}

// rect is an element's box in the window, or empty when it is not shown.
type rect struct{ Left, Top, Right, Bottom float64 }

func (r rect) empty() bool { return r.Right <= r.Left || r.Bottom <= r.Top }
func (r rect) overlaps(o rect) bool {
	return r.Left < o.Right && o.Left < r.Right && r.Top < o.Bottom && o.Top < r.Bottom
}
func (r rect) centre() (float64, float64) { return (r.Left + r.Right) / 2, (r.Top + r.Bottom) / 2 }

func boxOf(t *testing.T, p *browser.Page, selector string) rect {
	t.Helper()
	var r rect
	js := fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el || getComputedStyle(el).display === "none") return {}; const b = el.getBoundingClientRect(); return {Left: b.left, Top: b.top, Right: b.right, Bottom: b.bottom}; })()`, selector)
	if err := p.Eval(context.Background(), js, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func evalString(t *testing.T, p *browser.Page, js string) string {
	t.Helper()
	var s string
	if err := p.Eval(context.Background(), js, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// On a phone (390x844) the road-bike page's marks and note numbers are
// never drawn over, in any run, wherever they are brought into view, and
// no tab's name is cut off; a tap on a mark shows its note in the text,
// over neither the text nor the tabs, and the next tap on a tab opens
// that tab.
func TestEpisodePageOnAPhone(t *testing.T) {
	path, _ := writePage(t, roadBike(t))
	b := startChromium(t)
	p, l := load(t, b, path, 390, 844, false)
	if !l.Tabs {
		t.Fatal("390x844: the runs are not tabs")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	tabs := 0
	if err := p.Eval(ctx, `document.querySelectorAll("#bar [role=tab]").length`, &tabs); err != nil || tabs != 3 {
		t.Fatalf("%d tabs (%v), want 3", tabs, err)
	}
	marked := ""
	for i := range tabs {
		tab := fmt.Sprintf(`#bar [role=tab][data-col="%d"]`, i)
		if err := p.Eval(ctx, `window.scrollTo(0, 0); new Promise(r => requestAnimationFrame(r))`, nil); err != nil {
			t.Fatal(err)
		}
		x, y := boxOf(t, p, tab).centre()
		if err := p.Tap(ctx, x, y); err != nil {
			t.Fatal(err)
		}
		if got := evalString(t, p, `document.querySelector('`+tab+`').getAttribute("aria-selected")`); got != "true" {
			t.Fatalf("a tap on tab %d did not open it", i)
		}
		var c coverage
		if err := p.Eval(ctx, uncovered, &c); err != nil {
			t.Fatal(err)
		}
		for _, s := range c.Covered {
			t.Errorf("run %d: %s", i, s)
		}
		if len(c.Cut) > 0 {
			t.Errorf("tab names cut off: %q", c.Cut)
		}
		if c.Checked > 0 && marked == "" {
			marked = fmt.Sprint(i)
		}
	}
	if marked == "" {
		t.Fatal("no run of the page has a mark to check")
	}

	// A tap on a mark (the first of a run that has one, brought to the
	// bottom of the window) shows its note under its turn.
	x, y := boxOf(t, p, `#bar [role=tab][data-col="`+marked+`"]`).centre()
	if err := p.Tap(ctx, x, y); err != nil {
		t.Fatal(err)
	}
	mark := `.runs td.shown mark[data-note]`
	if err := p.Eval(ctx, `document.querySelector('`+mark+`').scrollIntoView({block: "end"}); new Promise(r => requestAnimationFrame(r))`, nil); err != nil {
		t.Fatal(err)
	}
	x, y = boxOf(t, p, mark).centre()
	if err := p.Tap(ctx, x, y); err != nil {
		t.Fatal(err)
	}
	want := evalString(t, p, `(() => { const li = document.getElementById("n" + document.querySelector('`+mark+`').dataset.note).cloneNode(true); li.querySelector(".back")?.remove(); return li.textContent.trim(); })()`)
	got := evalString(t, p, `(document.querySelector(".runs td.shown .inote") || {}).textContent || ""`)
	if got == "" || got != want {
		t.Fatalf("a tap on a mark shows %q, want its note %q", got, want)
	}
	note, bar, said := boxOf(t, p, ".inote"), boxOf(t, p, "#bar"), boxOf(t, p, ".runs td.shown .said")
	if note.empty() || note.overlaps(bar) || note.overlaps(said) {
		t.Errorf("the note %+v is drawn over the bar %+v or the turn %+v", note, bar, said)
	}
	if !strings.Contains(got, "turn") {
		t.Errorf("the note says %q", got)
	}
	for i := range tabs {
		tab := fmt.Sprintf(`#bar [role=tab][data-col="%d"]`, (i+1)%tabs)
		x, y := boxOf(t, p, tab).centre()
		if err := p.Tap(ctx, x, y); err != nil {
			t.Fatal(err)
		}
		if got := evalString(t, p, `document.querySelector('`+tab+`').getAttribute("aria-selected")`); got != "true" {
			t.Errorf("with a note open, a tap on tab %d did not open it", (i+1)%tabs)
		}
	}
}

// visibleBelowBar reports where the element with id stands: shown, its
// top under the bar (and under the runs' headings where they stick) and
// in the window.
const visibleBelowBar = `((id) => {
  const el = document.getElementById(id);
  if (!el) return "no element " + id;
  const r = el.getBoundingClientRect();
  if (r.width === 0) return id + " is not shown";
  let floor = document.getElementById("bar").getBoundingClientRect().bottom;
  const head = document.querySelector(".runs thead th");
  if (head && getComputedStyle(head).display !== "none") floor = Math.max(floor, head.getBoundingClientRect().bottom);
  if (r.top < floor - 1 || r.top > innerHeight - 20) return id + " is at " + r.top + ", the window's text from " + floor + " to " + innerHeight;
  return "";
})`

// A link to a turn (#t12), a run's turn (#t1-12) or a mark (#m3) opens
// the page with it in view under the bar, on a phone in the run that has
// it (the first that has the turn, when the run shown has not), a mark's
// note open.
func TestEpisodePageLinksToATurn(t *testing.T) {
	recs := roadBike(t)
	path, html := writePage(t, recs)
	b := startChromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	turns := 0 // the SCRIPT run's, in the first column
	for _, r := range recs {
		if r.Header.Mode == "script" {
			turns = r.Ending().Turns
		}
	}
	later := fmt.Sprintf("t%d", turns+2)
	if !strings.Contains(string(html), `id="`+later+`"`) || !strings.Contains(string(html), fmt.Sprintf(`id="t0-%d"></td>`, turns+2)) {
		t.Fatalf("the page has no turn %d that the first run lacks", turns+2)
	}
	marks := markIDs.FindAllStringSubmatch(string(html), -1)
	if len(marks) < 2 {
		t.Fatalf("the page has %d marks with ids", len(marks))
	}
	mark := marks[len(marks)-1][1]
	cases := []struct {
		w, h       int
		id, col    string
		noteOpened bool
	}{
		{390, 844, "t3", "0", false},
		{390, 844, later, "1", false},
		{390, 844, "t2-7", "2", false},
		{390, 844, mark, "", true},
		{1280, 800, later, "", false},
		{1280, 800, mark, "", true},
	}
	for _, c := range cases {
		p, err := b.Open(ctx, "file://"+path+"#"+c.id, c.w, c.h, false)
		if err != nil {
			t.Fatal(err)
		}
		var where string
		if err := p.Eval(ctx, visibleBelowBar+"("+fmt.Sprintf("%q", c.id)+")", &where); err != nil {
			t.Fatal(err)
		}
		if where != "" {
			t.Errorf("%dx%d #%s: %s", c.w, c.h, c.id, where)
		}
		shown := evalString(t, p, `(document.querySelector("#bar [role=tab][aria-selected=true]") || {dataset: {}}).dataset.col || ""`)
		if c.w < 700 && c.col != "" && shown != c.col {
			t.Errorf("%dx%d #%s: run %s shown, want %s", c.w, c.h, c.id, shown, c.col)
		}
		if c.noteOpened {
			open := evalString(t, p, `(document.querySelector(".inote") || {}).textContent || ""`)
			if open == "" || !strings.HasPrefix(open, evalString(t, p, `document.getElementById("n" + document.getElementById(`+fmt.Sprintf("%q", c.id)+`).dataset.note).querySelector(".kindword").textContent`)) {
				t.Errorf("%dx%d #%s: the mark's note is not open: %q", c.w, c.h, c.id, open)
			}
		}
	}
}
