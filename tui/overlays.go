package tui

import (
	"charm.land/bubbles/v2/key"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/tui/overlay"
	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/ui"
)

// overlayPanel is a full-screen panel a key opens over the panes and
// closes again; opening one closes any other that is open. A new one is
// its component (tui/overlay holds the app's) and one row in overlays.
type overlayPanel struct {
	name string
	// key opens and closes it; `?` lists it with the panes' keys.
	key key.Binding
	// open makes the panel for the app as it is now, or says why it
	// cannot open.
	open func(m *model) (ui.Component, string)
}

// overlays are the panels keys open, in the order `?` lists them.
var overlays = []overlayPanel{
	{"info", ui.Key("i", "info", "i"), func(m *model) (ui.Component, string) {
		if m.secret() {
			return m.ownSide(), ""
		}
		return overlay.Info(m.common(), m.scenario), ""
	}},
	{"audit", ui.Key("p", "prompt audit", "p"), func(m *model) (ui.Component, string) {
		if m.secret() {
			return m.ownSide(), ""
		}
		return overlay.NewAudit(m.common(), m.scenario, func() *pane.Pane { return m.panes[m.focus] }, &m.unfold, writerPromptOf), ""
	}},
	{"card", ui.Key("c", "card", "c"), func(m *model) (ui.Component, string) {
		if m.secret() {
			return nil, "the card shows both sides: it comes with the reveal"
		}
		return overlay.Card(m.common(), m.recordings(), m.session.opts.Rated), ""
	}},
	{"scores", ui.Key("e", "scores", "e"), func(m *model) (ui.Component, string) {
		if m.secret() {
			return nil, "the scores show both sides: they come with the reveal"
		}
		runs := m.scoredRuns()
		if len(runs) == 0 {
			return nil, "no scores: no judge scored these runs (--judge, omnigap judge) and no one rated them (--ratings)"
		}
		return overlay.Scores(m.common(), runs), ""
	}},
}

// overlayKeys are the keys of the overlays, for the key map.
func overlayKeys() []key.Binding {
	out := make([]key.Binding, len(overlays))
	for i, o := range overlays {
		out[i] = o.key
	}
	return out
}

// The overlays the app opens itself, not by their key.
const (
	welcomeOverlay = "welcome"
	revealOverlay  = "reveal"
)

// toggleOverlay opens o, or closes it when it is the panel on screen.
func (m *model) toggleOverlay(o overlayPanel) {
	if m.stack.Body().Overlay == o.name {
		m.closeOverlay(o.name)
		return
	}
	c, why := o.open(m)
	if c == nil {
		m.notice = why
		return
	}
	m.openOverlay(ui.Layer{Component: c, Overlay: o.name})
}

// openOverlay shows a panel over the panes in place of any open one.
func (m *model) openOverlay(l ui.Layer) {
	m.closeOverlay("")
	l.Place = ui.Body
	m.stack.Push(l)
	m.resize()
}

// closeOverlay closes the overlay called name, or any for "", and
// reports whether one was open.
func (m *model) closeOverlay(name string) bool {
	return m.stack.RemoveIf(func(l ui.Layer) bool { return l.Overlay != "" && (name == "" || l.Overlay == name) }) > 0
}

// ownSide is the player's own View, what a panel that shows both sides
// shows before the game ends.
func (m *model) ownSide() ui.Component { return overlay.Own(m.common(), m.scenario, m.play.Seat) }

// openWelcome shows the first screen of a served game.
func (m *model) openWelcome() {
	// The welcome has the keyboard until the game starts.
	w := overlay.NewWelcome(m.common(), m.scenario, m.play.Seat, m.play.Welcome, m.startGame)
	m.openOverlay(ui.Layer{Component: w, Overlay: welcomeOverlay, Keys: ui.TakeKeys})
}

// openReveal shows the end of the game beside the SCRIPT run.
func (m *model) openReveal() {
	m.openOverlay(ui.Layer{Component: overlay.NewReveal(m.common(), m.scenario, m.play.Seat, m.panes[0], m.script), Overlay: revealOverlay,
		OnClose: func() { m.notice = "v shows the reveal again" }})
}

// recordings are the runs on screen as their recordings hold them so
// far, for the card.
func (m *model) recordings() []*record.Recording {
	var recs []*record.Recording
	for _, p := range m.panes {
		path := m.parentOf(p)
		if path == "" {
			path = p.RunID()
		}
		h := record.Header{RunID: p.RunID(), Scenario: m.scenario, Mode: p.Mode(), Backends: p.Backends(), Seed: m.seed, Settings: settingsOf(p)}
		if l := p.Live(); l != nil && l.Spec.Fork != nil {
			parent := l.Spec.Fork.Parent
			h.Seed, h.Parent, path = l.Spec.Seed, &parent, l.Recording
		}
		recs = append(recs, &record.Recording{Path: path, Header: h, Events: p.Events()})
	}
	return recs
}

// writerPromptOf names the instruction a pane's model writer was given,
// as its recording's header does.
func writerPromptOf(p *pane.Pane) string {
	return record.Header{Settings: settingsOf(p)}.WriterPrompt()
}

// settingsOf is the endpoint and sampling parameters of a pane's run, as
// its recording's header holds them: the replayed recording's own for a
// replay, else what the factory reports.
func settingsOf(p *pane.Pane) map[string]string {
	if p.Live() == nil {
		return nil
	}
	if f, ok := p.Live().Spec.Factory.(episode.SettingsReporter); ok {
		return f.Settings(p.Live().Spec.Scenario, p.Mode())
	}
	return nil
}
