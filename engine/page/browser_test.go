package page

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/palette"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/browser"
	"github.com/omnigap/omnigap/internal/tools"
)

// shotsVariable names a folder where the browser tests keep their
// screenshots of the road-bike page (wide.png, phone.png), to look at.
const shotsVariable = "OMNIGAP_PAGE_SHOTS"

// roadBike reads the shipped road-bike recordings.
func roadBike(t testing.TB) []*record.Recording {
	t.Helper()
	paths, err := filepath.Glob("../../recordings/craigslist_road-bike-*.jsonl")
	if err != nil || len(paths) != 3 {
		t.Fatalf("the road-bike recordings: %v %v", paths, err)
	}
	var recs []*record.Recording
	for _, p := range paths {
		r, err := record.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	return recs
}

// writePage writes recs' page in a temporary folder and returns its path.
func writePage(t *testing.T, recs []*record.Recording) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	if err := WriteEpisode(&b, recs, nil); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path, b.Bytes()
}

// annotated lists a recording's annotations as the notes name them:
// "MODE turn N kind".
func annotated(recs []*record.Recording) map[string]int {
	want := map[string]int{}
	for _, r := range recs {
		for _, ev := range r.Events {
			if ev.Kind == event.Annotated {
				want[fmt.Sprintf("%s turn %d %s", report.Column(r.Header).Label(), ev.Turn, kindWord(*ev.Annotation))]++
			}
		}
	}
	return want
}

// startChromium finds Chromium (tools.Need: a skip outside CI without
// it, a failure under CI=true) and starts it for the test.
func startChromium(t *testing.T) *browser.Browser {
	t.Helper()
	path := tools.Need(t, "chromium", "chromium-browser")
	b, err := browser.Start(path, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// layout is what a test reads of a loaded page.
type layout struct {
	JS           bool
	ScrollWidth  int
	InnerWidth   int
	Heads        []box
	ShownCells   []string
	Tabs         bool
	Notes        []noteSeen
	Marks        []markSeen
	NotesVisible bool
	Scripts      int
	Handlers     []string
	ScriptLinks  int
	Pwned        bool
	Title        string
	Text         string
}

type box struct {
	Mode                     string
	Left, Top, Width, Height float64
	Visible                  bool
}

type noteSeen struct{ N, Kind, Run, Turn, Back, BackKind string }
type markSeen struct{ Note, Kind, NoteKind string }

const readLayout = `(() => {
  const vis = el => { if (!el) return false; const s = getComputedStyle(el); return s.display !== "none" && s.visibility !== "hidden" && el.getBoundingClientRect().width > 0; };
  const heads = [...document.querySelectorAll(".runs thead th[data-col]")].map(el => { const r = el.getBoundingClientRect(); return {Mode: el.dataset.mode, Left: r.left, Top: r.top, Width: r.width, Height: r.height, Visible: vis(el)}; });
  const handlers = [];
  for (const el of document.querySelectorAll("*")) for (const a of el.attributes) if (/^on/i.test(a.name)) handlers.push(el.tagName + " " + a.name);
  return {
    JS: document.documentElement.classList.contains("js"),
    ScrollWidth: document.documentElement.scrollWidth,
    InnerWidth: window.innerWidth,
    Heads: heads,
    ShownCells: [...document.querySelectorAll(".runs tbody td[data-col]")].filter(vis).map(el => el.dataset.col),
    Tabs: vis(document.querySelector(".tabs")),
    Notes: [...document.querySelectorAll(".notes li")].map(li => { const b = li.querySelector("a.back"); const t = b && document.getElementById(b.getAttribute("href").slice(1)); return {N: li.id, Kind: li.dataset.kind, Run: li.dataset.run, Turn: li.dataset.turn, Back: t ? t.tagName : "", BackKind: t && t.dataset.kind ? t.dataset.kind : ""}; }),
    Marks: [...document.querySelectorAll("mark[data-note]")].map(m => { const n = document.getElementById("n" + m.dataset.note); return {Note: m.dataset.note, Kind: m.dataset.kind, NoteKind: n ? n.dataset.kind : ""}; }),
    NotesVisible: vis(document.querySelector(".notes")),
    Scripts: document.scripts.length,
    Handlers: handlers,
    ScriptLinks: [...document.querySelectorAll("a[href], [src], [srcset], link, iframe, object, embed, form")].filter(el => !/^#/.test(el.getAttribute("href") || "#")).length,
    Pwned: document.documentElement.hasAttribute("data-pwned") || "pwned" in window,
    Title: document.title,
    Text: document.body.innerText,
  };
})()`

// load opens the page and reads its layout.
func load(t *testing.T, b *browser.Browser, path string, width, height int, noScript bool) (*browser.Page, layout) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	p, err := b.Open(ctx, "file://"+path, width, height, noScript)
	if err != nil {
		t.Fatal(err)
	}
	var l layout
	if err := p.Eval(ctx, readLayout, &l); err != nil {
		t.Fatal(err)
	}
	for _, u := range p.Requests {
		if u != "file://"+path {
			t.Errorf("%dx%d: the page asked for %s", width, height, u)
		}
	}
	return p, l
}

// checkAnnotations: every annotation of the recordings has its note with
// its kind, run and turn, and every mark its note of the same kind; a
// note links back to a mark of its kind or to its turn.
func checkAnnotations(t *testing.T, recs []*record.Recording, l layout) {
	t.Helper()
	want := annotated(recs)
	got := map[string]int{}
	for _, n := range l.Notes {
		got[fmt.Sprintf("%s turn %s %s", n.Run, n.Turn, n.Kind)]++
		if n.Back == "MARK" && n.BackKind != n.Kind {
			t.Errorf("note %s (%s) links back to a mark of %s", n.N, n.Kind, n.BackKind)
		}
		if n.Back == "" {
			t.Errorf("note %s links back to nothing", n.N)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the page's annotations %v, the recordings' %v", got, want)
	}
	if len(want) == 0 || len(l.Marks) == 0 {
		t.Fatalf("no annotations to check: %v, %d marks", want, len(l.Marks))
	}
	for _, m := range l.Marks {
		if m.Kind != m.NoteKind {
			t.Errorf("mark of note %s is a %s, its note a %q", m.Note, m.Kind, m.NoteKind)
		}
	}
}

// shoot takes a screenshot, checks its size and returns it decoded; it
// keeps it under shotsVariable's folder when that is set.
func shoot(t *testing.T, p *browser.Page, name string, width, height int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := p.Screenshot(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if s := img.Bounds().Size(); s.X != width || s.Y != height {
		t.Errorf("screenshot %s is %v, want %dx%d", name, s, width, height)
	}
	if dir := os.Getenv(shotsVariable); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// colourAt reports whether the screenshot's pixel at x, y is c.
func colourAt(t *testing.T, shot []byte, x, y int, hex string) bool {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	r, g, b, _ := img.At(x, y).RGBA()
	want := palette.RGBA(hex)
	return uint8(r>>8) == want.R && uint8(g>>8) == want.G && uint8(b>>8) == want.B
}

func TestEpisodePageInChromium(t *testing.T) {
	recs := roadBike(t)
	path, html := writePage(t, recs)
	// What needs no browser: one file, nothing from elsewhere, every
	// annotation's note.
	for _, s := range []string{"http://", "https://", "//fonts", "@import", "url("} {
		if bytes.Contains(html, []byte(s)) {
			t.Errorf("the page holds %q", s)
		}
	}
	if !bytes.Contains(html, []byte(`http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;`)) {
		t.Error("the page has no policy that forbids what is not its own")
	}
	n := 0
	for _, c := range annotated(recs) {
		n += c
	}
	if got := bytes.Count(html, []byte(`<li id="n`)); got != n {
		t.Errorf("%d notes for %d annotations", got, n)
	}
	b := startChromium(t)

	p, wide := load(t, b, path, 1280, 800, false)
	if !wide.JS {
		t.Error("the page's own script did not run: its hash is not the one the policy allows")
	}
	checkAnnotations(t, recs, wide)
	if len(wide.Heads) != 3 {
		t.Fatalf("%d run headings, want 3: %+v", len(wide.Heads), wide.Heads)
	}
	shot := shoot(t, p, "wide.png", 1280, 800)
	for i, h := range wide.Heads {
		if !h.Visible || h.Width < 300 {
			t.Errorf("1280x800: run %d (%s) is not a column of its own: %+v", i, h.Mode, h)
		}
		if i > 0 && (h.Left < wide.Heads[i-1].Left+wide.Heads[i-1].Width-1 || h.Top != wide.Heads[0].Top) {
			t.Errorf("1280x800: run %d is not beside run %d: %+v", i, i-1, wide.Heads)
		}
		if y := int(h.Top) + 1; y < 800 && !colourAt(t, shot, int(h.Left+h.Width/2), y, palette.Mode(view.Mode(h.Mode)).Light) {
			t.Errorf("1280x800: run %d's heading is not drawn in %s's colour", i, h.Mode)
		}
	}
	if wide.ScrollWidth > wide.InnerWidth {
		t.Errorf("1280x800 scrolls sideways: %d > %d", wide.ScrollWidth, wide.InnerWidth)
	}
	var c coverage
	if err := p.Eval(context.Background(), uncovered, &c); err != nil {
		t.Fatal(err)
	}
	for _, s := range c.Covered {
		t.Errorf("1280x800: %s", s)
	}
	if c.Checked == 0 || c.Lines == 0 {
		t.Errorf("1280x800: %d marks and %d texts looked at", c.Checked, c.Lines)
	}
	// Dark, then printed.
	ctx := context.Background()
	var background, next string
	if err := p.Call(ctx, "Emulation.setEmulatedMedia", map[string]any{"features": []map[string]string{{"name": "prefers-color-scheme", "value": "dark"}}}, nil); err != nil {
		t.Fatal(err)
	}
	if err := p.Eval(ctx, `getComputedStyle(document.body).backgroundColor`, &background); err != nil || background != "rgb(21, 23, 26)" {
		t.Errorf("dark: the page's background is %q (%v)", background, err)
	}
	if err := p.Call(ctx, "Emulation.setEmulatedMedia", map[string]any{"media": "print"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := p.Eval(ctx, `getComputedStyle(document.getElementById("bar")).display`, &next); err != nil || next != "none" {
		t.Errorf("printed: the bar of tabs and buttons shows (%q, %v)", next, err)
	}

	p, phone := load(t, b, path, 390, 844, false)
	shoot(t, p, "phone.png", 390, 844)
	if phone.ScrollWidth > phone.InnerWidth {
		t.Errorf("390x844 scrolls sideways: %d > %d", phone.ScrollWidth, phone.InnerWidth)
	}
	if !phone.Tabs {
		t.Error("390x844: the runs are not tabs")
	}
	for _, c := range phone.ShownCells {
		if c != "0" {
			t.Errorf("390x844: run %s shows beside the first tab's", c)
			break
		}
	}

	// JavaScript off: every run and every note shown, no tabs.
	_, off := load(t, b, path, 390, 844, true)
	if off.JS || off.Tabs || !off.NotesVisible {
		t.Errorf("without JavaScript: script ran %v, tabs %v, notes shown %v", off.JS, off.Tabs, off.NotesVisible)
	}
	seen := map[string]bool{}
	for _, c := range off.ShownCells {
		seen[c] = true
	}
	if len(seen) != 3 {
		t.Errorf("without JavaScript on a phone the runs shown are %v, want all 3", seen)
	}
	if off.ScrollWidth > off.InnerWidth {
		t.Errorf("without JavaScript 390x844 scrolls sideways: %d > %d", off.ScrollWidth, off.InnerWidth)
	}
	checkAnnotations(t, recs, off)
	if strings.Count(off.Text, "given to:") != n {
		t.Errorf("without JavaScript the notes do not explain every annotation")
	}
}

// writeStudyPage writes the study page of the shipped recordings and
// their episode pages in a temporary folder and returns its path and
// text.
func writeStudyPage(t *testing.T) (string, []byte) {
	t.Helper()
	r, ix, paths := shipped(t)
	path := filepath.Join(t.TempDir(), "study.html")
	if _, _, err := WriteStudyFiles(context.Background(), path, r, ix, MaxPages, safefile.Policy{Inputs: paths}, nil); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, b
}

// The study page in Chromium: its script allowed, the charts drawn,
// nothing asked for, and no sideways scroll at either size, with its
// script or without.
func TestStudyPageInChromium(t *testing.T) {
	path, _ := writeStudyPage(t)
	br := startChromium(t)
	for _, size := range sizes {
		p, l := load(t, br, path, size[0], size[1], false)
		if !l.JS || l.ScrollWidth > l.InnerWidth {
			t.Errorf("%v: script ran %v, width %d of %d", size, l.JS, l.ScrollWidth, l.InnerWidth)
		}
		var bars int
		if err := p.Eval(context.Background(), `document.querySelectorAll("svg rect.bar").length`, &bars); err != nil || bars == 0 {
			t.Errorf("%v: %d bars drawn (%v)", size, bars, err)
		}
		// Without script: the index a plain table, no filter or search.
		p, l = load(t, br, path, size[0], size[1], true)
		var tools string
		if err := p.Eval(context.Background(), `getComputedStyle(document.querySelector(".index .tools")).display + " " + document.querySelectorAll("table.groups tbody tr").length`, &tools); err != nil || tools != "none 2" || l.ScrollWidth > l.InnerWidth {
			t.Errorf("%v without script: tools and rows %q (%v), width %d of %d", size, tools, err, l.ScrollWidth, l.InnerWidth)
		}
	}
}
