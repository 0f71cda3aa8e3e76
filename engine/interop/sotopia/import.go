package sotopia

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/interop"
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
	Skipped   []Problem
}

// Import builds the scenarios of every combo filter keeps. A bad record is
// skipped with its reason and never stops the others.
func (d *Data) Import(filter Filter) Result {
	r := Result{Skipped: append([]Problem{}, d.Problems...)}
	ids := map[string]int{}
	for i, c := range d.Combos {
		if !filter.keeps(d, c) {
			continue
		}
		sc, err := d.Build(c)
		if err != nil {
			r.Skipped = append(r.Skipped, asProblem(c.at, err))
			continue
		}
		// The same pair may meet twice under one codename (several
		// environments share one, such as divide_things).
		base := sc.ID
		if n := ids[base]; n > 0 {
			sc.ID = fmt.Sprintf("%s-%d", base, n+1)
		}
		ids[base]++
		r.Scenarios = append(r.Scenarios, Imported{Index: i + 1, Combo: c, Scenario: sc})
	}
	return r
}

func asProblem(at Position, err error) Problem {
	if p, ok := err.(Problem); ok {
		return p
	}
	return problemOf(at, err)
}

// FileName is where a scenario is written: its id without the "sotopia/"
// prefix, with "--" for each "/" (mutual-friend-00009--amara-hartley-leo-williams.yaml).
func FileName(sc *scenario.Scenario) string {
	return strings.ReplaceAll(strings.TrimPrefix(sc.ID, "sotopia/"), "/", "--") + ".yaml"
}

// Write writes each imported scenario to dir as a scenario file. A file
// that cannot be written is reported and the others are still written. It
// stops between two files when ctx is done.
func (r *Result) Write(ctx context.Context, dir string) (written int, errs []error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, []error{err}
	}
	for _, im := range r.Scenarios {
		if err := ctx.Err(); err != nil {
			return written, append(errs, err)
		}
		data, err := interop.Marshal(im.Scenario)
		if err == nil {
			header := fmt.Sprintf("# Imported from Sotopia combo %s (line %d of %s).\n", im.Combo.ID, im.Combo.at.Line, CombosFile)
			err = os.WriteFile(filepath.Join(dir, FileName(im.Scenario)), append([]byte(header), data...), 0o644)
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		written++
	}
	return written, errs
}

// Resolve builds one combo by reference: a 1-based combo number in file
// order, or an environment codename or id (its first combo), as in
// sotopia:DIR#12 or sotopia:DIR#mutual_friend_00009.
func (d *Data) Resolve(ref string) (*scenario.Scenario, error) {
	var pick *Combo
	if n, err := strconv.Atoi(ref); err == nil {
		if n < 1 || n > len(d.Combos) {
			return nil, fmt.Errorf("sotopia:%s#%d: there are %d combos (1 to %d)", d.Dir, n, len(d.Combos), len(d.Combos))
		}
		pick = d.Combos[n-1]
	} else {
		f := Filter{Env: ref}
		for _, c := range d.Combos {
			if f.keeps(d, c) || c.ID == ref {
				pick = c
				break
			}
		}
		if pick == nil {
			return nil, fmt.Errorf("sotopia:%s#%s: no combo of an environment with that codename or id", d.Dir, ref)
		}
	}
	return d.Build(pick)
}
