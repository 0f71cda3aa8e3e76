package page

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// studyEpisodes are n episodes of two families and three modes, with the
// figures a built-in run has, as report reads them.
func studyEpisodes(n int) []report.Episode {
	eps := make([]report.Episode, 0, n)
	for i := range n {
		family := []scenario.Family{"craigslist", "mutualfriends"}[i%2]
		eps = append(eps, report.Episode{
			Source: fmt.Sprintf("study/%s-%d-%d.jsonl", family, i/6, i%3), Family: family, Mode: view.Modes[i%3],
			Ended: true, Completed: true, Scenario: fmt.Sprintf("%s/gen-%d", family, i/6), Pair: fmt.Sprintf("%d", i/6),
			Metrics: map[string]float64{"leaks": float64(i % 3), "mind_reads": float64(i % 2), "words_per_turn": float64(10 + i%17),
				"turns": float64(4 + i%9), "goal_completion": float64(i % 11), "deal": float64(i % 2)},
		})
	}
	return eps
}

// BenchmarkStudyPage3000 is report --html's own work for a study of
// 3,000 episodes: the episodes gathered by scenario and aggregated, the
// sample chosen, its 30 episode pages (each the road-bike recordings)
// and the study page written. Reading the recordings is report's cost
// without --html (docs/PERFORMANCE.md).
func BenchmarkStudyPage3000(b *testing.B) {
	eps := studyEpisodes(3000)
	recs := roadBike(b)
	var page bytes.Buffer
	for b.Loop() {
		a := report.NewAggregator(nil)
		var s Scenarios
		for _, ep := range eps {
			a.Add(ep)
			s.Add(ep.Source, ep)
		}
		r := a.Report()
		picked := s.Sample(MaxEpisodePages)
		for range picked {
			if err := WriteEpisode(io.Discard, recs, nil); err != nil {
				b.Fatal(err)
			}
		}
		page.Reset()
		if err := WriteStudy(&page, r, make([]Link, len(picked)), s.Len(), nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(page.Len()), "page-bytes")
}
