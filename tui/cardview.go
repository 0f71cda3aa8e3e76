package tui

import (
	"strings"

	"github.com/omnigap/omnigap/engine/card"
	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/record"
)

// cardDoc is the `c` panel: the simulation card of the runs on screen,
// the same Markdown omnigap card writes, built from the events the panes
// have received so far.
func cardDoc(m *model) *doc {
	var recs []*record.Recording
	for _, p := range m.panes {
		path := m.parentOf(p)
		if path == "" {
			path = p.runID
		}
		h := record.Header{RunID: p.runID, Scenario: m.sc, Mode: p.mode, Backends: p.backends, Seed: m.seed, Settings: settingsOf(p)}
		if p.live != nil && p.live.Spec.Fork != nil {
			parent := p.live.Spec.Fork.Parent
			h.Seed, h.Parent, path = p.live.Spec.Seed, &parent, p.live.Recording
		}
		recs = append(recs, &record.Recording{Path: path, Header: h, Events: p.events})
	}
	var b strings.Builder
	if err := card.Write(&b, recs); err != nil {
		b.WriteString(err.Error())
	}
	text := b.String()
	return &doc{title: "Simulation card (as omnigap card writes it)", build: func(w int) []string {
		var out []string
		for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
			style := m.st.setting
			if strings.HasPrefix(l, "#") {
				style = m.st.title
			}
			out = append(out, para(l, w, 0, style)...)
		}
		return out
	}}
}

// settingsOf is the endpoint and sampling parameters of a pane's run, as
// its recording's header holds them: the replayed recording's own for a
// replay, else what the factory reports.
func settingsOf(p *pane) map[string]string {
	if p.live == nil {
		return nil
	}
	if f, ok := p.live.Spec.Factory.(episode.SettingsReporter); ok {
		return f.Settings(p.mode)
	}
	return nil
}
