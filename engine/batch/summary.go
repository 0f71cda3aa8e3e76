package batch

import (
	"regexp"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Summary is what summary.json holds: one entry per mode.
type Summary struct {
	Refs     []string      `json:"scenarios"`
	Episodes int           `json:"episodes_per_mode_and_scenario"`
	Seed     int64         `json:"seed"`
	Modes    []ModeSummary `json:"modes"`
}

// ModeSummary aggregates one mode's episodes. Family-specific figures are
// nil when no episode of that family ran.
type ModeSummary struct {
	Mode             view.Mode `json:"mode"`
	Episodes         int       `json:"episodes"`
	Completed        int       `json:"completed"`
	MeanTurns        float64   `json:"mean_turns"`
	MeanWordsPerTurn float64   `json:"mean_words_per_turn"`
	// Craigslist.
	DealRate          *float64 `json:"deal_rate,omitempty"`
	MeanPriceFraction *float64 `json:"mean_price_fraction_of_listing,omitempty"`
	// MutualFriends.
	SuccessRate          *float64 `json:"success_rate,omitempty"`
	MeanFirstMention     *float64 `json:"mean_first_mention_position,omitempty"`
	FirstMentionEpisodes int      `json:"first_mention_episodes,omitempty"`
}

// Summarize aggregates results per mode, in the order modes are given.
func Summarize(o Options, results []Result) Summary {
	s := Summary{Refs: o.Refs, Episodes: o.Episodes, Seed: o.Seed}
	for _, mode := range o.Modes {
		var acc accumulator
		for _, r := range results {
			if r.Mode == mode {
				acc.add(r)
			}
		}
		s.Modes = append(s.Modes, acc.summary(mode))
	}
	return s
}

type mean struct {
	sum float64
	n   int
}

func (m *mean) add(v float64) { m.sum += v; m.n++ }

func (m mean) value() *float64 {
	if m.n == 0 {
		return nil
	}
	v := m.sum / float64(m.n)
	return &v
}

type accumulator struct {
	episodes, completed                        int
	turns, wordsPerTurn                        mean
	deal, priceFraction, success, firstMention mean
}

func (a *accumulator) add(r Result) {
	a.episodes++
	if r.Ending.Reason != event.Canceled && r.Ending.Reason != event.Failed && r.Errors == 0 {
		a.completed++
	}
	a.turns.add(float64(len(r.Turns)))
	if w := wordsPerTurn(r.Turns); w != nil {
		a.wordsPerTurn.add(*w)
	}
	switch r.Scenario.Family {
	case scenario.Craigslist:
		a.deal.add(boolValue(r.Ending.Outcome.Deal))
		if p := r.Ending.Outcome.Price; r.Ending.Outcome.Deal && p != nil {
			a.priceFraction.add(*p / r.Scenario.Craigslist.ListingPrice)
		}
	case scenario.MutualFriends:
		a.success.add(boolValue(r.Ending.Outcome.Success))
		if pos := firstMention(r.Scenario, r.Turns); pos != nil {
			a.firstMention.add(*pos)
		}
	}
}

func (a *accumulator) summary(mode view.Mode) ModeSummary {
	ms := ModeSummary{Mode: mode, Episodes: a.episodes, Completed: a.completed,
		DealRate: a.deal.value(), MeanPriceFraction: a.priceFraction.value(),
		SuccessRate: a.success.value(), MeanFirstMention: a.firstMention.value(),
		FirstMentionEpisodes: a.firstMention.n}
	if v := a.turns.value(); v != nil {
		ms.MeanTurns = *v
	}
	if v := a.wordsPerTurn.value(); v != nil {
		ms.MeanWordsPerTurn = *v
	}
	return ms
}

func boolValue(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// wordsPerTurn is the mean word count of the turns that said something.
func wordsPerTurn(turns []event.Action) *float64 {
	var m mean
	for _, t := range turns {
		if n := len(strings.Fields(t.Text)); n > 0 {
			m.add(float64(n))
		}
	}
	return m.value()
}

// firstMention is the relative position (0 = first turn, 1 = last) of the
// first turn that names the mutual friend, or nil if nobody did.
func firstMention(sc *scenario.Scenario, turns []event.Action) *float64 {
	var names []string
	for _, f := range sc.EnvFacts {
		if f.ID == "mutual-friend" {
			names = append(append(names, f.Phrases...), f.Aliases...)
		}
	}
	if len(names) == 0 || len(turns) == 0 {
		return nil
	}
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = regexp.QuoteMeta(n)
	}
	re := regexp.MustCompile(`(?i)\b(` + strings.Join(quoted, "|") + `)\b`)
	for i, t := range turns {
		if re.MatchString(t.Text) || (t.Type == event.Select && re.MatchString(t.Friend)) {
			pos := 0.0
			if len(turns) > 1 {
				pos = float64(i) / float64(len(turns)-1)
			}
			return &pos
		}
	}
	return nil
}
