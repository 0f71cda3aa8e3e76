package episodes

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Progress hears what an import does as it goes.
type Progress struct {
	// Skipped hears each record that was not imported, with why.
	Skipped func(interop.Problem)
	// Noted hears what the import made do with (a note of Imported).
	Noted func(at interop.Position, note string)
	// Wrote hears each recording written, by its file name in the folder.
	Wrote func(name string, im *Imported)
	// Repeated hears each episode found again, which is imported once.
	Repeated func(Repeat)
}

// Write imports the episodes of paths (Walk) into dir, one recording
// each, one episode at a time: each is played through the runner and the
// annotator (the rules') as a run of its mode, recorded in a hidden
// folder of dir and moved into place whole (dir.Clear decides, as for
// any file written there, whether a file already there may go), so a stop
// leaves no recording cut short. It stops before the next episode when
// ctx is done.
// An episode found again (by its id, in this import or in a recording in
// dir) is imported once: see Repeat. Two episodes that would have one
// file name (several of one pair in one mode without ids) get seeds one
// apart.
func (im *Importer) Write(ctx context.Context, paths []string, dir *safefile.Dir, p Progress) error {
	copies, err := inFolder(ctx, dir.Path())
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(dir.Path(), ".importing-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	w := &writing{im: im, dir: dir, tmp: tmp, p: p, copies: copies, taken: map[string]bool{}}
	return Walk(ctx, paths, func(e *Episode) error {
		w.episode(ctx, e)
		return nil
	}, p.Skipped)
}

// writing is one import into a folder.
type writing struct {
	im  *Importer
	dir *safefile.Dir
	tmp string
	p   Progress
	// copies are the episodes imported so far, by id; taken the file
	// names this import wrote.
	copies map[string]*imported
	taken  map[string]bool
}

// episode imports one episode, or tells that it was imported already.
func (w *writing) episode(ctx context.Context, e *Episode) {
	var first *imported
	var repeat Repeat
	if e.PK != "" {
		if first = w.copies[e.PK]; first != nil {
			var replace bool
			if repeat, replace = repeatOf(e, first, w.im.Again); !replace {
				w.p.Repeated(repeat)
				return
			}
		}
	}
	imp, err := w.im.Import(e)
	if err != nil {
		w.p.Skipped(interop.ProblemAt(e.At, err))
		return
	}
	for _, n := range imp.Notes {
		w.p.Noted(e.At, n)
	}
	// A copy that replaces one this import wrote may take its name.
	own := ""
	if first != nil && !first.before {
		own = first.name
	}
	name := fileName(imp.Transcript.Scenario, imp.Transcript.Mode, imp.Seed)
	for w.taken[name] && name != own {
		imp.Seed++
		name = fileName(imp.Transcript.Scenario, imp.Transcript.Mode, imp.Seed)
	}
	if err := w.place(ctx, imp, name, own); err != nil {
		w.p.Skipped(interop.Problem{At: e.At, Msg: fmt.Sprintf("recording not written: %v", err)})
		return
	}
	w.taken[name] = true
	if e.PK != "" {
		w.copies[e.PK] = &imported{name: name, from: e.At, scored: len(e.Evaluations) > 0}
	}
	// A copy in place of one from an earlier import is written anew; one
	// in place of this import's own is not another recording.
	if first == nil || first.before {
		w.p.Wrote(name, imp)
	}
	if first == nil {
		return
	}
	if first.name != name {
		if err := os.Remove(filepath.Join(w.dir.Path(), first.name)); err != nil {
			w.p.Skipped(interop.Problem{At: e.At, Msg: fmt.Sprintf("the copy of this episode in %s is not removed: %v", first.name, err)})
		}
	}
	repeat.Recording = name
	w.p.Repeated(repeat)
}

// place records the transcript and moves the recording to name in the
// folder: over own, the recording this import wrote there, else where
// dir.Clear makes room.
func (w *writing) place(ctx context.Context, imp *Imported, name, own string) error {
	path, err := imp.Transcript.WriteRecording(ctx, w.tmp, imp.Seed, imp.Annotate)
	if path != "" {
		defer os.Remove(path)
	}
	if err == nil && name != own {
		err = w.dir.Clear(name)
	}
	if err == nil {
		err = os.Rename(path, filepath.Join(w.dir.Path(), name))
	}
	return err
}

// fileName is the recording's name, as the recorder names it.
func fileName(sc *scenario.Scenario, mode view.Mode, seed int64) string {
	return episode.ID(sc, mode, seed) + ".jsonl"
}
