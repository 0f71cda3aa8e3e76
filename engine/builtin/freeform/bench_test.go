package freeform

import (
	"testing"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// BenchmarkFreeformEpisode plays the free-form players in each mode over
// the library's Sotopia scenarios.
func BenchmarkFreeformEpisode(b *testing.B) {
	builtintest.EpisodesByMode(b, builtintest.Library(b, scenario.Sotopia))
}
