package page

import (
	"context"
	"testing"
	"time"

	"github.com/omnigap/omnigap/internal/browser"
	"github.com/omnigap/omnigap/internal/tools"
)

// sizes are the windows every page is checked at: a laptop's and a
// phone's.
var sizes = [][2]int{{1280, 800}, {390, 844}}

// schemes are the colour schemes every page is checked in.
var schemes = []string{"light", "dark"}

// withScheme switches the page to a colour scheme.
func withScheme(t *testing.T, p *browser.Page, scheme string) {
	t.Helper()
	if err := p.Call(context.Background(), "Emulation.setEmulatedMedia", map[string]any{"features": []map[string]string{{"name": "prefers-color-scheme", "value": scheme}}}, nil); err != nil {
		t.Fatal(err)
	}
}

// Every page, at a laptop's and a phone's size, in light and dark: axe-
// core finds no serious or critical violation of WCAG 2 A and AA (and of
// its best practices).
func TestPagesPassAxe(t *testing.T) {
	episode, _ := writePage(t, roadBike(t))
	study, _ := writeStudyPage(t)
	b := startChromium(t)
	axe, err := browser.AxeScript()
	if err != nil {
		tools.Missing(t, err.Error())
	}
	for _, page := range []struct{ name, path string }{{"episode", episode}, {"study", study}} {
		for _, size := range sizes {
			p, _ := load(t, b, page.path, size[0], size[1], false)
			for _, scheme := range schemes {
				withScheme(t, p, scheme)
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				vs, err := p.Axe(ctx, axe)
				cancel()
				if err != nil {
					t.Fatalf("%s %v %s: %v", page.name, size, scheme, err)
				}
				for _, v := range vs {
					if v.Impact == "serious" || v.Impact == "critical" {
						t.Errorf("%s %dx%d %s: %s", page.name, size[0], size[1], scheme, v)
					} else {
						t.Logf("%s %dx%d %s (not counted): %s", page.name, size[0], size[1], scheme, v)
					}
				}
			}
		}
	}
}
