package tui

import (
	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/tui/overlay"
)

// scoredRuns are the panes' runs that a judge scored or people rated,
// for the scores panel: a rated replay's seats as its ratings join them,
// else each seat's judges' scores from the run's end.
func (m *model) scoredRuns() []overlay.ScoredRun {
	var out []overlay.ScoredRun
	for _, p := range m.panes {
		run := overlay.ScoredRun{Label: p.Label()}
		if ep := m.session.opts.Rated.Episode(m.parentOf(p)); ep != nil {
			run.Seats = ep.Seats
			out = append(out, run)
			continue
		}
		end := p.Ending()
		if end == nil {
			continue
		}
		h := record.Header{Scenario: m.scenario, Backends: p.Backends(), Settings: settingsOf(p)}
		judged := false
		for seat := range 2 {
			st := people.Seat{Name: m.scenario.Seats[seat].Character.Name, Model: h.Backends[seat]}
			// The rules' scores need the run's annotations: only the judges' here.
			for _, s := range people.Scores(h, end, nil, seat) {
				if people.ScorerRank(s.Scorer) < people.RuleRank {
					st.Scores = append(st.Scores, s)
				}
			}
			judged = judged || len(st.Scores) > 0
			run.Seats[seat] = st
		}
		if judged {
			out = append(out, run)
		}
	}
	return out
}
