package pane

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/tui/ui"
)

// SetSize sets the pane's size in cells, header included.
func (p *Pane) SetSize(w, h int) { p.resize(w, h) }

// Width is the pane's width in cells.
func (p *Pane) Width() int { return p.width }

// Render returns exactly height lines of exactly width cells: the header,
// the visible part of the transcript and the dock (input box or
// question), which keeps its last lines when the pane is short.
func (p *Pane) Render(width, height int) []string {
	p.SetSize(width, height)
	dock := p.dockLines(width)
	dock = dock[max(len(dock)-max(height-p.headLines-1, 0), 0):]
	p.dockHeight = len(dock)
	out := make([]string, 0, height)
	out = append(out, p.header.Get(p.headerState(), p.headerLines)...)
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

// dockLines is what the pane shows under its transcript: the open
// question, or the input box of the seat the user plays.
func (p *Pane) dockLines(width int) []string {
	switch {
	case p.dock != nil:
		return p.dock.Render(width, 0)
	case p.player != nil:
		pl := p.player
		state, mine := "wait for your turn", p.YourTurn()
		switch {
		case mine:
			state = "your turn"
		case p.paused:
			state = "paused"
		}
		hints := "enter sends · esc leaves the input"
		if !pl.Input.Focused() {
			hints = "enter types"
			if !pl.Fixed {
				hints += " · esc hands back"
			}
		}
		return pl.Input.Render(width, p.styles, state, hints, mine)
	}
	return nil
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
	caption   string
}

func (p *Pane) headerState() headerState {
	return headerState{p.width, p.focused, p.Status(), p.completed, p.annotated, p.ending != nil, p.follow, p.masked, p.backends, p.caption}
}

// HeaderLines are the header's lines at the pane's width.
func (p *Pane) HeaderLines() []string {
	st, w := p.styles, p.width
	label := st.ModeHeading(p.mode, p.focused).Render(FocusSign(p.focused) + p.Label() + " ")
	status := p.Status()
	right := st.StatusLabel.Render(status)
	if p.ending != nil {
		right = st.Dim.Render(status)
	}
	// The backend shows whole or not at all (the audit names it): a name
	// cut to "replay:bu…" says nothing.
	left := label
	if backend := " " + st.Dim.Render(p.backendLabel()); ansi.StringWidth(label+backend)+1+ansi.StringWidth(right) <= w {
		left += backend
	}
	first := ui.Spread(left, right, w)

	second := fmt.Sprintf("turn %d/%d", p.completed, p.maxTurns)
	if p.masked {
		second += st.Dim.Render("  annotations shown at the end")
	}
	switch {
	case p.presenting:
		// Presenter mode: what the mode's maker says that its character
		// could not know is the point (SCRIPT leaks, MINDREADERS
		// mind-reads, AGENTS guesses), named in full.
		kind := leak.MakerKind(p.mode)
		info, _ := event.InfoOf(kind)
		second += "  " + st.Highlight[kind].Render(info.Plural) + fmt.Sprintf(" %d", p.counts[kind])
	case !p.masked:
		second += p.counters(w - ansi.StringWidth(second))
	}
	second = ui.Fit(second, w)

	if p.caption != "" {
		return []string{first, ui.Fit(st.StatusLabel.Render(p.captionFor(w)), w), second, p.rule()}
	}
	return []string{first, second, p.rule()}
}

func (p *Pane) headerLines() []string { return p.HeaderLines() }

// captionFor is the caption, or the mode's short caption when the caption
// is wider than width cells.
func (p *Pane) captionFor(width int) string {
	if ansi.StringWidth(p.caption) <= width {
		return p.caption
	}
	return ShortCaptions[p.mode]
}

// counters renders the per-kind annotation counts in the longest labels
// that fit in room cells: words, then short words (spaced widely, then
// narrowly), then the kinds' markers; when even those do not fit, the
// same again with the kinds counted so far only. Of the kinds of a fact
// the speaker could not know, a pane counts the one its mode's maker
// makes (SCRIPT leaks, AGENTS guesses, MINDREADERS mind-reads) and any
// other that happened (a person who took a seat over).
func (p *Pane) counters(room int) string {
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
					out += sep + p.styles.Highlight[k.Kind].Render(name) + label.gap + count
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
func (p *Pane) rule() string {
	st, w := p.styles, p.width
	var badge string
	switch {
	case p.ending != nil:
		style := st.Bad
		if p.ending.Outcome.Good() {
			style = st.Good
		}
		badge = style.Render(" " + ui.Line(p.ending.Outcome.Summary) + " ")
	case !p.follow:
		badge = st.Dim.Render(" ↑ scrolled · end to follow ")
	}
	bw := ansi.StringWidth(badge)
	if bw+2 > w {
		badge, bw = ansi.Truncate(badge, max(w-2, 0), "…"), max(w-2, 0)
	}
	lead := min(2, w-bw)
	line := "─"
	if p.focused {
		line = "━" // heavier under the focused pane, which needs no colour
	}
	return st.Sep.Render(strings.Repeat(line, lead)) + badge + st.Sep.Render(strings.Repeat(line, max(w-lead-bw, 0)))
}

// FocusSign opens the label of the focused pane (its heading, its tab):
// a sign that needs no colour or reverse video, where an unfocused
// label opens with a space.
func FocusSign(focused bool) string {
	if focused {
		return "▶"
	}
	return " "
}
