package study

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// CheckOutDir refuses a folder that already holds files unless the user
// said what to do with them, so two runs are never mixed by accident.
func CheckOutDir(dir string, allowed bool) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	if len(entries) > 0 && !allowed {
		return fmt.Errorf("--out: %s already holds %d files; use --resume to continue the run there, --force to add to it anyway, or a new folder", dir, len(entries))
	}
	return nil
}

// Prepare takes a study's scenario references and shard into opts, as
// run takes them with or without --dry-run: the shard placed
// (PlaceShard), and every reference checked by resolving it.
func Prepare(opts *batch.Options, refs []string, shard string, shards int, shardsGiven bool, getenv func(string) string) error {
	opts.Refs = refs
	if err := PlaceShard(opts, shard, shards, shardsGiven, getenv); err != nil {
		return err
	}
	for _, ref := range refs {
		if _, err := library.Resolve(ref, opts.Seed); err != nil {
			return err
		}
	}
	return nil
}

// PlaceShard reads --shard and --shards (getenv for --shard auto) into
// opts, and moves the output into the shard's own folder inside --out,
// so that every task of a cluster job can be given the same --out.
func PlaceShard(opts *batch.Options, shard string, shards int, shardsGiven bool, getenv func(string) string) error {
	if shard == "" {
		if shardsGiven {
			return fmt.Errorf("--shards goes with --shard auto")
		}
		return nil
	}
	s, err := ShardOf(shard, shards, getenv)
	if err != nil {
		return err
	}
	if _, err := os.Lstat(filepath.Join(opts.OutDir, File)); err == nil {
		return fmt.Errorf("--shard: %s holds a study of its own (%s); give the shards a folder of their own", opts.OutDir, File)
	}
	opts.Shard = s
	opts.OutDir = filepath.Join(opts.OutDir, s.Folder())
	return nil
}

// Claim writes the study's plan into its folder, or on --resume
// checks that the folder's plan is this one. More or fewer episodes are
// fine: resuming with more extends a study.
func Claim(opts batch.Options, plays map[string]string) error {
	plan := Plan{Refs: opts.Refs, Seed: opts.Seed, Plays: plays}
	for _, m := range opts.Modes {
		plan.Modes = append(plan.Modes, string(m))
	}
	if !opts.Shard.Whole() {
		plan.Shard = opts.Shard.String()
	}
	path := filepath.Join(opts.OutDir, File)
	if opts.Resume {
		was, err := Read(path)
		if err == nil {
			if !was.Same(plan) || was.Shard != plan.Shard {
				return fmt.Errorf("--resume: %s holds a study of --scenario %v --modes %v --seed %d%s; resume it with the same options",
					opts.OutDir, was.Refs, strings.Join(was.Modes, ","), was.Seed, PlaysText(was.Plays))
			}
			return nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	// The folder is the study's own (CheckOutDir): its plan and summary
	// are replaced, never written through a link.
	return safefile.WriteFile(path, safefile.Policy{Replace: true}, func(w io.Writer) error { return json.NewEncoder(textsafe.JSONWriter(w)).Encode(plan) })
}

// WriteSummary writes a study's summary.json, replacing the one there.
func WriteSummary(path string, s batch.Summary) error {
	return safefile.WriteFile(path, safefile.Policy{Replace: true}, func(w io.Writer) error {
		enc := json.NewEncoder(textsafe.JSONWriter(w))
		enc.SetIndent("", "  ")
		return enc.Encode(s)
	})
}
