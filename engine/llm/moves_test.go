package llm

import (
	"testing"

	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/view"
)

// TestModelsAndPlayersReadAMoveAlike: an agent's reply, a script tag and
// a player's command read a price and a friend by the family's one rule
// for each, so a price said in words or a first name only one friend has
// counts the same whoever wrote it.
func TestModelsAndPlayersReadAMoveAlike(t *testing.T) {
	bargain := generate.Craigslist(3)
	writer := speakers{view: view.For(bargain, view.Script, view.Writer)}
	name := bargain.Seats[0].Character.Name
	for said, want := range map[string]float64{"twelve hundred": 1200, "$1,250": 1250, "3 grand": 3000} {
		agent, err := parseAction(`{"action": "offer", "price": "`+said+`"}`, view.For(bargain, view.Agents, 0))
		line := writer.parse(name+": [offer "+said+"] Well?", true)
		player, perr := human.Parse("/offer "+said, view.For(bargain, view.Agents, 0), nil)
		if err != nil || agent.Arg != cl.Price(want) {
			t.Errorf("agent's %q: %+v, %v; want %g", said, agent, err, want)
		}
		if line.kind != lineTurn || line.action.Arg != cl.Price(want) {
			t.Errorf("writer's [offer %s]: %+v; want %g", said, line, want)
		}
		if perr != nil || player.Arg != cl.Price(want) {
			t.Errorf("player's /offer %s: %+v, %v; want %g", said, player, perr, want)
		}
	}

	v := view.For(generate.MutualFriends(3), view.Agents, 0)
	v.Seats[0].Holding = &mf.List{Friends: []mf.Friend{{Name: "Jacob Reyes"}, {Name: "Jacob Hill"}, {Name: "Nina Park"}}}
	w := speakers{view: v}
	for said, want := range map[string]string{"Nina": "Nina Park", "jacob hill": "Jacob Hill", "Jacob": "", "Omar": ""} {
		agent, err := parseAction(`{"action": "select", "friend": "`+said+`"}`, v)
		line := w.parse(v.Seats[0].Name+": [select "+said+"] That one.", true)
		player, perr := human.Parse("/select "+said, v, nil)
		got := [3]string{mf.PickOf(agent), mf.PickOf(line.action), mf.PickOf(player)}
		if want == "" {
			if err == nil || mf.PickOf(line.action) != "" || perr == nil {
				t.Errorf("%q was taken for a friend: %q", said, got)
			}
			continue
		}
		if err != nil || perr != nil || got != [3]string{want, want, want} {
			t.Errorf("%q: agent, writer, player chose %q (%v, %v); want %q", said, got, err, perr, want)
		}
	}
}
