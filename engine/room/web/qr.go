package web

import (
	"fmt"
	"strings"

	qr "github.com/piglig/go-qr"
)

// quiet is the blank margin around a QR code, in modules, that readers
// need to find it.
const quiet = 2

// code is the QR code of text (the join address), at the medium error
// correction a projected or printed code reads well with.
func code(text string) (*qr.QrCode, error) { return qr.EncodeText(text, qr.Medium) }

// QRSVG is the QR code of text as an SVG element: dark modules as one
// path on a light square, scaled by the page.
func QRSVG(text string) (string, error) {
	q, err := code(text)
	if err != nil {
		return "", err
	}
	n := q.Size() + 2*quiet
	var path strings.Builder
	for y := range q.Size() {
		for x := range q.Size() {
			if q.Module(x, y) {
				fmt.Fprintf(&path, "M%d %dh1v1h-1z", x+quiet, y+quiet)
			}
		}
	}
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges" role="img" aria-label="QR code of the join address"><rect width="%d" height="%d" fill="#fff"/><path d="%s" fill="#000"/></svg>`,
		n, n, n, n, path.String()), nil
}

// QRLines is the QR code of text in half blocks, two modules a line:
// the light modules are the ink (▀, ▄, █), the dark ones the gaps, so
// whoever draws it sets light ink on a dark ground (the serve console
// draws it white on black whatever the terminal's colours).
func QRLines(text string) ([]string, error) {
	q, err := code(text)
	if err != nil {
		return nil, err
	}
	dark := func(x, y int) bool {
		x, y = x-quiet, y-quiet
		return x >= 0 && y >= 0 && x < q.Size() && y < q.Size() && q.Module(x, y)
	}
	n := q.Size() + 2*quiet
	var out []string
	for y := 0; y < n; y += 2 {
		var b strings.Builder
		for x := range n {
			// Light is drawn (the block), dark is the gap: a light
			// module is ink, as on a dark terminal it shows light.
			top, bottom := !dark(x, y), y+1 < n && !dark(x, y+1) || y+1 >= n
			switch {
			case top && bottom:
				b.WriteString("█")
			case top:
				b.WriteString("▀")
			case bottom:
				b.WriteString("▄")
			default:
				b.WriteString(" ")
			}
		}
		out = append(out, b.String())
	}
	return out, nil
}
