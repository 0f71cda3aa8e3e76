package batch

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/view"
)

// Summary is what summary.json holds: one entry per mode.
type Summary struct {
	Refs     []string      `json:"scenarios"`
	Episodes int           `json:"episodes_per_mode_and_scenario"`
	Seed     int64         `json:"seed"`
	Modes    []ModeSummary `json:"modes"`
}

// ModeSummary aggregates one mode's episodes (all families together).
// Family-specific figures are nil when no episode of that family ran.
// Stats holds every measure of the report with its 95% interval; the
// named fields repeat the headline means.
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
	SuccessRate          *float64               `json:"success_rate,omitempty"`
	MeanFirstMention     *float64               `json:"mean_first_mention_position,omitempty"`
	FirstMentionEpisodes int                    `json:"first_mention_episodes,omitempty"`
	Stats                map[string]report.Stat `json:"stats"`
	// Failures counts error events (and failed judge calls) per kind.
	Failures map[event.FailureKind]int `json:"failures"`
}

// Episodes turns results into the report's episodes, computing metrics
// for runs that had no annotator.
func Episodes(results []Result) []report.Episode {
	eps := make([]report.Episode, len(results))
	for i, r := range results {
		eps[i] = report.FromRun(r.Recording, r.Scenario, r.Mode, r.History, r.Ending, r.Errors)
		eps[i].AddFailures(r.Failures.Kinds)
	}
	return eps
}

// Summarize aggregates results per mode, in the order modes are given.
func Summarize(o Options, results []Result) Summary {
	s := Summary{Refs: o.Refs, Episodes: o.Episodes, Seed: o.Seed}
	eps := Episodes(results)
	for _, mode := range o.Modes {
		var mine []report.Episode
		for _, ep := range eps {
			if ep.Mode == mode {
				mine = append(mine, ep)
			}
		}
		g := report.Summarize(mine)
		ms := ModeSummary{Mode: mode, Episodes: g.Episodes, Completed: g.Completed, Stats: g.Stats,
			MeanTurns: g.Stats[metrics.Turns].Mean, MeanWordsPerTurn: g.Stats[metrics.WordsPerTurn].Mean,
			DealRate: mean(g, metrics.Deal), MeanPriceFraction: mean(g, metrics.PriceFraction),
			SuccessRate: mean(g, metrics.Success), MeanFirstMention: mean(g, metrics.FirstMentionPos),
			FirstMentionEpisodes: g.Stats[metrics.FirstMentionPos].N, Failures: g.Failures}
		s.Modes = append(s.Modes, ms)
	}
	return s
}

func mean(g report.Group, key string) *float64 {
	st, ok := g.Stats[key]
	if !ok {
		return nil
	}
	return &st.Mean
}
