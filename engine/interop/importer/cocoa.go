// Package importer writes what an import reads: the files, the HUMANS
// recordings of transcripts, and the account of what was written and
// skipped.
package importer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/cocoa"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Bargains writes each CraigslistBargain scenario of path as a file.
func Bargains(ctx context.Context, path string, dir *safefile.Dir, a *Account) error {
	return cocoa.EachScenario(ctx, path, func(record int, sc *scenario.Scenario) error {
		at := fmt.Sprintf("%s: record %d", path, record)
		if name, ok := a.Claim(interop.FileName(sc), at); ok {
			if err := interop.Write(dir, name, sc); err != nil {
				a.Skip(fmt.Sprintf("%s: not written: %v", at, err))
			} else {
				a.Wrote(name)
			}
		}
		return nil
	}, func(p interop.Problem) { a.Skip(p.Error()) })
}

// Transcripts writes each dialogue's scenario and its HUMANS run,
// played through the runner and annotator, as a recording.
func Transcripts(ctx context.Context, path string, dir *safefile.Dir, a *Account) error {
	return cocoa.EachTranscript(ctx, path, func(t *cocoa.Transcript) error {
		at := fmt.Sprintf("%s: record %d", path, t.Record)
		name, ok := a.Claim(interop.FileName(t.Scenario), at)
		if !ok {
			return nil
		}
		if err := interop.Write(dir, name, t.Scenario); err != nil {
			a.Skip(fmt.Sprintf("%s: not written: %v", at, err))
			return nil
		}
		a.Wrote(name)
		rec := episode.ID(t.Scenario, view.Humans, 0) + ".jsonl"
		if err := dir.Clear(rec); err != nil {
			a.Skip(fmt.Sprintf("%s: recording not written: %v", at, err))
			return nil
		}
		if err := recordHumans(ctx, t, dir.Path()); err != nil && ctx.Err() == nil {
			a.Skip(fmt.Sprintf("%s: recording not written: %v", at, err))
			return nil
		}
		// A recording cut short by ctrl-c is whole too (its run is marked
		// canceled): it counts as what is on disk.
		if _, err := os.Lstat(filepath.Join(dir.Path(), rec)); err == nil {
			a.Recorded(rec)
		}
		return nil
	}, func(p interop.Problem) { a.Skip(p.Error()) })
}

func recordHumans(ctx context.Context, t *cocoa.Transcript, dir string) error {
	live, err := episode.Start(ctx, episode.Spec{Scenario: t.Scenario, Mode: view.Humans, Factory: t,
		Annotate: leak.Annotate, RecordDir: dir, Buffer: 64})
	if err != nil {
		return err
	}
	for range live.Events {
	}
	_, err = live.Wait()
	return err
}
