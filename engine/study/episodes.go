package study

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/cocoa"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

// ReadEpisodes reads every recording named by args (folders or files) and
// hands each episode to add, in order; it returns how many it read and
// the files it read. It reports unreadable ones on stderr and goes on
// without them. Folders are listed, never used as patterns. It stops when
// ctx is done (with its error).
func ReadEpisodes(ctx context.Context, args []string, stderr io.Writer, add func(report.Episode)) (int, []string, error) {
	sources, err := Gather(args, false, stderr)
	if err != nil {
		return 0, nil, err
	}
	n, err := Episodes(ctx, sources, stderr, func(_ Source, ep report.Episode) error {
		add(ep)
		return nil
	})
	if err != nil {
		return 0, nil, err
	}
	paths := make([]string, len(sources))
	for i, src := range sources {
		paths[i] = src.Path
	}
	return n, paths, nil
}

// Episodes reads the sources in order and hands each episode to add,
// stopping at add's first error, or with ctx's error when ctx is done. A
// source that is not a recording (.jsonl) but a cocoa transcript file
// counts as episodes: each of its dialogues played as a HUMANS run.
func Episodes(ctx context.Context, sources []Source, stderr io.Writer, add func(Source, report.Episode) error) (int, error) {
	n := 0
	for _, src := range sources {
		p := src.Path
		// Recordings are .jsonl; anything else may be a cocoa transcript file.
		if !strings.HasSuffix(p, ".jsonl") && cocoa.IsTranscripts(p) {
			k, err := transcriptEpisodes(ctx, p, stderr, func(ep report.Episode) error { return add(src, ep) })
			if err != nil {
				return 0, err
			}
			n += k
			continue
		}
		rec, err := record.ReadTurns(ctx, p)
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		if err != nil {
			fmt.Fprintf(stderr, "skipped %s\n", textsafe.Clean(safefile.Explain(err).Error()))
			continue
		}
		if rec.Torn || rec.Footer == nil {
			fmt.Fprintf(stderr, "%s\n", textsafe.Clean(rec.EndNote()))
		}
		if err := add(src, report.FromRecording(rec)); err != nil {
			return 0, err
		}
		n++
	}
	return n, nil
}

// transcriptEpisodes plays each dialogue of a cocoa transcript file as a
// HUMANS run, one at a time, so people's dialogues get the same
// annotations and metrics as the model runs beside them; it hands each
// episode to add and returns how many; add's error stops it.
func transcriptEpisodes(ctx context.Context, path string, stderr io.Writer, add func(report.Episode) error) (int, error) {
	n := 0
	err := cocoa.EachTranscript(ctx, path, func(t *cocoa.Transcript) error {
		history, end, errors := t.Play(ctx)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err := add(report.FromRun(path+"#"+t.UUID, t.Scenario, view.Humans, history, end, errors)); err != nil {
			return err
		}
		n++
		return nil
	}, func(p interop.Problem) {
		fmt.Fprintf(stderr, "skipped %s\n", textsafe.Clean(p.Error()))
	})
	if ctx.Err() != nil {
		return 0, ctx.Err()
	}
	return n, err
}
