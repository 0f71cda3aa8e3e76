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
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/study"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/tui/studybar"
)

// runOptions are run's flags.
type runOptions struct {
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
}

func newRunCmd() *cobra.Command {
	var o runOptions
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
		RunE: func(cmd *cobra.Command, _ []string) error { return o.run(cmd) },
	}
	o.addFlags(cmd)
	return cmd
}

func (o *runOptions) addFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringArrayVar(&o.refs, "scenario", []string{library.DefaultID}, "scenario id, generated id (family/gen-N, family/gen-*) or file; repeatable")
	f.StringVar(&o.modes, "modes", "script,agents,mindreaders", "comma-separated modes")
	f.IntVar(&o.opts.Episodes, "episodes", 1, "episodes per scenario and mode")
	f.Int64Var(&o.opts.Seed, "seed", 1, "seed of the first episode")
	f.IntVar(&o.opts.Concurrency, "concurrency", 4, "episodes run at once")
	f.StringVar(&o.opts.OutDir, "out", "", "folder for recordings and summary.json (required; new or empty unless --resume or --force)")
	f.BoolVar(&o.opts.Resume, "resume", false, "continue a stopped run in --out: count complete recordings, play the rest")
	f.BoolVar(&o.force, "force", false, "write into a --out folder that already holds files")
	f.StringVar(&o.shard, "shard", "", "play the K-th of N shares of the study (K/N, e.g. 2/4) into --out/shard-K-of-N; auto: from a Slurm array or a Kubernetes Indexed Job")
	f.IntVar(&o.shards, "shards", 0, "with --shard auto in a Kubernetes Indexed Job: the number of shares (the Job's completions)")
	f.BoolVar(&o.dry.on, "dry-run", false, "send nothing: print the calls, prompt and completion tokens and cost the study would take, per role and in total (an upper bound and an expected figure)")
	f.Float64Var(&o.dry.prices.In, "price-in", 0, "with --dry-run: dollars per million prompt tokens (default: a dated table of a few well-known models)")
	f.Float64Var(&o.dry.prices.Out, "price-out", 0, "with --dry-run: dollars per million completion tokens")
	addMaxUtteranceFlag(cmd, &o.opts.MaxUtterance)
	o.backends.addFlags(cmd)
}

// run checks the flags, then plays the study, or with --dry-run counts
// what it would send.
func (o *runOptions) run(cmd *cobra.Command) error {
	var err error
	if o.opts.Modes, err = parseModes(o.modes); err != nil {
		return err
	}
	if !o.dry.on && o.opts.OutDir == "" {
		return fmt.Errorf("--out: a folder for the recordings and summary.json is required")
	}
	if !o.dry.on && o.opts.Resume && o.force {
		return fmt.Errorf("--resume and --force: choose one")
	}
	if err := study.Prepare(&o.opts, o.refs, o.shard, o.shards, cmd.Flags().Changed("shards"), os.Getenv); err != nil {
		return err
	}
	if o.dry.on {
		return o.dryRun(cmd)
	}
	return o.play(cmd)
}

// dryRun prints what the study would send, played by a stand-in.
func (o *runOptions) dryRun(cmd *cobra.Command) error {
	if cmd.Flags().Changed("price-in") != cmd.Flags().Changed("price-out") {
		return fmt.Errorf("--price-in and --price-out go together: give both, in dollars per million tokens")
	}
	o.dry.prices.Given = cmd.Flags().Changed("price-in")
	backend, cfg, err := o.backends.resolve()
	if err != nil {
		return err
	}
	return dryrun.Print(cmd.Context(), o.opts, backend, cfg, o.dry.prices, cmd.OutOrStdout(), notesOf(cmd))
}

// play plays the study into --out with the backends the flags name.
func (o *runOptions) play(cmd *cobra.Command) error {
	if err := study.CheckOutDir(o.opts.OutDir, o.opts.Resume || o.force); err != nil {
		return err
	}
	var err error
	if o.opts.Factory, err = o.backends.factory(); err != nil {
		return err
	}
	o.opts.Annotate = o.backends.annotate(leak.Shared(4 * max(o.opts.Concurrency, 1)))
	if err := os.MkdirAll(o.opts.OutDir, 0o755); err != nil {
		return err
	}
	if err := study.Claim(o.opts, o.backends.plays()); err != nil {
		return err
	}
	o.opts.Resolve = library.Resolve
	err = playStudy(cmd.Context(), o.opts, o.backends.cacheLost, cmd.OutOrStdout(), cmd.ErrOrStderr())
	if cerr := o.backends.close(); cerr != nil {
		fmt.Fprintln(cmd.ErrOrStderr(), "omnigap run: --cache:", textsafe.Clean(safefile.Explain(cerr).Error()))
	}
	return err
}

// playStudy runs the batch with a progress display, writes summary.json
// (also when interrupted) and prints the totals and the table; lost
// counts the replies the reply cache could not keep.
func playStudy(ctx context.Context, opts batch.Options, lost func() int, stdout, stderr io.Writer) error {
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
	printTotals(stdout, opts.OutDir, path, out, lost())
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

// printTotals says where the episodes are and what the study's model
// calls cost.
func printTotals(w io.Writer, outDir, path string, out batch.Outcome, lost int) {
	p := out.Progress
	// A folder name is the user's, but may still hold control characters.
	dir, path := textsafe.Clean(outDir), textsafe.Clean(path)
	if out.Summary.Interrupted {
		fmt.Fprintf(w, "interrupted: %d of %d episodes recorded in %s; summary (marked interrupted) in %s\n", p.Done, p.Total, dir, path)
		fmt.Fprintf(w, "run the same command with --resume to play the rest\n")
	} else {
		fmt.Fprintf(w, "%d episodes recorded in %s", p.Done, dir)
		if p.Skipped > 0 {
			fmt.Fprintf(w, " (%d already there, %d played now)", p.Skipped, p.Done-p.Skipped)
		}
		fmt.Fprintf(w, "; summary in %s\n", path)
	}
	if line := cacheLine(p, lost); line != "" {
		fmt.Fprintln(w, line)
	}
}

// cacheLine says what the reply cache did with this run's model calls,
// those of the episodes it played (cut short ones too): how many it
// answered, how many were sent, and whether every reply sent was kept;
// the calls of the episodes already recorded, an earlier run's, apart.
// "" when no call went through a cache.
func cacheLine(p batch.Progress, lost int) string {
	var none event.CacheUse
	if p.Cache == none && p.Resumed == none {
		return ""
	}
	kept := " (and kept)"
	if lost > 0 {
		kept = fmt.Sprintf(" (%d of their replies could not be kept in the cache)", lost)
	}
	line := fmt.Sprintf("model calls: %d answered from the cache, %d sent%s", p.Cache.Hits, p.Cache.Misses, kept)
	if p.Resumed != none {
		line += fmt.Sprintf("; the %d episodes already there made theirs in an earlier run: %d answered from the cache, %d sent",
			p.Skipped, p.Resumed.Hits, p.Resumed.Misses)
	}
	return line
}

var errInterrupted = errors.New("interrupted")

// statusEvery is how often a run not on a terminal prints its status
// line (a variable for tests).
var statusEvery = 5 * time.Second
