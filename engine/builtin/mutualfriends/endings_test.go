package mutualfriends

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
)

func TestMutualFriendsEndsWhenBothSelect(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		sc := generate.MutualFriends(seed)
		e := builtintest.Ending(builtintest.Play(t, sc, view.Agents, seed))
		if e.Reason != event.Selected || !e.Outcome.Success {
			t.Fatalf("seed %d ended %s: %s", seed, e.Reason, e.Outcome.Summary)
		}
	}
}

// A human who asks in plain words gets a truthful answer about the bot's
// own list, and the bot follows a human who names a friend it has.
func TestMutualFriendsBotAnswersAndFollowsAHuman(t *testing.T) {
	sc := generate.MutualFriends(3)
	f := mf.ListsOf(sc)
	i, _ := f.Mutual()
	attr := f.Attributes[0]
	value := f.Lists[1][0].Values[attr]
	want := 0
	for _, fr := range f.Lists[0] {
		if fr.Values[attr] == value {
			want++
		}
	}
	events := builtintest.Against(t, sc, view.Agents, 1, &builtintest.Human{Actions: []event.Action{
		builtintest.Say("hey! does anybody on your list have " + value + "?"),
		builtintest.Say("ok. do you know " + f.Lists[0][i].Name + "?"),
		builtintest.Say("great"),
	}})
	done := builtintest.Turns(events)
	answer := strings.ToLower(done[2].Action.Text)
	if want == 0 && !talk.Negated(answer) || want > 0 && !strings.Contains(answer, countWord(want)) {
		t.Errorf("asked about %q (%d on the bot's list), bot answered %q", value, want, done[2].Action.Text)
	}
	if got := done[4].Action; got.Type != event.Select || mf.PickOf(*got) != f.Lists[0][i].Name {
		t.Errorf("after the human named %s the bot did %+v", f.Lists[0][i].Name, got)
	}
}
