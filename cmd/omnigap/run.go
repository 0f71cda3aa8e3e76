package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/batch/dryrun"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/study"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/tui/studybar"
)

func newRunCmd() *cobra.Command {
	var (
		refs   []string
		modes  string
		force  bool
		shard  string
		shards int
		dry    struct {
			on     bool
			prices dryrun.Prices
		}
		opts     batch.Options
		backends backendOptions
	)
	cmd := &cobra.Command{
		Use:   "run --out DIR",
		Short: "Run episodes headless, record each, and summarize per mode",
		Long: `Run every scenario x mode x episode without a screen. Episode k uses seed
S+k. A generated reference with a * seed (craigslist/gen-*) draws a fresh
scenario per episode. Each run is recorded to DIR, and DIR/summary.json
holds the per-mode figures.

DIR must be empty or new, so runs are never mixed: --resume continues the
study DIR/study.json describes (complete recordings are counted, torn,
canceled or unjudged ones played again, and the summary is the one an uninterrupted run
gives; more --episodes extend it), and --force adds to a folder anyway. ctrl-c stops cleanly: episodes in flight
end, every recording stays valid and summary.json says the run was
interrupted; a second ctrl-c quits at once.

--shard K/N plays the K-th of N shares of the study, whole episodes (all
their modes) each, into DIR/shard-K-of-N with its own study.json and
summary.json; --shard auto takes K and N from a Slurm job array or a
Kubernetes Indexed Job (with --shards N), so every task of one job can run
the same command. omnigap report DIR merges the shards into the figures one
run would give (docs/CLUSTER.md).

--dry-run sends nothing and writes nothing: it plays the study with a
stand-in that answers every model call at once, counting the real prompts
with the model's tokenizer, and prints per role and in total the calls,
prompt and completion tokens and cost: an upper bound (every episode to
its turn limit) and an expected figure (episodes half as long).`,
		Example: `  omnigap run --scenario 'craigslist/gen-*' --episodes 300 --seed 1 --out out/cl
  omnigap run --scenario 'craigslist/gen-*' --episodes 300 --seed 1 --out out/cl --resume
  omnigap run --scenario craigslist/road-bike --scenario my-scenario.yaml --modes agents --out out/x
  omnigap run --scenario 'craigslist/gen-*' --episodes 500 --seed 1 --shard 2/4 --out out/cl`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 0 {
				return fmt.Errorf("run takes its scenarios as flags: --scenario %s (repeatable)", args[0])
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			var err error
			if opts.Modes, err = parseModes(modes); err != nil {
				return err
			}
			if !dry.on && opts.OutDir == "" {
				return fmt.Errorf("--out: a folder for the recordings and summary.json is required")
			}
			if !dry.on && opts.Resume && force {
				return fmt.Errorf("--resume and --force: choose one")
			}
			if err := study.Prepare(&opts, refs, shard, shards, cmd.Flags().Changed("shards"), os.Getenv); err != nil {
				return err
			}
			if dry.on {
				if cmd.Flags().Changed("price-in") != cmd.Flags().Changed("price-out") {
					return fmt.Errorf("--price-in and --price-out go together: give both, in dollars per million tokens")
				}
				dry.prices.Given = cmd.Flags().Changed("price-in")
				backend, cfg, err := backends.resolve()
				if err != nil {
					return err
				}
				return dryrun.Print(cmd.Context(), opts, backend, cfg, dry.prices, cmd.OutOrStdout(), cmd.ErrOrStderr())
			}
			if err := study.CheckOutDir(opts.OutDir, opts.Resume || force); err != nil {
				return err
			}
			if opts.Factory, err = backends.factory(); err != nil {
				return err
			}
			opts.Annotate = backends.annotate(leak.Shared(4 * max(opts.Concurrency, 1)))
			if err := os.MkdirAll(opts.OutDir, 0o755); err != nil {
				return err
			}
			if err := study.Claim(opts, backends.plays()); err != nil {
				return err
			}
			opts.Resolve = library.Resolve
			err = playStudy(cmd.Context(), opts, cmd.OutOrStdout(), cmd.ErrOrStderr())
			if cerr := backends.close(); cerr != nil {
				fmt.Fprintln(cmd.ErrOrStderr(), "omnigap run: --cache:", textsafe.Clean(cerr.Error()))
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&refs, "scenario", []string{library.DefaultID}, "scenario id, generated id (family/gen-N, family/gen-*) or file; repeatable")
	f.StringVar(&modes, "modes", "script,agents,mindreaders", "comma-separated modes")
	f.IntVar(&opts.Episodes, "episodes", 1, "episodes per scenario and mode")
	f.Int64Var(&opts.Seed, "seed", 1, "seed of the first episode")
	f.IntVar(&opts.Concurrency, "concurrency", 4, "episodes run at once")
	f.StringVar(&opts.OutDir, "out", "", "folder for recordings and summary.json (required; new or empty unless --resume or --force)")
	f.BoolVar(&opts.Resume, "resume", false, "continue a stopped run in --out: count complete recordings, play the rest")
	f.BoolVar(&force, "force", false, "write into a --out folder that already holds files")
	f.StringVar(&shard, "shard", "", "play the K-th of N shares of the study (K/N, e.g. 2/4) into --out/shard-K-of-N; auto: from a Slurm array or a Kubernetes Indexed Job")
	f.IntVar(&shards, "shards", 0, "with --shard auto in a Kubernetes Indexed Job: the number of shares (the Job's completions)")
	f.BoolVar(&dry.on, "dry-run", false, "send nothing: print the calls, prompt and completion tokens and cost the study would take, per role and in total (an upper bound and an expected figure)")
	f.Float64Var(&dry.prices.In, "price-in", 0, "with --dry-run: dollars per million prompt tokens (default: a dated table of a few well-known models)")
	f.Float64Var(&dry.prices.Out, "price-out", 0, "with --dry-run: dollars per million completion tokens")
	addMaxUtteranceFlag(cmd, &opts.MaxUtterance)
	backends.addFlags(cmd)
	return cmd
}

// playStudy runs the batch with a progress display, writes summary.json
// (also when interrupted) and prints the table.
func playStudy(ctx context.Context, opts batch.Options, stdout, stderr io.Writer) error {
	// A study's live heap is small and flat (episodes are tallied as they
	// finish), so by default the collector would run every few episodes;
	// at 400% it runs a quarter as often for about 12 MB more, a third
	// less CPU on built-in studies. GOGC in the environment still wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	show := studybar.Show(ctx, stderr, opts.Plan(), statusEvery, stopNoticeShown.Store)
	opts.Progress = show.Update
	out, err := batch.Study(ctx, opts)
	show.Finish(out.Progress)
	path := filepath.Join(opts.OutDir, "summary.json")
	if werr := study.WriteSummary(path, out.Summary); werr != nil {
		return errors.Join(err, werr)
	}
	if err != nil {
		return err
	}
	p := out.Progress
	// A folder name is the user's, but may still hold control characters.
	dir, path := textsafe.Clean(opts.OutDir), textsafe.Clean(path)
	if out.Summary.Interrupted {
		fmt.Fprintf(stdout, "interrupted: %d of %d episodes recorded in %s; summary (marked interrupted) in %s\n", p.Done, p.Total, dir, path)
		fmt.Fprintf(stdout, "run the same command with --resume to play the rest\n")
	} else {
		fmt.Fprintf(stdout, "%d episodes recorded in %s", p.Done, dir)
		if p.Skipped > 0 {
			fmt.Fprintf(stdout, " (%d already there, %d played now)", p.Skipped, p.Done-p.Skipped)
		}
		fmt.Fprintf(stdout, "; summary in %s\n", path)
	}
	if c := out.Summary.Cache; c != nil {
		fmt.Fprintf(stdout, "model calls: %d answered from the cache, %d sent (and kept)\n", c.Hits, c.Misses)
	}
	fmt.Fprintln(stdout)
	if werr := out.Report.WriteTable(stdout, tableWidth(stdout)); werr != nil {
		return werr
	}
	if out.Summary.Interrupted {
		return errInterrupted
	}
	// Figures of nothing but failures are no result: say why, and exit
	// non-zero so scripts notice.
	if out.NothingWorked != "" {
		return errors.New(out.NothingWorked)
	}
	return nil
}

var errInterrupted = errors.New("interrupted")

// statusEvery is how often a run not on a terminal prints its status
// line (a variable for tests).
var statusEvery = 5 * time.Second
