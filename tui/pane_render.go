package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
)

// headerHeight is the pane header: title line, counters line, rule.
const headerHeight = 3

// SetSize sets the pane's size in cells, header included.
func (p *pane) SetSize(w, h int) { p.resize(w, h) }

// Render returns exactly height lines of exactly width cells: the header,
// the visible part of the transcript and the dock (input box or seat
// chooser), which keeps its last lines when the pane is short.
func (p *pane) Render(width, height int) []string {
	p.SetSize(width, height)
	dock := p.dockLines(width)
	dock = dock[max(len(dock)-max(height-p.headLines-1, 0), 0):]
	p.dock = len(dock)
	out := make([]string, 0, height)
	out = append(out, p.header.get(p.headerState(), p.headerLines)...)
	out = out[:min(len(out), height)]
	p.clampTop()
	blank := strings.Repeat(" ", width)
	body := height - len(dock)
	if len(p.entries) > 0 {
		i := p.entryAt(p.top)
		line := p.top - p.starts[i]
		for len(out) < body && i < len(p.starts)-1 {
			e := p.entries[i]
			if line >= len(e.lines) {
				i, line = i+1, 0
				continue
			}
			out = append(out, e.lines[line])
			line++
		}
	}
	for len(out) < body {
		out = append(out, blank)
	}
	return append(out, dock...)
}

// headerState is everything the header shows.
type headerState struct {
	width     int
	focused   bool
	status    string
	completed int
	annotated int
	ended     bool
	follow    bool
	masked    bool
	backends  [2]string
}

func (p *pane) headerState() headerState {
	return headerState{p.width, p.focused, p.status(), p.completed, p.annotated, p.ending != nil, p.follow, p.masked, p.backends}
}

func (p *pane) headerLines() []string {
	st, w := p.st, p.width
	label := st.modeHeading(p.mode, p.focused).Render(" " + p.label() + " ")
	status := p.status()
	right := st.statusLabel.Render(status)
	if p.ending != nil {
		right = st.dim.Render(status)
	}
	// The backend shows whole or not at all (the audit names it): a name
	// cut to "replay:bu…" says nothing.
	left := label
	if backend := " " + st.dim.Render(p.backendLabel()); ansi.StringWidth(label+backend)+1+ansi.StringWidth(right) <= w {
		left += backend
	}
	first := spread(left, right, w)

	second := fmt.Sprintf("turn %d/%d", p.completed, p.maxTurns)
	if p.masked {
		second += st.dim.Render("  annotations shown at the end")
	}
	switch {
	case p.caption != "":
		// Presenter mode: the leaks are the point, named in full.
		second += "  " + p.st.highlight[event.Leak].Render("leaks") + fmt.Sprintf(" %d", p.counts[event.Leak])
	case !p.masked:
		second += p.counters(w - ansi.StringWidth(second))
	}
	second = fit(second, w)

	if p.caption != "" {
		return []string{first, fit(st.statusLabel.Render(captionFor(p.mode, w)), w), second, p.rule()}
	}
	return []string{first, second, p.rule()}
}

// counters renders the per-kind annotation counts in the longest labels
// that fit in room cells: words, then short words (spaced widely, then
// narrowly), then the kinds' markers; when even those do not fit, the
// same again with the kinds counted so far only. Of the kinds of a fact
// the speaker could not know, a pane counts the one its mode's maker
// makes (SCRIPT leaks, AGENTS guesses, MINDREADERS mind-reads) and any
// other that happened (a person who took a seat over).
func (p *pane) counters(room int) string {
	maker := leak.MakerKind(p.mode)
	labels := []struct {
		name func(event.KindInfo) string
		gap  string // between the label and the count
	}{
		{func(k event.KindInfo) string { return k.Word }, " "},
		{func(k event.KindInfo) string { return k.Short }, " "},
		{func(k event.KindInfo) string { return k.Marker }, ""},
	}
	var out string
	for _, all := range []bool{true, false} {
		for _, label := range labels {
			for _, sep := range []string{"  ", " "} {
				width := 0
				out = ""
				for _, k := range event.Kinds {
					n := p.counts[k.Kind]
					if n == 0 && (!all || k.Unknown && k.Kind != maker) {
						continue
					}
					name, count := label.name(k), fmt.Sprint(n)
					width += len(sep) + ansi.StringWidth(name) + len(label.gap) + len(count)
					out += sep + p.st.highlight[k.Kind].Render(name) + label.gap + count
				}
				if width <= room {
					return out
				}
			}
		}
	}
	return out
}

// rule closes the header; it carries the outcome badge when the run has
// ended and a hint when the user has scrolled away from the newest turn.
func (p *pane) rule() string {
	st, w := p.st, p.width
	var badge string
	switch {
	case p.ending != nil:
		style := st.bad
		if p.ending.Outcome.Good() {
			style = st.good
		}
		badge = style.Render(" " + oneLine(p.ending.Outcome.Summary) + " ")
	case !p.follow:
		badge = st.dim.Render(" ↑ scrolled · end to follow ")
	}
	bw := ansi.StringWidth(badge)
	if bw+2 > w {
		badge, bw = ansi.Truncate(badge, max(w-2, 0), "…"), max(w-2, 0)
	}
	lead := min(2, w-bw)
	return st.sep.Render(strings.Repeat("─", lead)) + badge + st.sep.Render(strings.Repeat("─", max(w-lead-bw, 0)))
}

// spread puts right at the right edge of a width-w line and left before
// it, truncating left when both do not fit.
func spread(left, right string, w int) string {
	rw := ansi.StringWidth(right)
	if rw >= w {
		return fit(right, w)
	}
	left = ansi.Truncate(left, max(w-rw-1, 0), "…")
	gap := w - rw - ansi.StringWidth(left)
	return left + strings.Repeat(" ", gap) + right
}

// pad fills a line of width lw up to w cells.
func pad(s string, lw, w int) string {
	if lw >= w {
		return s
	}
	return s + strings.Repeat(" ", w-lw)
}

// fit truncates or pads a styled line to exactly w cells.
func fit(s string, w int) string {
	if ansi.StringWidth(s) > w {
		s = ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", max(w-ansi.StringWidth(s), 0))
}
