package palette

import (
	"image/color"
	"math"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
)

// luminance is a colour's relative luminance (WCAG 2).
func luminance(c color.RGBA) float64 {
	channel := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*channel(c.R) + 0.7152*channel(c.G) + 0.0722*channel(c.B)
}

// contrast is WCAG 2's contrast ratio of two colours.
func contrast(a, b color.RGBA) float64 {
	x, y := luminance(a), luminance(b)
	return (max(x, y) + 0.05) / (min(x, y) + 0.05)
}

// tint is c at share over the background bg, as CSS's color-mix draws a
// page's mark behind its text.
func tint(c, bg color.RGBA, share float64) color.RGBA {
	mix := func(a, b uint8) uint8 { return uint8(math.Round(float64(a)*share + float64(b)*(1-share))) }
	return color.RGBA{mix(c.R, bg.R), mix(c.G, bg.G), mix(c.B, bg.B), 0xff}
}

// Text in any colour of the palette stands out at least 4.5:1 (WCAG AA
// for text of any size) from the backgrounds it is drawn on: a page's
// (engine/page's page.css: white and its panels' grey, or in dark mode
// its near-black and its panels'), and a kind's from its mark's tint of
// its own colour over the page; the light colours are a light
// terminal's too.
func TestTextInEveryColourReads(t *testing.T) {
	backgrounds := map[string][]string{"light": {"#ffffff", "#f5f6f8"}, "dark": {"#15171a", "#1f2226"}}
	type colours struct {
		Pair
		marked bool
	}
	pairs := map[string]colours{"model check": {ModelCheck, true}, "denied": {Denied, true}, "other": {other, true}}
	for _, k := range event.Kinds {
		pairs[k.Word] = colours{Kind(k.Kind), true}
	}
	for _, m := range append(append([]view.Mode{}, view.Modes...), view.Humans, view.People) {
		pairs[string(m)] = colours{Mode(m), false}
	}
	for name, p := range pairs {
		for scheme, bgs := range backgrounds {
			fg := RGBA(p.Light)
			if scheme == "dark" {
				fg = RGBA(p.Dark)
			}
			unders := []color.RGBA{RGBA(bgs[0]), RGBA(bgs[1])}
			if p.marked {
				unders = append(unders, tint(fg, RGBA(bgs[0]), 0.12))
			}
			for _, under := range unders {
				if c := contrast(fg, under); c < 4.5 {
					t.Errorf("%s in %s (%v) on %v: %.2f:1, under 4.5:1", name, scheme, fg, under, c)
				}
			}
		}
	}
}
