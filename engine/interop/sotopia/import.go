package sotopia

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/scenario"
)

// Filter narrows an import: Env keeps one environment's combos (by
// codename or id), PK one combo (by combo id or pk). Empty fields keep all.
type Filter struct {
	Env string
	PK  string
}

func (f Filter) keeps(d *Data, c *Combo) bool {
	if f.PK != "" && c.ID != f.PK && c.PK != f.PK {
		return false
	}
	if f.Env != "" {
		env := d.Environments[c.EnvID]
		if env == nil || (env.Codename != f.Env && c.EnvID != f.Env) {
			return false
		}
	}
	return true
}

// Imported is one combo turned into a scenario.
type Imported struct {
	Index    int // 1-based, in the combo file's order
	Combo    *Combo
	Scenario *scenario.Scenario
}

// Result is what an import made of an export: the scenarios, and every
// record skipped with the reason.
type Result struct {
	Scenarios []Imported
	Skipped   []interop.Problem
}

// Import builds the scenarios of every combo filter keeps, all in memory
// (Each streams them). A bad record is skipped with its reason and never
// stops the others.
func (d *Data) Import(filter Filter) Result {
	var r Result
	d.Each(context.Background(), filter, func(im Imported) error {
		r.Scenarios = append(r.Scenarios, im)
		return nil
	}, func(p interop.Problem) { r.Skipped = append(r.Skipped, p) })
	return r
}

// Each builds the scenario of every combo filter keeps and hands it to
// fn, one combo at a time in file order, so an export of any size costs
// the memory of one scenario. The profiles' problems, then every combo
// record that cannot be read or built, go to skip with their reason. It
// stops, returning the error, when ctx is done (checked between two
// combos) or fn fails.
func (d *Data) Each(ctx context.Context, filter Filter, fn func(Imported) error, skip func(interop.Problem)) error {
	for _, p := range d.Problems {
		skip(p)
	}
	ids := map[string]int{}
	n := 0
	return d.combos(ctx, skip, func(c *Combo) error {
		n++
		if !filter.keeps(d, c) {
			return nil
		}
		sc, err := d.Build(c)
		if err != nil {
			skip(interop.ProblemAt(c.at, err))
			return nil
		}
		// The same pair may meet twice in one environment (environments
		// that share a codename already differ, scenarioID).
		base := sc.ID
		if k := ids[base]; k > 0 {
			sc.ID = fmt.Sprintf("%s-%d", base, k+1)
		}
		ids[base]++
		return fn(Imported{Index: n, Combo: c, Scenario: sc})
	})
}

// FileName is where a scenario is written: its id without the "sotopia/"
// prefix, with "--" for each "/" (mutual-friend-00009--amara-hartley-leo-williams.yaml),
// capped (interop.Capped).
func FileName(sc *scenario.Scenario) string {
	return interop.Capped(strings.ReplaceAll(strings.TrimPrefix(sc.ID, "sotopia/"), "/", "--")) + ".yaml"
}

// Write writes an imported scenario into dir as a scenario file, whole,
// its first line saying which combo it came from, and returns the file's
// name.
func Write(dir *safefile.Dir, im Imported) (string, error) {
	name := FileName(im.Scenario)
	note := fmt.Sprintf("Imported from Sotopia combo %s (line %d of %s).", im.Combo.ID, im.Combo.at.Line, CombosFile)
	return name, interop.Write(dir, name, im.Scenario, note)
}

// Resolve builds one combo by reference: a 1-based combo number in file
// order, or an environment codename or id (its first combo), as in
// sotopia:DIR#12 or sotopia:DIR#mutual_friend_00009.
func (d *Data) Resolve(ref string) (*scenario.Scenario, error) {
	var pick *Combo
	n, numErr := strconv.Atoi(ref)
	f := Filter{Env: ref}
	count := 0
	err := d.combos(context.Background(), func(interop.Problem) {}, func(c *Combo) error {
		count++
		switch {
		case numErr == nil && count == n, numErr != nil && (f.keeps(d, c) || c.ID == ref):
			pick = c
			return errFound
		}
		return nil
	})
	if err != nil && err != errFound {
		return nil, err
	}
	switch {
	case pick != nil:
		return d.Build(pick)
	case numErr == nil:
		return nil, fmt.Errorf("sotopia:%s#%d: there are %d combos (1 to %d)", d.Dir, n, count, count)
	}
	return nil, fmt.Errorf("sotopia:%s#%s: no combo of an environment with that codename or id", d.Dir, ref)
}

// errFound ends a search through the combos.
var errFound = errors.New("found")
