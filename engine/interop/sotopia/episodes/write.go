package episodes

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/leak"
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
// annotator (leak.Annotate) as a run of its mode and written whole
// (safefile: a temporary file moved into place), so a stop leaves no
// recording cut short. It stops before the next episode when ctx is done.
// Two episodes that would have one file name (one episode given twice,
// several of one pair in one mode without pks) get seeds one apart.
func (im *Importer) Write(ctx context.Context, paths []string, dir *safefile.Dir, p Progress) error {
	tmp, err := os.MkdirTemp("", "omnigap-episodes-")
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
		path, err := imp.Transcript.WriteRecording(ctx, tmp, imp.Seed, leak.Annotate)
		if err == nil {
			err = dir.Write(name, func(w io.Writer) error { return copyFile(w, path) })
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

func copyFile(w io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}
