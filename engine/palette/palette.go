// Package palette holds the colours the app's screens, its figures and
// its pages share: one per mode, so SCRIPT is the same colour in a pane's
// heading (tui), on a slide's bars (engine/report) and in a page's column
// (engine/page), and one per annotation kind, so a leak is the same
// colour in a pane and on a page.
package palette

import (
	"image/color"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
)

// Pair is a colour for light backgrounds (and figures, drawn on white)
// and one for dark backgrounds, as "#rrggbb".
type Pair struct{ Light, Dark string }

// modes are the modes' colours: Okabe and Ito's colour-blind-safe set
// (vermilion, blue, reddish purple, bluish green, orange), darkened
// where text in them would not stand out 4.5:1 from a light page or
// terminal (WCAG AA; a page's headings and tabs are in them), lightened
// for dark backgrounds.
var modes = map[view.Mode]Pair{
	view.Script:      {"#A84A00", "#FF8A4C"},
	view.Agents:      {"#0072B2", "#56B4E9"},
	view.Mindreaders: {"#A8508A", "#E08FC4"},
	view.Humans:      {"#007656", "#3FD6A8"},
	view.People:      {"#8A5E00", "#F0B840"},
}

// other is the colour of a mode or kind without one of its own.
var other = Pair{"#666666", "#A0A0A0"}

// Mode is a mode's colours.
func Mode(m view.Mode) Pair {
	if p, ok := modes[m]; ok {
		return p
	}
	return other
}

// kinds are the annotation kinds' colours: a new kind of event.Kinds
// gets a row here (without one it is drawn in other's grey).
var kinds = map[event.AnnotationKind]Pair{
	event.Leak:         {"#c00000", "#ff6b6b"},
	event.MindRead:     {"#8e24aa", "#e0a8ff"},
	event.Guess:        {"#59687f", "#8a9bb8"},
	event.Disclosure:   {"#8a5a00", "#f2c94c"},
	event.FirstMention: {"#1b6e20", "#7ee787"},
}

// ModelCheck is the colour of the model leak check's annotations, Denied
// a denial's (shown, not counted).
var (
	ModelCheck = Pair{"#00695c", "#64d8cb"}
	Denied     = Pair{"#666666", "#929292"}
)

// Kind is an annotation kind's colours.
func Kind(k event.AnnotationKind) Pair {
	if p, ok := kinds[k]; ok {
		return p
	}
	return other
}

// RGBA reads a "#rrggbb" colour; anything else is black.
func RGBA(hex string) color.RGBA {
	c := color.RGBA{A: 0xff}
	if len(hex) != 7 || hex[0] != '#' {
		return c
	}
	v := [3]uint8{}
	for i := range v {
		for _, d := range hex[1+2*i : 3+2*i] {
			v[i] <<= 4
			switch {
			case d >= '0' && d <= '9':
				v[i] |= uint8(d - '0')
			case d >= 'a' && d <= 'f':
				v[i] |= uint8(d - 'a' + 10)
			case d >= 'A' && d <= 'F':
				v[i] |= uint8(d - 'A' + 10)
			default:
				return color.RGBA{A: 0xff}
			}
		}
	}
	c.R, c.G, c.B = v[0], v[1], v[2]
	return c
}
