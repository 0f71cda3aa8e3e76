package batch

import (
	"github.com/omnigap/omnigap/engine/recent"
	"github.com/omnigap/omnigap/engine/scenario"
)

// resolver resolves each reference and seed once and hands every job a
// copy: a scenario's modes are played one after another, and generating a
// scenario (or loading its file) costs ten times a copy. It keeps the
// latest keep scenarios.
type resolver struct {
	resolve func(ref string, seed int64) (*scenario.Scenario, error)
	made    *recent.Memo[resolveKey, *scenario.Scenario]
}

type resolveKey struct {
	ref  string
	seed int64
}

func newResolver(resolve func(string, int64) (*scenario.Scenario, error), keep int) *resolver {
	return &resolver{resolve: resolve, made: recent.New[resolveKey, *scenario.Scenario](keep)}
}

// get returns a copy of the scenario of ref and seed, the caller's to keep.
func (r *resolver) get(ref string, seed int64) (*scenario.Scenario, error) {
	sc, err := r.made.Get(resolveKey{ref, seed}, func() (*scenario.Scenario, error) { return r.resolve(ref, seed) })
	if err != nil {
		return nil, err
	}
	return sc.Clone(), nil
}
