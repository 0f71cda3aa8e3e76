package interop

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/omnigap/omnigap/engine/record"
)

// An episode played elsewhere is known by its source's own id (Sotopia's
// pk, a cocoa dialogue's uuid). Found again, in this import or in a
// recording already in the folder (its header's source names it), it is
// imported once (Repeat). An episode without an id is never taken for
// another.

// Repeat is an episode found a second time: it is imported once.
type Repeat struct {
	// Episode is the episode's id.
	Episode string
	// First is where the copy already imported was read from, Second
	// where the copy found again is.
	First, Second Position
	// Before says the first copy was imported into the folder before
	// this import.
	Before bool
	// Recording is the recording that holds the episode now.
	Recording string
	// Replaced is the first copy's recording when the second copy took
	// its place (it has the evaluator's scores the first lacks, or
	// --force imports it again); "" when the first copy was kept.
	Replaced string
}

func (r Repeat) String() string {
	switch {
	case r.Before && r.Replaced == "":
		return fmt.Sprintf("episode %s of %s is already in the folder as %s (imported from %s): kept (--force imports it again)", r.Episode, r.Second, r.Recording, r.First.File)
	case r.Before:
		return fmt.Sprintf("episode %s of %s was in the folder as %s (imported from %s): imported again in its place (--force)", r.Episode, r.Second, r.Replaced, r.First.File)
	case r.Replaced != "":
		return fmt.Sprintf("episode %s is in %s and in %s: imported once, from %s, which has the evaluator's scores", r.Episode, r.First, r.Second, r.Second)
	}
	return fmt.Sprintf("episode %s is in %s and in %s: imported once, from %s", r.Episode, r.First, r.Second, r.First)
}

// imported is where an episode's copy went: its recording in the folder,
// the file it was read from, and whether it had the evaluator's scores.
type imported struct {
	name   string
	from   Position
	scored bool
	before bool
}

// inFolder are the episodes of a format (the sources' formats that begin
// with formatPrefix) whose recordings are in dir already, by id, as
// their headers name them; files that are no such recording are let be.
func inFolder(ctx context.Context, dir, formatPrefix string) (map[string]*imported, error) {
	out := map[string]*imported{}
	files, err := record.Files(dir)
	if err != nil {
		return nil, err
	}
	for _, path := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		rec, err := record.ReadHeader(ctx, path)
		if err != nil {
			continue
		}
		if src := rec.Header.Source; src != nil && src.Episode != "" && strings.HasPrefix(src.Format, formatPrefix) {
			out[src.Episode] = &imported{name: filepath.Base(path), from: Position{File: src.File, Record: -1}, before: true}
		}
	}
	return out, nil
}

// repeatOf decides what a copy of an episode already imported does: the
// repeat to tell, and whether the copy takes the first's place. A copy
// with the evaluator's scores takes the place of one without; one
// already in the folder is kept unless force (--force).
func repeatOf(f Found, first *imported, force bool) (Repeat, bool) {
	r := Repeat{Episode: f.ID, First: first.from, Second: f.At, Before: first.before, Recording: first.name}
	replace := first.before && force || !first.before && !first.scored && f.Scored
	if replace {
		r.Replaced = first.name
	}
	return r, replace
}
