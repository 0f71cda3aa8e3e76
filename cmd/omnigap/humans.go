package main

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/interop/cocoa"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// humansFactory plays a transcript in the HUMANS pane and hands every
// other mode to the usual backends, so the people's dialogue runs beside
// the model runs on the same scenario.
type humansFactory struct {
	episode.Factory
	transcript *cocoa.Transcript
}

func (f humansFactory) Backends(sc *scenario.Scenario, mode view.Mode, seed int64) ([2]run.Backend, error) {
	if mode == view.Humans {
		return f.transcript.Backends(sc, mode, seed)
	}
	return f.Factory.Backends(sc, mode, seed)
}

// Order implements episode.Orderer: the HUMANS run follows the order the
// people spoke in; the other modes alternate.
func (f humansFactory) Order(mode view.Mode) run.Order {
	if mode == view.Humans {
		return f.transcript.Order(mode)
	}
	return nil
}

// loadTranscript reads FILE[#UUID]: the dialogue with that uuid (or
// scenario uuid), or the file's first.
func loadTranscript(ref string) (*cocoa.Transcript, error) {
	path, uuid, _ := strings.Cut(ref, "#")
	ts, probs, err := cocoa.Transcripts(path)
	if err != nil {
		return nil, err
	}
	if uuid == "" {
		if len(ts) == 0 {
			return nil, fmt.Errorf("--humans %s: no readable dialogue (%d skipped)", path, len(probs))
		}
		return ts[0], nil
	}
	for _, t := range ts {
		if t.UUID == uuid || strings.EqualFold(t.Scenario.ID, "dealornodeal/cocoa-"+strings.ReplaceAll(uuid, "_", "-")) {
			return t, nil
		}
	}
	return nil, fmt.Errorf("--humans %s: no dialogue with uuid %q", path, uuid)
}
