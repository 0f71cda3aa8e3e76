// Package browse is the index of a study's recordings: one Group per
// episode played in several modes (its twins: the recordings of one
// scenario and seed, or of one source episode), with the columns that
// `omnigap browse` lists and the study page's index shows, their order
// (Sort), the filter language (ParseFilter) and a search of every turn's
// text (Index.LoadTexts, Index.Search).
//
// Reading is cheap at the size studies have: Read takes each
// recording's header line and last line only (record.GlanceAt), so ten
// thousand recordings list in well under a second on two cores; the
// turns' text is read only when a search asks for it, in the background,
// with its progress counted. The paths given are resolved as `report`
// resolves them (study.Gather: folders, files, shard folders), and a
// cocoa transcript file counts as HUMANS runs, one per dialogue, played
// through the annotator as `report` plays them. A recording that cannot
// be read is a group of its own whose Problem says why.
//
// Text that came from recordings (titles, models, ids, endings) is kept
// as textsafe.Line made it, fit for a terminal line; a web page escapes
// it as usual. The turns' text is kept whole (Hit.Text) and is cleaned
// by whoever shows it.
package browse

import (
	"context"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/omnigap/omnigap/engine/interop/cocoa"
	"github.com/omnigap/omnigap/engine/study"
	"github.com/omnigap/omnigap/engine/view"
)

// Index is every group of twins the paths hold, in the order their
// first recording was named (files in name order, as report reads them).
type Index struct {
	Groups []*Group
	// Runs counts the recordings (and transcript dialogues) read, the
	// unreadable ones included.
	Runs int
	// Modes are the columns' modes the runs have, in the usual order
	// (SCRIPT, AGENTS, MINDREADERS, then HUMANS and PEOPLE).
	Modes []view.Mode
	// Goals are the goal measures the groups have (metric keys, in the
	// order GoalMeasures gives them).
	Goals []string

	texts texts
}

// Progress is told how many of the sources are read so far, of how many;
// it may be called from several goroutines at once.
type Progress func(done, total int)

// Read lists the recordings args name (folders, files, shard folders,
// cocoa transcript files) and groups their twins. Notes about the paths
// (shards missing) go to stderr; a recording that cannot be read is a
// group whose Problem says why. It stops with ctx's error when ctx is
// done. progress, if set, follows the reading.
func Read(ctx context.Context, args []string, stderr io.Writer, progress Progress) (*Index, error) {
	sources, err := study.Gather(args, false, stderr)
	if err != nil {
		return nil, err
	}
	found := make([][]*Run, len(sources))
	var next, done atomic.Int64
	var wg sync.WaitGroup
	// More readers than cores: a file not in the page cache waits for the
	// disk, and another reader can work meanwhile.
	for range min(4*runtime.GOMAXPROCS(0), len(sources)) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(sources) || ctx.Err() != nil {
					return
				}
				found[i] = readSource(ctx, sources[i].Path)
				if progress != nil {
					progress(int(done.Add(1)), len(sources))
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var runs []*Run
	for _, rs := range found {
		runs = append(runs, rs...)
	}
	if len(runs) == 0 {
		return nil, study.NoRecordings(args)
	}
	return index(runs), nil
}

// readSource is the runs of one file: a recording's one run, or a cocoa
// transcript file's dialogues.
func readSource(ctx context.Context, path string) []*Run {
	// Recordings are .jsonl; anything else may be a cocoa transcript file.
	if !strings.HasSuffix(path, ".jsonl") && cocoa.IsTranscripts(path) {
		return dialogues(ctx, path)
	}
	return []*Run{glanceRun(path)}
}

// index groups the runs and settles each group's figures.
func index(runs []*Run) *Index {
	ix := &Index{Groups: group(runs), Runs: len(runs)}
	modes := map[view.Mode]bool{}
	goals := map[string]bool{}
	for _, g := range ix.Groups {
		g.settle()
		for _, r := range g.Runs {
			if r.Problem == "" {
				modes[r.Column] = true
			}
		}
		goals[g.Goal] = true
	}
	for _, m := range modeOrder {
		if modes[m] {
			ix.Modes = append(ix.Modes, m)
		}
	}
	for _, k := range GoalMeasures {
		if goals[k] {
			ix.Goals = append(ix.Goals, k)
		}
	}
	return ix
}

// modeOrder is the order of the modes' columns.
var modeOrder = slices.Concat(view.Modes, []view.Mode{view.Humans, view.People})

// rank is a mode's place in modeOrder.
func rank(m view.Mode) int {
	if i := slices.Index(modeOrder, m); i >= 0 {
		return i
	}
	return len(modeOrder)
}
