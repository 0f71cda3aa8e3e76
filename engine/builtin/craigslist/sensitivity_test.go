package craigslist

import (
	"fmt"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/view"
)

// sensitivity are the settings the study's direction is checked under:
// the built-in bounds, and each knob moved on its own to a lower and a
// higher plausible range.
var sensitivity = []struct {
	name   string
	change func(*talk.Settings)
}{
	{"built-in settings", func(*talk.Settings) {}},
	{"pace 0.1-0.3", func(s *talk.Settings) { s.PaceLo, s.PaceHi = 0.1, 0.3 }},
	{"pace 0.4-0.7", func(s *talk.Settings) { s.PaceLo, s.PaceHi = 0.4, 0.7 }},
	{"patience 1-3", func(s *talk.Settings) { s.PatienceLo, s.PatienceHi = 1, 3 }},
	{"patience 3-5", func(s *talk.Settings) { s.PatienceLo, s.PatienceHi = 3, 5 }},
	{"margin 0.05-0.20", func(s *talk.Settings) { s.MarginLo, s.MarginHi = 0.05, 0.2 }},
	{"margin 0.20-0.40", func(s *talk.Settings) { s.MarginLo, s.MarginHi = 0.2, 0.4 }},
	{"closers 25%", func(s *talk.Settings) { s.CloserShare = 0.25 }},
	{"closers 75%", func(s *talk.Settings) { s.CloserShare = 0.75 }},
	{"trusting 20%", func(s *talk.Settings) { s.TrustingShare = 0.2 }},
	{"trusting 60%", func(s *talk.Settings) { s.TrustingShare = 0.6 }},
	{"pressure 1 turn", func(s *talk.Settings) { s.Pressure = 1 }},
	{"pressure 3 turns", func(s *talk.Settings) { s.Pressure = 3 }},
}

// dealRate plays the 300 generated Craigslist episodes of one mode under s.
func dealRate(t *testing.T, s talk.Settings, mode view.Mode) float64 {
	deals := 0
	for seed := int64(1); seed <= episodesPerMode; seed++ {
		if dealUnder(t, generate.Craigslist(seed), mode, seed, s) {
			deals++
		}
	}
	return float64(deals) / episodesPerMode
}

// TestSensitivity is the sensitivity study of docs/METRICS.md: the deal
// rates of the three modes over the 300 generated Craigslist episodes
// under every setting above (go test -run TestSensitivity -v
// ./engine/builtin/craigslist/ prints the table). The study's direction,
// SCRIPT above MINDREADERS above AGENTS, must hold under all of them.
func TestSensitivity(t *testing.T) {
	t.Logf("%-18s %7s %12s %7s", "setting", "SCRIPT", "MINDREADERS", "AGENTS")
	for _, c := range sensitivity {
		s := talk.DefaultSettings
		c.change(&s)
		rates := map[view.Mode]float64{}
		for _, m := range view.Modes {
			rates[m] = dealRate(t, s, m)
		}
		t.Logf("%-18s %7.2f %12.2f %7.2f", c.name, rates[view.Script], rates[view.Mindreaders], rates[view.Agents])
		if !(rates[view.Script] > rates[view.Mindreaders] && rates[view.Mindreaders] > rates[view.Agents]) {
			t.Errorf("%s: deal rates %s, not SCRIPT > MINDREADERS > AGENTS", c.name, fmt.Sprint(rates))
		}
	}
}
