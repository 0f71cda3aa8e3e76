package episode

import (
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Seated is Factory with one seat played by Player (a person at a
// terminal or a phone), so the recording names that backend as the
// seat's from the start.
type Seated struct {
	Factory
	Seat   int
	Player run.Backend
}

func (f Seated) Backends(sc *scenario.Scenario, mode view.Mode, seed int64) ([2]run.Backend, error) {
	b, err := f.Factory.Backends(sc, mode, seed)
	if err != nil {
		return b, err
	}
	b[f.Seat] = f.Player
	return b, nil
}
