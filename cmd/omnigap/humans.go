package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/interop"
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
// scenario uuid), or the file's first readable one, reading no further
// than it. When none is found, the error says why the dialogues read were
// skipped.
func loadTranscript(ref string) (*cocoa.Transcript, error) {
	path, uuid, _ := strings.Cut(ref, "#")
	var found *cocoa.Transcript
	var skipped []interop.Problem
	err := cocoa.EachTranscript(context.Background(), path, func(t *cocoa.Transcript) error {
		if uuid == "" || t.UUID == uuid || strings.EqualFold(t.Scenario.ID, "dealornodeal/cocoa-"+scenario.Slug(uuid)) {
			found = t
			return errFound
		}
		return nil
	}, func(p interop.Problem) { skipped = append(skipped, p) })
	if err != nil && err != errFound {
		return nil, err
	}
	if found != nil {
		return found, nil
	}
	what := "no readable dialogue"
	if uuid != "" {
		what = fmt.Sprintf("no dialogue with uuid %q", uuid)
	}
	if len(skipped) == 0 {
		return nil, fmt.Errorf("--humans %s: %s", path, what)
	}
	return nil, fmt.Errorf("--humans %s: %s; %d skipped:%s", path, what, len(skipped), reasons(skipped))
}

// errFound ends a search through a file's records.
var errFound = errors.New("found")

// reasons lists why records were skipped, one per line, the first few
// and how many more.
func reasons(probs []interop.Problem) string {
	const shown = 5
	var b strings.Builder
	for _, p := range probs[:min(len(probs), shown)] {
		b.WriteString("\n  " + p.Error())
	}
	if len(probs) > shown {
		fmt.Fprintf(&b, "\n  and %d more", len(probs)-shown)
	}
	return b.String()
}
