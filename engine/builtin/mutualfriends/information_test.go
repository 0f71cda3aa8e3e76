package mutualfriends

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// The same holds for friend lists: an AGENTS player's turns do not depend
// on the partner's list beyond what the partner says.
func TestAgentsNeverUsePartnerFriendList(t *testing.T) {
	for seed := int64(1); seed <= 60; seed++ {
		sc := generate.MutualFriends(seed)
		mine, theirs := mf.ListsOf(sc).Mutual()
		// Seat 1 gets strangers only, plus one of seat 0's friends other
		// than the real mutual friend: a player that looked at seat 1's
		// list would now pick someone else.
		lists := *mf.ListsOf(sc)
		lists.Lists[1] = nil
		for k := range mf.ListsOf(sc).Lists[1] {
			fr := mf.Friend{Name: fmt.Sprintf("Stranger Number%d", k), Values: map[string]string{}}
			for _, a := range mf.ListsOf(sc).Attributes {
				fr.Values[a] = "Nowhere " + a
			}
			if k == theirs {
				fr = mf.ListsOf(sc).Lists[0][(mine+1)%len(mf.ListsOf(sc).Lists[0])]
			}
			lists.Lists[1] = append(lists.Lists[1], fr)
		}
		other := *sc
		other.Data = &lists
		history := builtintest.History(builtintest.Play(t, sc, view.Agents, seed))
		a, _ := builtin.Factory{}.Backends(sc, view.Agents, seed)
		b, _ := builtin.Factory{}.Backends(&other, view.Agents, seed)
		if !reflect.DeepEqual(builtintest.Replay(t, a[0], 0, history), builtintest.Replay(t, b[0], 0, history)) {
			t.Fatalf("seed %d: the AGENTS player of seat 0 changed with seat 1's list", seed)
		}
		ma, _ := builtin.Factory{}.Backends(sc, view.Mindreaders, seed)
		mb, _ := builtin.Factory{}.Backends(&other, view.Mindreaders, seed)
		if reflect.DeepEqual(builtintest.Replay(t, ma[0], 0, history), builtintest.Replay(t, mb[0], 0, history)) {
			t.Fatalf("seed %d: the MINDREADERS player of seat 0 ignored seat 1's list", seed)
		}
	}
}
