package pane

import "sort"

// transcript is a pane's line layout and scroll position. Only the entries
// from the first changed one on are measured again, and only the lines on
// screen are handed out, so a 2,000-turn run costs what a short one does.
type transcript struct {
	width, height int // the whole pane, header included
	// starts[i] is the first line of entry i; it is valid for the entries
	// before len(starts)-1 and extended lazily by layout.
	starts     []int
	top        int  // first body line shown
	follow     bool // keep the newest line in view
	dockHeight int  // lines under the transcript (input box, question)
	// headLines is the pane header's height (a caption adds one).
	headLines int
}

// resize sets the pane's size; a new width re-wraps every entry lazily.
func (t *transcript) resize(w, h int) {
	if w != t.width {
		t.starts = t.starts[:0]
	}
	t.width, t.height = w, h
}

// dirty drops the layout from entry i on.
func (t *transcript) dirty(i int) {
	if i+1 < len(t.starts) {
		t.starts = t.starts[:i+1]
	}
}

// BodyHeight is the number of transcript lines on screen.
func (t *transcript) BodyHeight() int { return max(t.height-t.headLines-t.dockHeight, 0) }

// layout renders the entries that changed and returns the line count.
func (p *Pane) layout() int {
	if len(p.starts) == 0 {
		p.starts = append(p.starts, 0)
	}
	for i := len(p.starts) - 1; i < len(p.entries); i++ {
		e := p.entries[i]
		usual := p.backends[e.seat&1]
		if p.handed {
			usual = ""
		}
		e.render(p.width, p.styles, usual, p.masked)
		p.starts = append(p.starts, p.starts[i]+len(e.lines))
	}
	return p.starts[len(p.entries)]
}

// clampTop applies follow mode and keeps top within the transcript.
func (p *Pane) clampTop() {
	if !p.follow && p.laidOut(p.top+p.BodyHeight()) {
		return
	}
	maxTop := max(p.layout()-p.BodyHeight(), 0)
	if p.follow || p.top > maxTop {
		p.top = maxTop
	}
	p.top = max(p.top, 0)
}

// laidOut reports whether lines 0 to n-1 are laid out: the entries that
// changed start at line n or later. A view scrolled away from them shows
// none of them and cannot be past the end, so they are measured again
// only when the view reaches them.
func (t *transcript) laidOut(n int) bool {
	return len(t.starts) > 0 && t.starts[len(t.starts)-1] >= n
}

// entryAt returns the index of the entry holding line n, among the entries
// laid out.
func (p *Pane) entryAt(n int) int {
	return sort.SearchInts(p.starts, n+1) - 1
}

// ScrollBy moves the view by n lines; reaching the bottom follows again.
func (p *Pane) ScrollBy(n int) {
	p.clampTop()
	maxTop := max(p.layout()-p.BodyHeight(), 0)
	p.top = min(max(p.top+n, 0), maxTop)
	p.follow = p.top == maxTop
}

// ScrollHome shows the first line and stops following.
func (p *Pane) ScrollHome() {
	p.top, p.follow = 0, false
	p.clampTop()
}

// ScrollEnd shows the newest lines and follows them.
func (p *Pane) ScrollEnd() {
	p.follow = true
	p.clampTop()
}

// TopTurn is the number of the turn at the top of the view (the last one
// started before it, when a note is at the top), or 0.
func (p *Pane) TopTurn() int {
	p.clampTop()
	if len(p.entries) == 0 {
		return 0
	}
	for i := p.entryAt(p.top); i >= 0; i-- {
		if e := p.entries[i]; e.kind == turnEntry {
			return e.turn
		}
	}
	return 0
}

// ScrollToTurn puts turn n (or the newest turn, when n has not started)
// at the top, for synchronized scrolling.
func (p *Pane) ScrollToTurn(n int) {
	if len(p.turns) == 0 || n < 1 {
		p.ScrollHome()
		return
	}
	n = min(n, len(p.turns))
	p.layout()
	p.top, p.follow = p.starts[p.turns[n-1]], false
	maxTop := max(p.layout()-p.BodyHeight(), 0)
	if p.top >= maxTop {
		p.top, p.follow = maxTop, true
	}
}

// Top is the first body line shown.
func (t *transcript) Top() int { return t.top }

// Following reports whether the pane keeps its newest line in view.
func (t *transcript) Following() bool { return t.follow }
