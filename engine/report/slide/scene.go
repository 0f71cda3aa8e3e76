package slide

import (
	"encoding/xml"
	"fmt"
	"image/color"
	"io"
	"strings"
	"sync"

	"codeberg.org/go-fonts/dejavu/dejavusans"
	"codeberg.org/go-fonts/dejavu/dejavusansbold"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/engine/wrap"
)

// A scene is a figure as boxes and labels in pixels, drawn in order on a
// white canvas: the one drawing that WriteSVG writes as SVG and WritePNG
// rasterises, so the two cannot differ.
type scene struct {
	width, height float64
	boxes         []box
	labels        []label
}

// box is a filled rectangle. Role names what it is in the SVG's class
// (bar, whisker, grid, axis, swatch); bars and swatches carry their mode.
type box struct {
	x, y, w, h float64
	fill       color.RGBA
	role       string
	mode       view.Mode
}

// anchor is where a label's x lies: its start, middle or end.
type anchor int

const (
	start anchor = iota
	middle
	end
)

// label is one line of text; y is its baseline.
type label struct {
	x, y   float64
	text   string
	size   float64
	bold   bool
	anchor anchor
	fill   color.RGBA
	role   string
}

// fontFamily is the face the SVG asks for: the one its layout measured
// and the PNG draws with (DejaVu Sans), then faces of close metrics.
const fontFamily = "DejaVu Sans, Bitstream Vera Sans, Verdana, sans-serif"

// faces are DejaVu Sans and its bold, parsed once.
var faces = sync.OnceValues(func() ([2]*opentype.Font, error) {
	var out [2]*opentype.Font
	for i, ttf := range [][]byte{dejavusans.TTF, dejavusansbold.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			return out, err
		}
		out[i] = f
	}
	return out, nil
})

// typeset measures and draws text at the sizes a scene uses, each face
// made once. It is not safe for concurrent use.
type typeset struct {
	fonts [2]*opentype.Font
	made  map[faceKey]font.Face
}

type faceKey struct {
	size float64
	bold bool
}

// newTypeset makes the faces of the sizes given, regular and bold.
func newTypeset(sizes ...float64) (*typeset, error) {
	fonts, err := faces()
	if err != nil {
		return nil, fmt.Errorf("the figure's font: %w", err)
	}
	ts := &typeset{fonts: fonts, made: map[faceKey]font.Face{}}
	return ts, ts.add(sizes...)
}

// add makes the faces of more sizes: a PNG's, at its scale.
func (ts *typeset) add(sizes ...float64) error {
	for _, size := range sizes {
		for i, bold := range []bool{false, true} {
			if _, ok := ts.made[faceKey{size, bold}]; ok {
				continue
			}
			f, err := opentype.NewFace(ts.fonts[i], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
			if err != nil {
				return fmt.Errorf("the figure's font at %gpx: %w", size, err)
			}
			ts.made[faceKey{size, bold}] = f
		}
	}
	return nil
}

// face is the face of a size in pixels, one of those it was made with.
func (ts *typeset) face(size float64, bold bool) font.Face { return ts.made[faceKey{size, bold}] }

// width is the advance of a line of text.
func (ts *typeset) width(s string, size float64, bold bool) float64 {
	return fixedFloat(font.MeasureString(ts.face(size, bold), s))
}

// ascent and descent are the face's extent above and below the baseline.
func (ts *typeset) ascent(size float64, bold bool) float64 {
	return fixedFloat(ts.face(size, bold).Metrics().Ascent)
}

func (ts *typeset) descent(size float64, bold bool) float64 {
	return fixedFloat(ts.face(size, bold).Metrics().Descent)
}

func fixedFloat(v fixed.Int26_6) float64 { return float64(v) / 64 }

// wrap breaks s into lines no wider than w at spaces (a longer word
// keeps a line of its own).
func (ts *typeset) wrap(s string, size float64, bold bool, w float64) []string {
	return wrap.Lines(s, func(l string) bool { return ts.width(l, size, bold) <= w })
}

// left is where a label's text starts.
func (ts *typeset) left(l label) float64 {
	switch l.anchor {
	case middle:
		return l.x - ts.width(l.text, l.size, l.bold)/2
	case end:
		return l.x - ts.width(l.text, l.size, l.bold)
	}
	return l.x
}

// writeSVG writes the scene as SVG: boxes as rects with their role as
// class (and data-mode for a mode's bars and swatches), labels as text in
// fontFamily; every text escaped.
func (sc *scene) writeSVG(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="%s">`+"\n",
		px(sc.width), px(sc.height), px(sc.width), px(sc.height), fontFamily)
	fmt.Fprintf(&b, `<rect class="background" x="0" y="0" width="%s" height="%s" fill="#ffffff"/>`+"\n", px(sc.width), px(sc.height))
	for _, bx := range sc.boxes {
		mode := ""
		if bx.mode != "" {
			mode = ` data-mode="` + escapeXML(string(bx.mode)) + `"`
		}
		fmt.Fprintf(&b, `<rect class="%s"%s x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n",
			bx.role, mode, px(bx.x), px(bx.y), px(bx.w), px(bx.h), hex(bx.fill))
	}
	for _, l := range sc.labels {
		weight := ""
		if l.bold {
			weight = ` font-weight="bold"`
		}
		fmt.Fprintf(&b, `<text class="%s" x="%s" y="%s" font-size="%s"%s text-anchor="%s" fill="%s">%s</text>`+"\n",
			l.role, px(l.x), px(l.y), px(l.size), weight, [...]string{"start", "middle", "end"}[l.anchor], hex(l.fill), escapeXML(l.text))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// px prints a length with one decimal at most.
func px(v float64) string {
	s := fmt.Sprintf("%.1f", v)
	return strings.TrimSuffix(s, ".0")
}

func hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

func escapeXML(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // a strings.Builder does not fail
	return b.String()
}
