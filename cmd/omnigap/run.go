package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/run"
)

func newRunCmd() *cobra.Command {
	var (
		refs     []string
		modes    string
		opts     batch.Options
		backends backendOptions
	)
	cmd := &cobra.Command{
		Use:   "run --out DIR",
		Short: "Run episodes headless, record each, and summarize per mode",
		Long: `Run every scenario x mode x episode without a screen. Episode k uses seed
S+k. A generated reference with a * seed (craigslist/gen-*) draws a fresh
scenario per episode. Each run is recorded to DIR, and DIR/summary.json
holds the per-mode figures.`,
		Example: `  omnigap run --scenario 'craigslist/gen-*' --episodes 300 --seed 1 --out out/cl
  omnigap run --scenario craigslist/road-bike --scenario my-scenario.yaml --modes agents --out out/x`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var err error
			if opts.Modes, err = parseModes(modes); err != nil {
				return err
			}
			if opts.Episodes < 1 {
				return fmt.Errorf("--episodes: must be at least 1")
			}
			if opts.OutDir == "" {
				return fmt.Errorf("--out: a folder for the recordings and summary.json is required")
			}
			opts.Refs = refs
			for _, ref := range refs {
				if _, err := library.Resolve(ref, opts.Seed); err != nil {
					return err
				}
			}
			if opts.Factory, err = backends.factory(); err != nil {
				return err
			}
			opts.Annotate = backends.annotate(cmd.Context(), leak.Annotate)
			if err := os.MkdirAll(opts.OutDir, 0o755); err != nil {
				return err
			}
			opts.Resolve = library.Resolve
			results, err := batch.Run(cmd.Context(), opts)
			if err != nil {
				return err
			}
			summary := batch.Summarize(opts, results)
			data, err := json.MarshalIndent(summary, "", "  ")
			if err != nil {
				return err
			}
			path := filepath.Join(opts.OutDir, "summary.json")
			if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%d episodes recorded in %s; summary in %s\n\n", len(results), opts.OutDir, path)
			eps := batch.Episodes(results)
			for i, r := range results {
				eps[i].Pair = report.PairKey(r.Scenario.ID, r.Seed)
			}
			if err := report.Aggregate(eps).WriteTable(cmd.OutOrStdout()); err != nil {
				return err
			}
			// Figures of nothing but failures are no result: say why, and
			// exit non-zero so scripts notice.
			if why := batch.NothingWorked(results); why != "" {
				return errors.New(why)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&refs, "scenario", []string{library.DefaultID}, "scenario id, generated id (family/gen-N, family/gen-*) or file; repeatable")
	f.StringVar(&modes, "modes", "script,agents,mindreaders", "comma-separated modes")
	f.IntVar(&opts.Episodes, "episodes", 1, "episodes per scenario and mode")
	f.Int64Var(&opts.Seed, "seed", 1, "seed of the first episode")
	f.IntVar(&opts.Concurrency, "concurrency", 4, "episodes run at once")
	f.StringVar(&opts.OutDir, "out", "", "folder for recordings and summary.json (required)")
	f.IntVar(&opts.MaxUtterance, "max-utterance", run.DefaultMaxUtterance, "longest turn kept, in characters; longer ones are cut and marked (-1: no cap)")
	backends.addFlags(cmd)
	return cmd
}
