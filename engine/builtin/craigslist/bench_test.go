package craigslist

import (
	"testing"

	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// generated are 64 generated Craigslist scenarios, which cover both short
// episodes (a seller walking away) and full negotiations.
func generated() []*scenario.Scenario {
	scenarios := make([]*scenario.Scenario, 64)
	for i := range scenarios {
		scenarios[i] = generate.Craigslist(int64(i + 1))
	}
	return scenarios
}

// BenchmarkBuiltinEpisode plays one Craigslist AGENTS episode per
// iteration: the built-in engine's figure in docs/PERFORMANCE.md,
// compared from one commit to the next.
func BenchmarkBuiltinEpisode(b *testing.B) {
	builtintest.Episodes(b, generated(), view.Agents)
}

// BenchmarkCraigslistEpisode plays the Craigslist players in each mode:
// the SCRIPT writer, and the bargainers with and without the partner's
// limits.
func BenchmarkCraigslistEpisode(b *testing.B) {
	builtintest.EpisodesByMode(b, generated())
}
