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
}

// Write imports the episodes of paths (Walk) into dir, one recording
// each, one episode at a time: each is played through the runner and the
// annotator (the rules') as a run of its mode, recorded in a hidden
// folder of dir and moved into place whole (dir.Clear decides, as for
// any file written there, whether a file already there may go), so a stop
// leaves no recording cut short. It stops before the next episode when
// ctx is done.
// Two episodes that would have one file name (one episode given twice,
// several of one pair in one mode without pks) get seeds one apart.
func (im *Importer) Write(ctx context.Context, paths []string, dir *safefile.Dir, p Progress) error {
	tmp, err := os.MkdirTemp(dir.Path(), ".importing-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	taken := map[string]bool{}
	return Walk(ctx, paths, func(e *Episode) error {
		imp, err := im.Import(e)
		if err != nil {
			p.Skipped(interop.ProblemAt(e.At, err))
			return nil
		}
		for _, n := range imp.Notes {
			p.Noted(e.At, n)
		}
		name := fileName(imp.Transcript.Scenario, imp.Transcript.Mode, imp.Seed)
		for taken[name] {
			imp.Seed++
			name = fileName(imp.Transcript.Scenario, imp.Transcript.Mode, imp.Seed)
		}
		taken[name] = true
		path, err := imp.Transcript.WriteRecording(ctx, tmp, imp.Seed, imp.Annotate)
		if err == nil {
			err = dir.Clear(name)
		}
		if err == nil {
			err = os.Rename(path, filepath.Join(dir.Path(), name))
		}
		if path != "" {
			os.Remove(path)
		}
		if err != nil {
			p.Skipped(interop.Problem{At: e.At, Msg: fmt.Sprintf("recording not written: %v", err)})
			return nil
		}
		p.Wrote(name, imp)
		return nil
	}, p.Skipped)
}

// fileName is the recording's name, as the recorder names it.
func fileName(sc *scenario.Scenario, mode view.Mode, seed int64) string {
	return episode.ID(sc, mode, seed) + ".jsonl"
}
