// Package importer writes what a cocoa import reads: scenario files of
// CraigslistBargain scenarios and of Deal-or-No-Deal dialogues, and the
// dialogues' HUMANS recordings, each import telling an interop.Account.
package importer

import (
	"context"
	"errors"
	"hash/fnv"
	"path/filepath"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/cocoa"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// Bargains writes each CraigslistBargain scenario of path as a file.
func Bargains(ctx context.Context, path string, dir *safefile.Dir, a *interop.Account) error {
	return cocoa.EachScenario(ctx, path, func(record int, sc *scenario.Scenario) error {
		writeScenario(dir, a, sc, interop.Position{File: path, Record: record})
		return nil
	}, a.Skipped)
}

// DialogueScenarios writes the scenario of each Deal-or-No-Deal dialogue
// of path as a file, once per scenario (Dialogues records the dialogues).
func DialogueScenarios(ctx context.Context, path string, dir *safefile.Dir, a *interop.Account) error {
	return cocoa.EachTranscript(ctx, path, func(t *cocoa.Transcript) error {
		writeScenario(dir, a, t.Scenario, interop.Position{File: path, Record: t.Record})
		return nil
	}, a.Skipped)
}

func writeScenario(dir *safefile.Dir, a *interop.Account, sc *scenario.Scenario, at interop.Position) {
	name := interop.FileName(sc)
	if !a.Claim(name, at) {
		return
	}
	if err := interop.Write(dir, name, sc); err != nil {
		a.Skipped(interop.Problem{At: at, Msg: "not written: " + safefile.Explain(err).Error()})
		return
	}
	a.Wrote(name, at)
}

// FormatPrefix begins the format of every source this package names in a
// recording's header.
const FormatPrefix = "cocoa/"

// transcriptFormat is the source's format of a Deal-or-No-Deal dialogue.
const transcriptFormat = FormatPrefix + "dealornodeal"

// Dialogues records each Deal-or-No-Deal dialogue of the files at paths
// as a HUMANS run, played through the runner and the annotator, into dir
// (interop.EpisodeImport: whole recordings only, each dialogue once by
// its uuid, in this import or in dir already; again imports one already
// in dir again, --force). Each recording holds its scenario and names
// its source.
func Dialogues(ctx context.Context, paths []string, dir *safefile.Dir, a *interop.Account, again bool) (err error) {
	w, err := interop.ImportEpisodes(ctx, dir, a, FormatPrefix, again)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, w.Close()) }()
	for _, path := range paths {
		err := cocoa.EachTranscript(ctx, path, func(t *cocoa.Transcript) error {
			at := interop.Position{File: path, Record: t.Record}
			w.Add(ctx, interop.Found{ID: t.UUID, At: at}, func() (*interop.Ready, error) {
				t.Source = &record.Source{Format: transcriptFormat, File: textsafe.Line(filepath.Clean(path)), Episode: t.UUID}
				return &interop.Ready{Transcript: &t.Transcript, Seed: seedOf(t.UUID, at), Annotate: leak.Annotate}, nil
			})
			return nil
		}, a.Skipped)
		if err != nil {
			return err
		}
	}
	return nil
}

// seedOf names a dialogue's run: a hash of its uuid, or of where it sits
// when it has none, so that the dialogues of one scenario have
// recordings of their own.
func seedOf(uuid string, at interop.Position) int64 {
	h := fnv.New32a()
	if uuid == "" {
		uuid = at.String()
	}
	h.Write([]byte(uuid))
	return int64(h.Sum32())
}
