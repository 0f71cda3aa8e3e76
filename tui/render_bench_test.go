package tui

import (
	"bytes"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"
)

// screenRenderer does per frame what Bubble Tea's renderer does with a
// View: a frame whose content equals the last one is skipped; any other is
// drawn into a cell buffer of the terminal's size, and the difference from
// the previous frame is written as terminal output.
type screenRenderer struct {
	buf  uv.ScreenBuffer
	scr  *uv.TerminalRenderer
	out  bytes.Buffer
	last string
}

func newScreenRenderer(width, height int) *screenRenderer {
	r := &screenRenderer{buf: uv.NewScreenBuffer(width, height)}
	r.scr = uv.NewTerminalRenderer(&r.out, []string{"TERM=xterm-256color"})
	r.scr.SetFullscreen(true)
	return r
}

// frame renders content and returns the bytes it wrote to the terminal.
func (r *screenRenderer) frame(content string) int {
	if content == r.last {
		return 0
	}
	r.last = content
	r.out.Reset()
	r.buf.Clear()
	uv.NewStyledString(content).Draw(r.buf, r.buf.Bounds())
	r.scr.Render(r.buf.RenderBuffer)
	r.scr.Flush()
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
