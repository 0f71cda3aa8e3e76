// Package interop holds what the importers share: writing imported
// scenarios as scenario files, and the names they get. The importers are
// its subpackages.
package interop

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// Marshal writes a scenario in the YAML file format, leaving out the facts
// the loader derives again, with comment lines at the top. Every string is
// cleaned (textsafe.CleanAll; comments to one line each, textsafe.Line)
// and everything, comments included, is written by the YAML encoder. The
// encoder's block style is kept when the file reads back as the same
// scenario; otherwise (the encoder mishandles some text, such as a value
// opening with spaces before a line break) the scenario is written in the
// encoder's JSON style, which always reads back.
func Marshal(sc *scenario.Scenario, comments ...string) ([]byte, error) {
	c := sc.Clone()
	for i := range c.Seats {
		c.Seats[i].Facts = authored(c.Seats[i].Facts)
	}
	c.EnvFacts, c.PublicFacts = authored(c.EnvFacts), authored(c.PublicFacts)
	textsafe.CleanAll(c)
	var opts []yaml.EncodeOption
	if len(comments) > 0 {
		lines := make([]string, len(comments))
		for i, s := range comments {
			lines[i] = " " + textsafe.Line(s)
		}
		opts = append(opts, yaml.WithComment(yaml.CommentMap{"$.id": {yaml.HeadComment(lines...)}}))
	}
	for _, style := range []yaml.EncodeOption{yaml.UseLiteralStyleIfMultiline(true), yaml.JSON()} {
		b, err := yaml.MarshalWithOptions(c, append(opts, style)...)
		if err != nil {
			return nil, fmt.Errorf("scenario %s: %w", c.ID, err)
		}
		if readsBack(b, append(opts, style)) {
			return b, nil
		}
	}
	return nil, fmt.Errorf("scenario %s: the YAML encoder cannot write it so that it reads back the same", c.ID)
}

// readsBack reports whether b decodes to a scenario that encodes to b
// again: every value came back as it was written.
func readsBack(b []byte, opts []yaml.EncodeOption) bool {
	var back scenario.Scenario
	if err := yaml.UnmarshalWithOptions(b, &back, yaml.Strict()); err != nil {
		return false
	}
	again, err := yaml.MarshalWithOptions(&back, opts...)
	return err == nil && bytes.Equal(again, b)
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

// MaxNameBytes caps the names an import makes from another tool's data:
// scenario ids and the file names made of them.
const MaxNameBytes = 96

// Capped returns name, or when it is longer than MaxNameBytes its start
// and a short hash of the whole: names made long by their data stay
// distinct and short enough for any file system.
func Capped(name string) string {
	if len(name) <= MaxNameBytes {
		return name
	}
	sum := sha256.Sum256([]byte(name))
	return strings.TrimRight(name[:MaxNameBytes-9], "-/") + "-" + hex.EncodeToString(sum[:4])
}

// FileName is where an imported scenario is written in a folder: its id
// with "/" turned into "-", as the built-in files are named, capped.
func FileName(sc *scenario.Scenario) string {
	return Capped(strings.ReplaceAll(sc.ID, "/", "-")) + ".yaml"
}

// Write writes sc as the scenario file name in dir, whole (safefile), with
// comment lines at the top.
func Write(dir *safefile.Dir, name string, sc *scenario.Scenario, comments ...string) error {
	data, err := Marshal(sc, comments...)
	if err != nil {
		return err
	}
	return dir.Write(name, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
