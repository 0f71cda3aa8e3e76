// Package interop holds what the importers share: writing imported
// scenarios as scenario files. The importers are its subpackages.
package interop

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/omnigap/omnigap/engine/scenario"
)

// Marshal writes a scenario in the YAML file format, leaving out the facts
// the loader derives again.
func Marshal(sc *scenario.Scenario) ([]byte, error) {
	c := sc.Clone()
	for i := range c.Seats {
		c.Seats[i].Facts = authored(c.Seats[i].Facts)
	}
	c.EnvFacts, c.PublicFacts = authored(c.EnvFacts), authored(c.PublicFacts)
	return yaml.MarshalWithOptions(c, yaml.UseLiteralStyleIfMultiline(true))
}

func authored(fs []scenario.Fact) []scenario.Fact {
	var out []scenario.Fact
	for _, f := range fs {
		if !f.Derived {
			out = append(out, f)
		}
	}
	return out
}

// FileName is where an imported scenario is written in a folder: its id
// with "/" turned into "-", as the built-in files are named.
func FileName(sc *scenario.Scenario) string {
	return strings.ReplaceAll(sc.ID, "/", "-") + ".yaml"
}

// WriteAll writes each scenario to dir; a file that cannot be written is
// reported and the others are still written. It stops between two files
// when ctx is done.
func WriteAll(ctx context.Context, dir string, list []*scenario.Scenario) (written int, errs []error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, []error{err}
	}
	for _, sc := range list {
		if err := ctx.Err(); err != nil {
			return written, append(errs, err)
		}
		data, err := Marshal(sc)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, FileName(sc)), data, 0o644)
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		written++
	}
	return written, errs
}
