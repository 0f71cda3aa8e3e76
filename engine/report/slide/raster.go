package slide

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// pngScale is the most PNG pixels per SVG pixel: twice, so a small
// slide stays sharp on a projector as large as the screen it is made
// on. A larger one is drawn at the scale that makes it a 1080p screen's
// size at most (scaleOf).
const pngScale = 2

// scaleOf is the PNG's pixels per SVG pixel for a scene: pngScale, or
// less so that it is at most maxSlideWidth by maxSlideHeight pixels.
func scaleOf(sc *scene) float64 {
	return min(pngScale, maxSlideWidth/sc.width, maxSlideHeight/sc.height)
}

// writePNG rasterises the scene at scaleOf: boxes with anti-aliased
// edges, labels in the faces the layout measured, at that scale.
func (sc *scene) writePNG(w io.Writer, ts *typeset) error {
	pngScale := scaleOf(sc)
	for _, l := range sc.labels {
		if err := ts.add(l.size * pngScale); err != nil {
			return err
		}
	}
	img := image.NewRGBA(image.Rect(0, 0, int(math.Floor(sc.width*pngScale)), int(math.Floor(sc.height*pngScale))))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	for _, b := range sc.boxes {
		fillBox(img, b.x*pngScale, b.y*pngScale, b.w*pngScale, b.h*pngScale, b.fill)
	}
	for _, l := range sc.labels {
		d := font.Drawer{Dst: img, Src: image.NewUniform(l.fill), Face: ts.face(l.size*pngScale, l.bold)}
		d.Dot = fixed.Point26_6{X: fixed.Int26_6(ts.left(l) * pngScale * 64), Y: fixed.Int26_6(l.y * pngScale * 64)}
		d.DrawString(l.text)
	}
	// Flat colours compress well at the fastest level too.
	return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, img)
}

// fillBox fills a rectangle given in fractional pixels, its edges
// covered in proportion.
func fillBox(img *image.RGBA, x, y, w, h float64, c color.RGBA) {
	if w <= 0 || h <= 0 {
		return
	}
	r := image.Rect(int(math.Floor(x)), int(math.Floor(y)), int(math.Ceil(x+w)), int(math.Ceil(y+h))).Intersect(img.Bounds())
	if r.Empty() {
		return
	}
	z := vector.NewRasterizer(r.Dx(), r.Dy())
	ox, oy := float32(x)-float32(r.Min.X), float32(y)-float32(r.Min.Y)
	z.MoveTo(ox, oy)
	z.LineTo(ox+float32(w), oy)
	z.LineTo(ox+float32(w), oy+float32(h))
	z.LineTo(ox, oy+float32(h))
	z.ClosePath()
	z.Draw(img, r, image.NewUniform(c), image.Point{})
}
