package tui

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// screenRenderer does per frame what Bubble Tea v2.1.1's renderer
// (cursedRenderer.flush) does with a View on the alternate screen of a
// Linux terminal that supports synchronized output (mode 2026) but not
// grapheme widths (mode 2027): a frame whose content equals the last one
// is skipped; any other clears the cell buffer, parses the content into
// it, diffs it against the previous frame (scroll optimisation on, hard
// tabs and backspace allowed, true colour) and writes the difference,
// wrapped in synchronized-output marks, to the terminal.
type screenRenderer struct {
	buf     uv.ScreenBuffer
	scr     *uv.TerminalRenderer
	pending bytes.Buffer // what the diff queued, as Bubble Tea's own buffer
	out     bytes.Buffer // the terminal
	last    string
}

func newScreenRenderer(width, height int) *screenRenderer {
	r := &screenRenderer{buf: uv.NewScreenBuffer(width, height)}
	// The writer is no terminal: TTY_FORCE makes the renderer pick the
	// colour profile a true-colour terminal would get.
	r.scr = uv.NewTerminalRenderer(&r.pending, []string{"TERM=xterm-256color", "COLORTERM=truecolor", "TTY_FORCE=1"})
	r.scr.SetTabStops(width)
	r.scr.SetBackspace(true)
	r.scr.SetScrollOptim(true)
	r.scr.SetFullscreen(true)
	r.scr.SetRelativeCursor(false)
	r.scr.Erase()
	return r
}

// frame renders content and returns the bytes it wrote to the terminal.
func (r *screenRenderer) frame(content string) int {
	if content == r.last {
		return 0
	}
	r.last = content
	styled := uv.NewStyledString(content)
	r.buf.Clear()
	styled.Draw(r.buf, r.buf.Bounds())
	r.scr.Render(r.buf.RenderBuffer)
	r.scr.Flush()
	r.out.Reset()
	if r.pending.Len() > 0 {
		r.out.WriteString(ansi.SetModeSynchronizedOutput)
		r.out.Write(r.pending.Bytes())
		r.out.WriteString(ansi.ResetModeSynchronizedOutput)
	}
	r.pending.Reset()
	return r.out.Len()
}

// BenchmarkStreamFrameWithRenderer is BenchmarkStreamDelta with the
// terminal renderer included: one delta into the streaming turn of a long
// episode on a 240x60 screen, the model's View, and the renderer turning
// it into terminal output. bytes/frame is what reaches the terminal.
func BenchmarkStreamFrameWithRenderer(b *testing.B) {
	m := longEpisode(b)
	live := newLiveTurns(m)
	r := newScreenRenderer(240, 60)
	r.frame(m.View().Content)
	written := 0
	b.ReportAllocs()
	for b.Loop() {
		live.delta()
		written += r.frame(m.View().Content)
		live.completeEvery(60)
	}
	b.ReportMetric(float64(written)/float64(b.N), "bytes/frame")
}

// BenchmarkRendererOnStreamFrames is the renderer's share of
// BenchmarkStreamFrameWithRenderer: the same streaming frames, made
// before the clock starts, handed to the renderer forwards then backwards
// (each frame one word from the last). What the streaming frame costs
// beyond this is the app's: the delta and the View.
func BenchmarkRendererOnStreamFrames(b *testing.B) {
	m := longEpisode(b)
	live := newLiveTurns(m)
	frames := make([]string, 60)
	for i := range frames {
		live.delta()
		frames[i] = m.View().Content
	}
	r := newScreenRenderer(240, 60)
	r.frame(frames[1])
	written := 0
	b.ReportAllocs()
	last := len(frames) - 1
	for i := 0; b.Loop(); i++ {
		k := i % (2 * last)
		written += r.frame(frames[min(k, 2*last-k)])
	}
	b.ReportMetric(float64(written)/float64(b.N), "bytes/frame")
}

// BenchmarkUnchangedFrameWithRenderer draws a frame whose visible text has
// not changed (a message that changes nothing on screen): the renderer
// skips it, so the cost is the View and the comparison.
func BenchmarkUnchangedFrameWithRenderer(b *testing.B) {
	m := longEpisode(b)
	r := newScreenRenderer(240, 60)
	r.frame(m.View().Content)
	written := 0
	b.ReportAllocs()
	for b.Loop() {
		written += r.frame(m.View().Content)
	}
	b.ReportMetric(float64(written)/float64(b.N), "bytes/frame")
}

// BenchmarkOneCellFrameWithRenderer is the renderer's floor: a blank
// screen on which one character moves each frame. The renderer clears,
// parses and compares every cell of every frame, so this is what any
// changed frame of that size costs in it, whatever the View does.
func BenchmarkOneCellFrameWithRenderer(b *testing.B) {
	for _, size := range [][2]int{{240, 60}, {120, 40}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			width, height := size[0], size[1]
			r := newScreenRenderer(width, height)
			r.frame(strings.Repeat("\n", height-1))
			above, below := strings.Repeat("\n", height/2), strings.Repeat("\n", height-height/2-1)
			written := 0
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				written += r.frame(above + strings.Repeat(" ", i%width) + "x" + below)
			}
			b.ReportMetric(float64(written)/float64(b.N), "bytes/frame")
		})
	}
}
