package builtin

import (
	"fmt"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Player plays one seat's turns. It decides every turn from the history
// alone (it may only cache how it read earlier turns), so a person can
// play some of its seat's turns and hand the seat back.
type Player interface {
	// Act plays turn of an episode played with seed, after history.
	Act(history []event.Turn, turn int, seed int64) event.Action
}

// Players makes the two players of one episode played with seed: each from
// its seat's View, or, for the SCRIPT writer, both from the writer's View
// (views[0] and views[1] are then the same, Viewer view.Writer).
type Players func(views [2]view.View, seed int64) ([2]Player, error)

var registry = map[scenario.Family]Players{}

// Register makes a family's players known to the Factory. Player packages
// (engine/builtin/<family>) call it from init; registering a family twice
// panics.
func Register(name scenario.Family, p Players) {
	if _, dup := registry[name]; dup {
		panic(fmt.Sprintf("builtin: players of %q registered twice", name))
	}
	registry[name] = p
}
