package slide

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/palette"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tools"
)

// svgRect and svgText are a rect and a text of an SVG as read back.
type svgRect struct {
	class, mode, fill string
	x, y, w, h        float64
}

type svgText struct {
	class, text, anchor string
	x, y, size          float64
	bold                bool
}

// svgDoc is what a test reads from an SVG.
type svgDoc struct {
	width, height float64
	fontFamily    string
	rects         []svgRect
	texts         []svgText
	tags          []string
}

// readSVG parses an SVG as XML, failing on any error.
func readSVG(t *testing.T, data []byte) svgDoc {
	t.Helper()
	var doc svgDoc
	dec := xml.NewDecoder(bytes.NewReader(data))
	var text *svgText
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			doc.tags = append(doc.tags, tok.Name.Local)
			attr := map[string]string{}
			for _, a := range tok.Attr {
				attr[a.Name.Local] = a.Value
			}
			f := func(name string) float64 {
				v, _ := strconv.ParseFloat(attr[name], 64)
				return v
			}
			switch tok.Name.Local {
			case "svg":
				doc.width, doc.height, doc.fontFamily = f("width"), f("height"), attr["font-family"]
			case "rect":
				doc.rects = append(doc.rects, svgRect{attr["class"], attr["data-mode"], strings.ToLower(attr["fill"]), f("x"), f("y"), f("width"), f("height")})
			case "text":
				text = &svgText{class: attr["class"], anchor: attr["text-anchor"], x: f("x"), y: f("y"), size: f("font-size"), bold: attr["font-weight"] == "bold"}
			}
		case xml.CharData:
			if text != nil {
				text.text += string(tok)
			}
		case xml.EndElement:
			if tok.Name.Local == "text" && text != nil {
				doc.texts = append(doc.texts, *text)
				text = nil
			}
		}
	}
	return doc
}

// strings lists the texts.
func (d svgDoc) strings() []string {
	out := make([]string, len(d.texts))
	for i, t := range d.texts {
		out[i] = t.text
	}
	return out
}

// bars are the rects of one class and mode.
func (d svgDoc) of(class string, mode view.Mode) []svgRect {
	var out []svgRect
	for _, r := range d.rects {
		if r.class == class && view.Mode(r.mode) == mode {
			out = append(out, r)
		}
	}
	return out
}

// slideEpisodes are two families in three modes on seeds 1-6: goal
// completion and deals that differ by mode, leaks in SCRIPT only, and no
// guess anywhere (an all-zero panel).
func slideEpisodes() []report.Episode {
	var eps []report.Episode
	for seed := int64(1); seed <= 6; seed++ {
		for i, mode := range []view.Mode{view.Script, view.Agents, view.Mindreaders} {
			leaks := 0.0
			if mode == view.Script {
				leaks = float64(seed % 3)
			}
			base := map[string]float64{metrics.GoalCompletion: float64(9 - 2*i - int(seed)%2), metrics.Leaks: leaks,
				metrics.Guesses: 0, metrics.MindReads: float64(i / 2), metrics.WordsPerTurn: 20}
			cl := map[string]float64{metrics.Deal: float64((int(seed) + i) % 2)}
			mf := map[string]float64{metrics.Success: 1, metrics.FirstMentionPos: float64(i) / 3}
			for f, own := range map[scenario.Family]map[string]float64{scenario.Craigslist: cl, scenario.MutualFriends: mf} {
				m := map[string]float64{}
				for k, v := range base {
					m[k] = v
				}
				for k, v := range own {
					m[k] = v
				}
				eps = append(eps, report.Episode{Family: f, Mode: mode, Ended: true, Pair: report.PairKey(string(f)+"/gen-1", seed), Metrics: m})
			}
		}
	}
	return eps
}

// groupedReport aggregates eps grouped by the dimensions named.
func groupedReport(t *testing.T, eps []report.Episode, by ...string) report.Report {
	t.Helper()
	dims, err := report.ParseDims(by)
	if err != nil {
		t.Fatal(err)
	}
	a := report.NewAggregator(dims)
	for _, ep := range eps {
		a.Add(ep)
	}
	return a.Report()
}

// labelOf is the label of the report's row of a metric.
func labelOf(key string) string {
	for _, m := range report.Measures() {
		if m.Key == key {
			return m.Label
		}
	}
	return key
}

// The slide (WriteSVG, and WritePNG from the same scene) is one a
// speaker can put up: rendered by librsvg, each mode's bars are in the
// mode's colour from the palette the TUI uses, and so are they in the
// PNG; no two labels overlap and no label covers a bar or a whisker (the
// legend included); the text is sans-serif, at least 16 pixels high when
// the slide is shown 1920 pixels wide; the title names the families and
// modes, the episodes per mode and what the whiskers are; the canvas
// ends below the last panel; and an all-zero panel has a 0..1 axis.
func TestSlideReadsFromTheBackRow(t *testing.T) {
	eps := slideEpisodes()
	var byModel []report.Episode
	for _, model := range []string{"openai:gpt-4o-mini", "openai:llama-3.1-70b-instruct"} {
		for _, ep := range eps {
			ep.Model = model
			byModel = append(byModel, ep)
		}
	}
	for name, r := range map[string]report.Report{"plain": report.Aggregate(eps), "by model": groupedReport(t, byModel, "model")} {
		t.Run(name, func(t *testing.T) {
			var svg, own bytes.Buffer
			if err := WriteSVG(&svg, r.Chart()); err != nil {
				t.Fatal(err)
			}
			if err := WritePNG(&own, r.Chart()); err != nil {
				t.Fatal(err)
			}
			doc := readSVG(t, svg.Bytes())
			drawn, err := png.Decode(&own)
			if err != nil {
				t.Fatal(err)
			}
			checkColours(t, r, doc)
			scale := min(pngScale, maxSlideWidth/doc.width, maxSlideHeight/doc.height)
			if b := drawn.Bounds(); doc.width > maxSlideWidth || doc.height > maxSlideHeight || b.Dx() > maxSlideWidth || b.Dy() > maxSlideHeight {
				t.Errorf("the slide is %.0fx%.0f, its PNG %dx%d: over a 1080p screen", doc.width, doc.height, b.Dx(), b.Dy())
			}
			checkBarsDrawn(t, r, doc, drawn, scale, "the PNG")
			checkLabels(t, doc)
			checkTitleAndCanvas(t, r, doc)

			// Then the SVG as a viewer shows it, rendered by librsvg with
			// DejaVu Sans (.ci/run installs both).
			rsvg := tools.Need(t, "rsvg-convert")
			dir := t.TempDir()
			svgPath, rendered := filepath.Join(dir, "slide.svg"), filepath.Join(dir, "rsvg.png")
			if err := os.WriteFile(svgPath, svg.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(rsvg, "-o", rendered, svgPath).CombinedOutput(); err != nil {
				t.Fatalf("rsvg-convert: %v\n%s", err, out)
			}
			checkBarsDrawn(t, r, doc, readPNG(t, rendered), 1, "librsvg")
		})
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// near says whether two colours differ by at most 3 in each channel.
func near(c color.Color, want color.RGBA) bool {
	r, g, b, _ := c.RGBA()
	d := func(x uint32, y uint8) bool { return math.Abs(float64(x>>8)-float64(y)) <= 3 }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// checkColours checks that each mode has its own colour from the
// palette the TUI uses, one legend swatch, and bars filled with it in the
// SVG.
func checkColours(t *testing.T, r report.Report, doc svgDoc) {
	t.Helper()
	seen := map[color.RGBA]view.Mode{}
	for _, mode := range r.Chart().Modes {
		want := palette.RGBA(palette.Mode(mode).Light)
		if other, ok := seen[want]; ok {
			t.Errorf("%s and %s share a colour", mode, other)
		}
		seen[want] = mode
		bars := doc.of("bar", mode)
		if len(bars) == 0 {
			t.Fatalf("no bar of %s in the SVG", mode)
		}
		if len(doc.of("swatch", mode)) != 1 {
			t.Errorf("%s has %d legend swatches, want 1", mode, len(doc.of("swatch", mode)))
		}
		for _, bar := range append(bars, doc.of("swatch", mode)...) {
			if bar.fill != hex(want) {
				t.Errorf("a %s %s is filled %s, want %s", mode, bar.class, bar.fill, hex(want))
			}
		}
	}
}

// checkBarsDrawn checks an image of the slide drawn at scale times the
// SVG's size (by who): each mode's colour covers a bar's worth of it, and
// the middle of every bar and swatch is in the mode's colour.
func checkBarsDrawn(t *testing.T, r report.Report, doc svgDoc, img image.Image, scale float64, who string) {
	t.Helper()
	for _, mode := range r.Chart().Modes {
		want := palette.RGBA(palette.Mode(mode).Light)
		n := 0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y += 2 {
			for x := b.Min.X; x < b.Max.X; x += 2 {
				if near(img.At(x, y), want) {
					n++
				}
			}
		}
		if n < 100 { // every second pixel of every second row
			t.Errorf("%s: %s's colour %v covers %d pixels of the slide", who, mode, want, n)
		}
		for _, bar := range append(doc.of("bar", mode), doc.of("swatch", mode)...) {
			if bar.h < 6 {
				continue // a stub: too thin to sample after anti-aliasing
			}
			// A quarter in: the whisker runs up the middle.
			cx, cy := bar.x+bar.w/4, bar.y+bar.h/2
			if c := img.At(int(cx*scale), int(cy*scale)); !near(c, want) {
				t.Errorf("%s draws the middle of a %s %s at %.0f,%.0f in %v, want %v", who, mode, bar.class, cx, cy, c, want)
			}
		}
	}
}

// rect is a box on the canvas.
type rect struct{ x0, y0, x1, y1 float64 }

func (a rect) overlaps(b rect) bool { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 }

// checkLabels measures every text with the metrics of the face the
// slide names first (DejaVu Sans, which the test's librsvg renders with)
// and checks that none overlaps another, a bar or a whisker, or leaves
// the canvas.
func checkLabels(t *testing.T, doc svgDoc) {
	t.Helper()
	if !strings.HasPrefix(doc.fontFamily, "DejaVu Sans,") || !strings.HasSuffix(doc.fontFamily, "sans-serif") {
		t.Errorf("font-family %q, want DejaVu Sans first and sans-serif last", doc.fontFamily)
	}
	var sizes []float64
	for _, tx := range doc.texts {
		if !slices.Contains(sizes, tx.size) {
			sizes = append(sizes, tx.size)
		}
	}
	ts, err := newTypeset(sizes...)
	if err != nil {
		t.Fatal(err)
	}
	boxes := make([]rect, len(doc.texts))
	for i, tx := range doc.texts {
		if tx.size*1920/doc.width < 16 {
			t.Errorf("%q is %.0f pixels high on a %.0f-pixel canvas: under 16 on a 1920-pixel slide", tx.text, tx.size, doc.width)
		}
		a := map[string]anchor{"start": start, "middle": middle, "end": end}[tx.anchor]
		l := label{x: tx.x, y: tx.y, text: tx.text, size: tx.size, bold: tx.bold, anchor: a}
		x0 := ts.left(l)
		boxes[i] = rect{x0, tx.y - ts.ascent(tx.size, tx.bold), x0 + ts.width(tx.text, tx.size, tx.bold), tx.y + ts.descent(tx.size, tx.bold)}
		if b := boxes[i]; b.x0 < 0 || b.y0 < 0 || b.x1 > doc.width || b.y1 > doc.height {
			t.Errorf("%q at %v leaves the %.0fx%.0f canvas", tx.text, b, doc.width, doc.height)
		}
	}
	for i := range boxes {
		for j := i + 1; j < len(boxes); j++ {
			if boxes[i].overlaps(boxes[j]) {
				t.Errorf("labels overlap: %q %v and %q %v", doc.texts[i].text, boxes[i], doc.texts[j].text, boxes[j])
			}
		}
		for _, r := range doc.rects {
			if r.class != "bar" && r.class != "whisker" {
				continue
			}
			if boxes[i].overlaps(rect{r.x, r.y, r.x + r.w, r.y + r.h}) {
				t.Errorf("label %q %v covers a %s at %v", doc.texts[i].text, boxes[i], r.class, r)
			}
		}
	}
}

// checkTitleAndCanvas checks what the title says, that the canvas ends
// a margin below the last thing drawn, and that the all-zero guesses
// have no panel but a note.
func checkTitleAndCanvas(t *testing.T, r report.Report, doc svgDoc) {
	t.Helper()
	var head []string
	bottom := 0.0
	for _, tx := range doc.texts {
		if tx.class == "title" || tx.class == "subtitle" {
			head = append(head, tx.text)
		}
		bottom = max(bottom, tx.y+tx.size/3)
	}
	for _, r := range doc.rects {
		if r.class != "background" {
			bottom = max(bottom, r.y+r.h)
		}
	}
	title := strings.Join(head, " ")
	for _, want := range []string{"craigslist", "mutualfriends", "SCRIPT", "AGENTS", "MINDREADERS", "n per mode", "whiskers: 95% intervals"} {
		if !strings.Contains(title, want) {
			t.Errorf("the title %q does not say %q", title, want)
		}
	}
	if doc.height-bottom > slideMargin+2 {
		t.Errorf("the canvas is %.0f high and its last drawing ends at %.0f: empty space below", doc.height, bottom)
	}
	if len(r.By) > 0 {
		return
	}
	// No panel of zeros: the guesses are named in a note.
	var notes []string
	for _, tx := range doc.texts {
		if tx.class == "panel-title" && tx.text == labelOf(metrics.Guesses) {
			t.Errorf("a panel of the all-zero guesses")
		}
		if tx.class == "note" {
			notes = append(notes, tx.text)
		}
	}
	if note := strings.Join(notes, " "); !strings.Contains(note, "none in any episode: ") || !strings.Contains(note, labelOf(metrics.Guesses)) {
		t.Errorf("the notes %q do not name the all-zero guesses", note)
	}
}
