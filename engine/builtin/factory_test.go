package builtin_test

import (
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

func TestFactoryShapes(t *testing.T) {
	sc := generate.Craigslist(5)
	b, err := builtin.Factory{}.Backends(sc, view.Script, 1)
	if err != nil {
		t.Fatal(err)
	}
	if b[0] != b[1] || b[0].Name() != builtin.WriterName {
		t.Errorf("SCRIPT backends %v %v, want one writer", b[0].Name(), b[1].Name())
	}
	for _, mode := range []view.Mode{view.Agents, view.Mindreaders} {
		b, err := builtin.Factory{}.Backends(sc, mode, 1)
		if err != nil {
			t.Fatal(err)
		}
		if b[0] == b[1] || b[0].Name() != builtin.BotName || b[1].Name() != builtin.BotName {
			t.Errorf("%s backends are not one bot per seat", mode)
		}
	}
}

func TestFactoryRejectsHumansMode(t *testing.T) {
	if _, err := (builtin.Factory{}).Backends(generate.Craigslist(1), view.Humans, 1); err == nil {
		t.Error("built a bot for the replay-only humans mode")
	}
}

// The factory finds a scenario's players by its family: a family without
// players is refused by name, and a family's players register once.
func TestFactoryFindsPlayersByFamily(t *testing.T) {
	sc := generate.Craigslist(1)
	sc.Family = "handshake"
	if _, err := (builtin.Factory{}).Backends(sc, view.Agents, 1); err == nil || err.Error() != "the built-in engine cannot play handshake scenarios (craigslist/gen-1)" {
		t.Errorf("a family without players: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("the Craigslist players registered twice")
		}
	}()
	builtin.Register(scenario.Craigslist, nil)
}
