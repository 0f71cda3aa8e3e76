package batch

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/view"
)

// Summary is what summary.json holds: one entry per mode. New figures go
// in new fields (with omitempty where they may be absent), so older
// readers keep working.
type Summary struct {
	Refs     []string `json:"scenarios"`
	Episodes int      `json:"episodes_per_mode_and_scenario"`
	Seed     int64    `json:"seed"`
	// Interrupted is set when the run was stopped before every episode
	// had been played; the figures then cover the episodes counted.
	Interrupted bool `json:"interrupted,omitempty"`
	// Retries counts the model calls sent again, by kind, over the
	// episodes counted (absent when none were); each episode's count is
	// in its recording's ending, so a resumed run counts as an
	// uninterrupted one.
	Retries map[string]int `json:"retries,omitempty"`
	// Cache counts the model calls of the episodes counted that the reply
	// cache answered and that it sent on (absent without --cache); each
	// episode's are in its recording's footer.
	Cache *event.CacheUse `json:"cache,omitempty"`
	Modes []ModeSummary   `json:"modes"`
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

// summary gives the per-mode figures counted so far, in the order modes
// are given.
func (t *orderedTally) summary() Summary {
	s := Summary{Refs: t.o.Refs, Episodes: t.o.Episodes, Seed: t.o.Seed, Retries: t.retries, Cache: t.cache}
	for _, mode := range t.o.Modes {
		g := t.byMode[mode].Group()
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
