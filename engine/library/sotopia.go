package library

import (
	"fmt"
	"strings"
	"sync"

	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/engine/scenario"
)

// SotopiaPrefix starts a reference into a Sotopia export directory:
// sotopia:DIR#N (the Nth combo, from 1) or sotopia:DIR#CODENAME (that
// environment's first combo).
const SotopiaPrefix = "sotopia:"

// sotopiaExports keeps each export read once per process: a batch
// resolves its scenario once per episode.
var sotopiaExports struct {
	sync.Mutex
	byDir map[string]*sotopia.Data
}

func resolveSotopia(ref string) (*scenario.Scenario, error) {
	dir, which, ok := strings.Cut(strings.TrimPrefix(ref, SotopiaPrefix), "#")
	if !ok || dir == "" || which == "" {
		return nil, fmt.Errorf("scenario %q: want sotopia:DIR#N or sotopia:DIR#CODENAME", ref)
	}
	sotopiaExports.Lock()
	defer sotopiaExports.Unlock()
	d := sotopiaExports.byDir[dir]
	if d == nil {
		var err error
		if d, err = sotopia.Read(dir); err != nil {
			return nil, err
		}
		if sotopiaExports.byDir == nil {
			sotopiaExports.byDir = map[string]*sotopia.Data{}
		}
		sotopiaExports.byDir[dir] = d
	}
	return d.Resolve(which)
}
