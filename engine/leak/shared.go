package leak

import (
	"sync"

	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Shared returns an Annotate hook that prepares each scenario once and
// shares the prepared part, read-only, among the runs and modes that play
// it (batch runs play a scenario's modes one after another). Scenarios
// are told apart by id and source file, as in one batch; the latest keep
// of them are kept.
func Shared(keep int) func(*scenario.Scenario, view.Mode) run.Annotator {
	c := &preparedCache{keep: max(keep, 1), byKey: map[scenarioKey]*Prepared{}}
	return func(sc *scenario.Scenario, mode view.Mode) run.Annotator { return c.get(sc).New(mode) }
}

type preparedCache struct {
	mu    sync.Mutex
	keep  int
	byKey map[scenarioKey]*Prepared
	order []scenarioKey // oldest first
}

type scenarioKey struct{ id, source string }

func (c *preparedCache) get(sc *scenario.Scenario) *Prepared {
	key := scenarioKey{sc.ID, sc.Source}
	c.mu.Lock()
	p := c.byKey[key]
	c.mu.Unlock()
	if p != nil {
		return p
	}
	p = Prepare(sc)
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[key]; !ok {
		c.byKey[key] = p
		c.order = append(c.order, key)
		if len(c.order) > c.keep {
			delete(c.byKey, c.order[0])
			c.order = c.order[1:]
		}
	}
	return p
}
