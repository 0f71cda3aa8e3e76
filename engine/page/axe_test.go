package page

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/report"
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

// writeRatedPages writes the road-bike page and a study page with
// people's ratings (ratedRoadBike) and returns their paths.
func writeRatedPages(t *testing.T) (string, string) {
	t.Helper()
	recs, st := ratedRoadBike(t)
	dir := t.TempDir()
	var eps []report.Episode
	for _, r := range recs {
		eps = append(eps, report.FromRecording(r))
	}
	var ep, study bytes.Buffer
	if err := WriteEpisode(&ep, recs, st); err != nil {
		t.Fatal(err)
	}
	if err := WriteStudy(&study, report.Aggregate(eps), nil, st); err != nil {
		t.Fatal(err)
	}
	paths := []string{filepath.Join(dir, "rated.html"), filepath.Join(dir, "rated-study.html")}
	for i, b := range []*bytes.Buffer{&ep, &study} {
		if err := os.WriteFile(paths[i], b.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return paths[0], paths[1]
}

// Every page, at a laptop's and a phone's size, in light and dark: axe-
// core finds no serious or critical violation of WCAG 2 A and AA (and of
// its best practices).
func TestPagesPassAxe(t *testing.T) {
	episode, _ := writePage(t, roadBike(t))
	study, _ := writeStudyPage(t)
	rated, ratedStudy := writeRatedPages(t)
	b := startChromium(t)
	axe, err := browser.AxeScript()
	if err != nil {
		tools.Missing(t, err.Error())
	}
	for _, page := range []struct{ name, path string }{{"episode", episode}, {"study", study}, {"rated episode", rated}, {"rated study", ratedStudy}} {
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
