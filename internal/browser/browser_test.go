package browser_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/omnigap/omnigap/internal/browser"
	"github.com/omnigap/omnigap/internal/tools"
)

// page is a page with two faults axe-core knows (grey text on white, an
// image without a text alternative) and a button that counts its clicks.
const page = `<!DOCTYPE html><html lang="en"><head><title>faults</title></head><body><main>
<p style="color:#bbbbbb;background:#ffffff">faint words</p>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<button id="b" type="button">tap me</button>
<script>var taps = 0; document.getElementById("b").addEventListener("click", function () { taps++; });</script>
</main></body></html>`

func open(t *testing.T) *browser.Page {
	t.Helper()
	path := filepath.Join(t.TempDir(), "faults.html")
	if err := os.WriteFile(path, []byte(page), 0o600); err != nil {
		t.Fatal(err)
	}
	b, err := browser.Start(tools.Need(t, "chromium", "chromium-browser"), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p, err := b.Open(ctx, "file://"+path, 390, 844, false)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// axe-core, run in the page, finds its two faults.
func TestAxeFindsTheFaults(t *testing.T) {
	script, err := browser.AxeScript()
	if err != nil {
		tools.Missing(t, err.Error())
	}
	p := open(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	vs, err := p.Axe(ctx, script)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, v := range vs {
		ids = append(ids, v.ID+" "+v.Impact)
	}
	for _, want := range []string{"color-contrast serious", "image-alt critical"} {
		if !slices.Contains(ids, want) {
			t.Errorf("axe found %q, not %s", ids, want)
		}
	}
}

// A tap on the button is a click.
func TestTapClicks(t *testing.T) {
	p := open(t)
	ctx := context.Background()
	var box struct{ X, Y float64 }
	if err := p.Eval(ctx, `(() => { const r = document.getElementById("b").getBoundingClientRect(); return {X: r.left + r.width / 2, Y: r.top + r.height / 2}; })()`, &box); err != nil {
		t.Fatal(err)
	}
	if err := p.Tap(ctx, box.X, box.Y); err != nil {
		t.Fatal(err)
	}
	var taps int
	if err := p.Eval(ctx, `taps`, &taps); err != nil || taps != 1 {
		t.Errorf("%d clicks after a tap (%v)", taps, err)
	}
}
