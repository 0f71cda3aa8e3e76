package builtin_test

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// What only the environment knows is in no seat's setting or goal: not
// an environment fact, and not that exactly one friend is shared.
func TestNoEnvironmentFactInSeatText(t *testing.T) {
	all, err := library.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for seed := int64(1); seed <= 20; seed++ {
		all = append(all, generate.Craigslist(seed), generate.MutualFriends(seed))
	}
	for _, sc := range all {
		env := match.Compile(sc.EnvFacts)
		for seat := range 2 {
			v := view.For(sc, view.Agents, seat)
			for _, text := range []string{v.Setting, v.Self().Goal} {
				for _, m := range env.Find(text) {
					t.Errorf("%s seat %d is told the environment fact %q: %q", sc.ID, seat, sc.EnvFacts[m.Fact].ID, text)
				}
				if sc.Family == scenario.MutualFriends && strings.Contains(strings.ToLower(text), "exactly one") {
					t.Errorf("%s seat %d is told that exactly one friend is shared: %q", sc.ID, seat, text)
				}
			}
		}
	}
}
