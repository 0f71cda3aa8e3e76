package interop

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Found is an episode played elsewhere as an import first finds it,
// before it is made ready to record: its source's own id ("" when it
// has none), where it is, and whether it carries the evaluator's scores.
type Found struct {
	ID     string
	At     Position
	Scored bool
}

// Ready is an episode made ready to record: the transcript, the seed
// that names its run (several episodes of one scenario and mode differ
// by it), the annotator of its run and what the import made do with.
type Ready struct {
	Transcript *Transcript
	Seed       int64
	Annotate   func(*scenario.Scenario, view.Mode) run.Annotator
	Notes      []string
}

// EpisodeImport writes episodes played elsewhere into a folder, one
// recording each, one episode at a time: each is played through the
// runner and its annotator as a run of its mode, recorded in the
// folder's staging folder (safefile.Dir.Stage, which first removes the
// ones killed imports left) and moved into place whole (dir.Clear
// decides, as for any file written there, whether a file already there
// may go), so a stop leaves no recording cut short. An episode found
// again (by its id, in this import or in a recording in the folder) is
// imported once: see Repeat. Two episodes that would have one file name
// get seeds one apart. It reports to an Account.
type EpisodeImport struct {
	dir   *safefile.Dir
	stage *safefile.Staging
	a     *Account
	again bool
	// copies are the episodes imported so far, by id; taken the file
	// names this import wrote.
	copies map[string]*imported
	taken  map[string]bool
}

// ImportEpisodes starts an import into dir of episodes whose sources'
// formats begin with formatPrefix ("sotopia/"). again imports an episode
// already in the folder again, in its recording's place (--force).
// Close it.
func ImportEpisodes(ctx context.Context, dir *safefile.Dir, a *Account, formatPrefix string, again bool) (*EpisodeImport, error) {
	copies, err := inFolder(ctx, dir.Path(), formatPrefix)
	if err != nil {
		return nil, err
	}
	stage, left, err := dir.Stage()
	if err != nil {
		return nil, err
	}
	for _, l := range left {
		a.Said(l.String())
	}
	return &EpisodeImport{dir: dir, stage: stage, a: a, again: again, copies: copies, taken: map[string]bool{}}, nil
}

// Close removes the staging folder.
func (w *EpisodeImport) Close() error { return w.stage.Close() }

// Add imports one episode, made ready by ready only when it is to be
// recorded, or tells that it was imported already.
func (w *EpisodeImport) Add(ctx context.Context, f Found, ready func() (*Ready, error)) {
	var first *imported
	var repeat Repeat
	if f.ID != "" {
		if first = w.copies[f.ID]; first != nil {
			var replace bool
			if repeat, replace = repeatOf(f, first, w.again); !replace {
				w.a.FoundAgain(repeat)
				return
			}
		}
	}
	r, err := ready()
	if err != nil {
		w.a.Skipped(ProblemAt(f.At, err))
		return
	}
	for _, n := range r.Notes {
		w.a.Noted(f.At, n)
	}
	// A copy that replaces one this import wrote may take its name.
	own := ""
	if first != nil && !first.before {
		own = first.name
	}
	name := fileName(r)
	for w.taken[name] && name != own {
		r.Seed++
		name = fileName(r)
	}
	if err := w.place(ctx, r, name, own); err != nil {
		w.a.Skipped(Problem{At: f.At, Msg: "recording not written: " + safefile.Explain(err).Error()})
		return
	}
	w.taken[name] = true
	if f.ID != "" {
		w.copies[f.ID] = &imported{name: name, from: f.At, scored: f.Scored}
	}
	// A copy in place of one from an earlier import is written anew; one
	// in place of this import's own is not another recording.
	if first == nil || first.before {
		w.a.Wrote(name, f.At)
	}
	if first == nil {
		return
	}
	if first.name != name {
		if err := w.dir.Remove(first.name); err != nil {
			w.a.Skipped(Problem{At: f.At, Msg: fmt.Sprintf("the copy of this episode in %s is not removed: %v", first.name, safefile.Explain(err))})
		}
	}
	repeat.Recording = name
	w.a.FoundAgain(repeat)
}

// place records the transcript and moves the recording to name in the
// folder: over own, the recording this import wrote there, else where
// dir.Clear makes room.
func (w *EpisodeImport) place(ctx context.Context, r *Ready, name, own string) error {
	path, err := r.Transcript.WriteRecording(ctx, w.stage.Path(), r.Seed, r.Annotate)
	if err != nil {
		return err
	}
	if name != own {
		if err := w.dir.Clear(name); err != nil {
			return err
		}
	}
	return w.stage.Move(filepath.Base(path), name)
}

// fileName is the recording's name, as the recorder names it.
func fileName(r *Ready) string {
	return episode.ID(r.Transcript.Scenario, r.Transcript.Mode, r.Seed) + ".jsonl"
}
