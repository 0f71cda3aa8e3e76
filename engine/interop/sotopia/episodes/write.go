package episodes

import (
	"context"
	"errors"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/sotopia/origin"
	"github.com/omnigap/omnigap/engine/safefile"
)

// Write imports the episodes of paths (Walk) into dir, one recording
// each, one episode at a time (interop.EpisodeImport: whole recordings
// only, each episode once by its id, in this import or in dir already),
// and tells a what it does. It stops before the next episode when ctx is
// done.
func (im *Importer) Write(ctx context.Context, paths []string, dir *safefile.Dir, a *interop.Account) (err error) {
	w, err := interop.ImportEpisodes(ctx, dir, a, origin.FormatPrefix, im.Again)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, w.Close()) }()
	return Walk(ctx, paths, func(e *Episode) error {
		w.Add(ctx, interop.Found{ID: e.PK, At: e.At, Scored: len(e.Evaluations) > 0}, func() (*interop.Ready, error) {
			imp, err := im.Import(e)
			if err != nil {
				return nil, err
			}
			return &interop.Ready{Transcript: imp.Transcript, Seed: imp.Seed, Annotate: imp.Annotate, Notes: imp.Notes}, nil
		})
		return nil
	}, a.Skipped)
}
