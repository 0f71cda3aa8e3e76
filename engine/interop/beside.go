package interop

import (
	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// HumansBeside plays a transcript in the HUMANS pane and hands every
// other mode to the usual backends, so the people's dialogue runs beside
// the model runs on the same scenario.
type HumansBeside struct {
	episode.Factory
	Transcript *Transcript
}

func (f HumansBeside) Backends(sc *scenario.Scenario, mode view.Mode, seed int64) ([2]run.Backend, error) {
	if mode == view.Humans {
		return f.Transcript.Backends(sc, mode, seed)
	}
	return f.Factory.Backends(sc, mode, seed)
}

// Order implements episode.Orderer: the HUMANS run follows the order the
// people spoke in; the other modes alternate.
func (f HumansBeside) Order(mode view.Mode) run.Order {
	if mode == view.Humans {
		return f.Transcript.Order(mode)
	}
	return nil
}
