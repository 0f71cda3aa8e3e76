package mutualfriends

import (
	"testing"

	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// BenchmarkMutualFriendsEpisode plays the MutualFriends players in each
// mode over 64 generated scenarios, whose friend lists run from 5 to 12.
func BenchmarkMutualFriendsEpisode(b *testing.B) {
	scenarios := make([]*scenario.Scenario, 64)
	for i := range scenarios {
		scenarios[i] = generate.MutualFriends(int64(i + 1))
	}
	builtintest.EpisodesByMode(b, scenarios)
}
