package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/batch/dryrun"
	"github.com/omnigap/omnigap/engine/llm"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/rejudge"
	"github.com/omnigap/omnigap/engine/study"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// judgeOptions are omnigap judge's flags.
type judgeOptions struct {
	out           string
	resume, force bool
	concurrency   int
	dry           bool
	prices        dryrun.Prices
	backends      backendOptions
}

func newJudgeCmd() *cobra.Command {
	o := &judgeOptions{}
	cmd := &cobra.Command{
		Use:   "judge RECORDING|DIR... --out DIR",
		Short: "Judge recorded runs after the fact on the seven Sotopia dimensions, into judged copies",
		Long: `Score recorded runs (omnigap's own, imported episodes, HUMANS runs; every
*.jsonl in a folder) with omnigap's judge on the seven Sotopia-Eval
dimensions, as run --judge does when a run ends, and write each judged
copy into --out under the original's name: the recording's events, the
judge's calls and its scores and reasoning in the ending, its model,
endpoint and prompt hash in the header. The originals are never written,
an evaluator's scores imported with an episode stay apart from the
judge's, and an earlier judge's scores in the copy are replaced.

--out must be new or empty: --resume keeps the copies that hold this
judge's scores already and judges the rest again (those whose judge
failed, or that are missing), --force replaces the copies there. A judge
that fails leaves its error in the copy and is counted; ctrl-c stops
cleanly, the copies written so far whole. --dry-run sends nothing and
prints the judge's calls, tokens and cost. The model and judge flags are
run's (docs/LLM.md); a model endpoint is needed.`,
		Example: `  omnigap judge out/episodes --out out/judged --base-url http://127.0.0.1:8000/v1 --judge-model my-judge
  omnigap judge out/episodes --out out/judged --resume --provider openai --judge-model gpt-4o --rpm 60
  omnigap judge out/episodes --dry-run --judge-model gpt-4o`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: o.run,
	}
	f := cmd.Flags()
	f.StringVar(&o.out, "out", "", "folder for the judged copies (required; new or empty unless --resume or --force)")
	f.BoolVar(&o.resume, "resume", false, "keep the copies in --out that this judge scored already and judge the rest")
	f.BoolVar(&o.force, "force", false, "replace the copies in --out")
	f.IntVar(&o.concurrency, "concurrency", 4, "recordings judged at once")
	f.BoolVar(&o.dry, "dry-run", false, "send nothing: print the judge's calls, prompt and completion tokens and cost")
	f.Float64Var(&o.prices.In, "price-in", 0, "with --dry-run: dollars per million prompt tokens (default: a dated table of a few well-known models)")
	f.Float64Var(&o.prices.Out, "price-out", 0, "with --dry-run: dollars per million completion tokens")
	o.backends.addFlags(cmd)
	return cmd
}

// run judges the recordings args name, or with --dry-run says what it
// would take.
func (o *judgeOptions) run(cmd *cobra.Command, args []string) error {
	if err := o.check(cmd); err != nil {
		return err
	}
	out := o.out
	if o.dry {
		out = filepath.Join(os.TempDir(), "omnigap-dry-run") // copies are never written
	}
	jobs, err := rejudge.Plan(args, out)
	if err != nil {
		return err
	}
	if o.dry {
		return o.dryRun(cmd, jobs)
	}
	if err := study.CheckOutDir(o.out, o.resume || o.force); err != nil {
		return err
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return err
	}
	f, err := o.open()
	if err != nil {
		return err
	}
	results, err := rejudge.Run(cmd.Context(), jobs, rejudge.Options{Judge: f.Judge(), Settings: f.JudgeSettings(),
		Resume: o.resume, Force: o.force, Concurrency: o.concurrency, Done: progress(cmd.ErrOrStderr(), len(jobs))})
	if cerr := f.Close(); cerr != nil {
		fmt.Fprintln(cmd.ErrOrStderr(), "omnigap judge: --cache:", textsafe.Clean(cerr.Error()))
	}
	return o.summary(cmd.OutOrStdout(), results, err)
}

// check refuses flags that do not go together.
func (o *judgeOptions) check(cmd *cobra.Command) error {
	switch {
	case o.resume && o.force:
		return fmt.Errorf("--resume and --force: choose one")
	case o.dry && cmd.Flags().Changed("price-in") != cmd.Flags().Changed("price-out"):
		return fmt.Errorf("--price-in and --price-out go together: give both, in dollars per million tokens")
	case !o.dry && o.out == "":
		return fmt.Errorf("--out: a folder for the judged copies is required")
	}
	o.prices.Given = cmd.Flags().Changed("price-in")
	return nil
}

// open opens the model endpoint the flags describe; the built-in engine
// has no judge.
func (o *judgeOptions) open() (*llm.Factory, error) {
	backend, cfg, err := o.resolve()
	if err != nil {
		return nil, err
	}
	if backend == "builtin" {
		return nil, errors.New("omnigap judge needs a model: give --base-url, --provider or an API key (docs/LLM.md)")
	}
	return llm.Open(cfg)
}

// resolve is the settings of the flags, the environment and the config
// file. Only the judge calls here: --judge-model alone names the model of
// every role, which the settings need.
func (o *judgeOptions) resolve() (string, config.Config, error) {
	f := o.backends.set
	if f.Changed("judge-model") && !f.Changed("model") {
		if err := f.Set("model", o.backends.flags.JudgeModel); err != nil {
			return "", config.Config{}, err
		}
	}
	return o.backends.resolve()
}

// dryRun prints what judging the jobs would take, nothing sent.
func (o *judgeOptions) dryRun(cmd *cobra.Command, jobs []rejudge.Job) error {
	_, cfg, err := o.resolve()
	if err != nil {
		return err
	}
	paths := make([]string, len(jobs))
	for i, j := range jobs {
		paths[i] = j.Path
	}
	if err := dryrun.PrintJudge(cmd.Context(), paths, cfg, o.prices, cmd.OutOrStdout(), notesOf(cmd)); err != nil {
		if cmd.Context().Err() != nil {
			return errInterrupted
		}
		return err
	}
	return nil
}
