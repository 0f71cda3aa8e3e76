package batch

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/scenario"
)

// recorded looks for a job's recording in dir. A complete one (footer,
// an ending that was not a cancellation) is read back as the episode it
// recorded. A torn, unfinished, canceled or unjudged one is removed so the episode
// is played again under the same name. A file there that records another
// run is an error: resuming must not count someone else's episode.
func recorded(ctx context.Context, dir string, sc *scenario.Scenario, j job) (report.Episode, string, bool, error) {
	path := filepath.Join(dir, episode.ID(sc, j.mode, j.seed)+".jsonl")
	rec, err := record.ReadTurns(ctx, path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return report.Episode{}, path, false, nil
	case ctx.Err() != nil:
		return report.Episode{}, path, false, ctx.Err()
	case err == nil && (rec.Header.Mode != j.mode || rec.Header.Seed != j.seed || rec.Header.Scenario.ID != sc.ID):
		return report.Episode{}, path, false, fmt.Errorf("%s: records %s %s seed %d, not this run's %s %s seed %d; resume into the folder of the same run",
			path, rec.Header.Scenario.ID, rec.Header.Mode, rec.Header.Seed, sc.ID, j.mode, j.seed)
	case err == nil && complete(rec):
		return report.FromRecording(rec), path, true, nil
	}
	if rerr := os.Remove(path); rerr != nil {
		return report.Episode{}, path, false, rerr
	}
	return report.Episode{}, path, false, nil
}

// complete reports whether a recording holds a whole run worth counting.
func complete(rec *record.Recording) bool {
	end := rec.Ending()
	return rec.Footer != nil && !rec.Torn && end != nil && !report.CutShort(*end)
}
