package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/cocoa"
	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

func newImportCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "import",
		Short: "Turn other tools' scenario exports into omnigap scenario files",
	}
	var out, env, pk string
	sot := &cobra.Command{
		Use:   "sotopia DIR",
		Short: "Import a Sotopia export (the four *.jsonl files) as one scenario file per combo",
		Long: `Reads environment_profiles.jsonl, agent_profiles.jsonl,
relationship_profiles.jsonl and env_agent_combo_storages.jsonl from DIR and
writes one scenario file per combo to --out. A record that cannot be read or
imported is skipped with its file, line and field, and the others are still
written. Without writing files, watch, run and play take sotopia:DIR#N
(the Nth combo) or sotopia:DIR#CODENAME directly.`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			d, err := unlessInterrupted(cmd.Context(), func() (*sotopia.Data, error) { return sotopia.Read(args[0]) })
			if errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("%w\n%s is not a Sotopia export: it needs environment_profiles.jsonl, agent_profiles.jsonl, relationship_profiles.jsonl and env_agent_combo_storages.jsonl (docs/IMPORT.md)", err, args[0])
			}
			if err != nil {
				return err
			}
			r := d.Import(sotopia.Filter{Env: env, PK: pk})
			written, errs := r.Write(cmd.Context(), out)
			if cmd.Context().Err() != nil {
				return interruptedImport(cmd.OutOrStdout(), out, written, 0)
			}
			var skipped []string
			for _, p := range r.Skipped {
				skipped = append(skipped, p.Error())
			}
			for _, err := range errs {
				skipped = append(skipped, "not written: "+err.Error())
			}
			return reportImport(cmd.OutOrStdout(), out, written, skipped)
		},
	}
	sot.Flags().StringVar(&out, "out", "", "directory to write the scenario files to (required)")
	sot.Flags().StringVar(&env, "env", "", "import only the combos of the environment with this codename (or env id)")
	sot.Flags().StringVar(&pk, "pk", "", "import only the combo with this id")
	_ = sot.MarkFlagRequired("out")
	var cocoaOut string
	coc := &cobra.Command{
		Use:   "cocoa FILE",
		Short: "Import cocoa CraigslistBargain scenarios, or Deal-or-No-Deal transcripts as scenarios and HUMANS recordings",
		Long: `FILE is a CraigslistBargain scenario file (the shape of sample-scenarios.json),
written as one scenario file each, or a Deal-or-No-Deal transcript file (the
shape of dealornodeal/data/val.json), written as one scenario file and one
HUMANS recording per dialogue. Records that cannot be read are skipped with
their index and field.`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if cocoa.IsTranscripts(args[0]) {
				return importTranscripts(cmd, args[0], cocoaOut)
			}
			read, err := unlessInterrupted(cmd.Context(), func() (craigslistRead, error) {
				list, probs, err := cocoa.CraigslistScenarios(args[0])
				return craigslistRead{list, probs}, err
			})
			if err != nil {
				return err
			}
			list, probs := read.list, read.probs
			var skipped []string
			for _, p := range probs {
				skipped = append(skipped, p.Error())
			}
			written, errs := interop.WriteAll(cmd.Context(), cocoaOut, list)
			if cmd.Context().Err() != nil {
				return interruptedImport(cmd.OutOrStdout(), cocoaOut, written, 0)
			}
			for _, err := range errs {
				skipped = append(skipped, "not written: "+err.Error())
			}
			return reportImport(cmd.OutOrStdout(), cocoaOut, written, skipped)
		},
	}
	coc.Flags().StringVar(&cocoaOut, "out", "", "directory to write the scenario files to (required)")
	_ = coc.MarkFlagRequired("out")
	cmd.AddCommand(sot, coc)
	groupRun(cmd)
	return cmd
}

// importTranscripts writes each dialogue's scenario and its HUMANS run,
// played through the runner and annotator, as a recording.
func importTranscripts(cmd *cobra.Command, path, dir string) error {
	ctx := cmd.Context()
	read, err := unlessInterrupted(ctx, func() (transcriptsRead, error) {
		ts, probs, err := cocoa.Transcripts(path)
		return transcriptsRead{ts, probs}, err
	})
	if err != nil {
		return err
	}
	ts, probs := read.ts, read.probs
	var skipped []string
	for _, p := range probs {
		skipped = append(skipped, p.Error())
	}
	list := make([]*scenario.Scenario, len(ts))
	for i, t := range ts {
		list[i] = t.Scenario
	}
	written, errs := interop.WriteAll(ctx, dir, list)
	for i, t := range ts {
		if ctx.Err() != nil {
			return interruptedImport(cmd.OutOrStdout(), dir, written, i)
		}
		if err := recordHumans(ctx, t, dir); err != nil && ctx.Err() == nil {
			errs = append(errs, fmt.Errorf("dialogue %d (%s): %w", i, t.UUID, err))
		}
	}
	for _, err := range errs {
		skipped = append(skipped, "not written: "+err.Error())
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%d HUMANS recordings written\n", len(ts)-len(errs))
	return reportImport(cmd.OutOrStdout(), dir, written, skipped)
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

type craigslistRead struct {
	list  []*scenario.Scenario
	probs []cocoa.Problem
}

type transcriptsRead struct {
	ts    []*cocoa.Transcript
	probs []cocoa.Problem
}

// interruptedImport says what an import stopped by ctrl-c left behind:
// whole files only (a recording cut short is marked canceled).
func interruptedImport(w io.Writer, dir string, scenarios, recordings int) error {
	fmt.Fprintf(w, "interrupted: %d scenario files and %d HUMANS recordings written to %s\n", scenarios, recordings, textsafe.Clean(dir))
	return errInterrupted
}

// reportImport prints what an import wrote and skipped, with the reasons,
// and fails when nothing was written.
func reportImport(w io.Writer, dir string, written int, skipped []string) error {
	for _, why := range skipped {
		fmt.Fprintln(w, textsafe.Clean("skipped: "+why))
	}
	fmt.Fprintf(w, "%d written to %s, %d skipped\n", written, dir, len(skipped))
	if written == 0 {
		return fmt.Errorf("nothing imported")
	}
	nextSteps(w, dir)
	return nil
}

// nextSteps names a command that uses what an import wrote, on its first
// scenario file and, for cocoa transcripts, its first HUMANS recording.
func nextSteps(w io.Writer, dir string) {
	if files, _ := filepath.Glob(filepath.Join(dir, "*.yaml")); len(files) > 0 {
		fmt.Fprintln(w, textsafe.Clean("watch one: omnigap watch "+files[0]))
	}
	if recs, _ := filepath.Glob(filepath.Join(dir, "*.jsonl")); len(recs) > 0 {
		fmt.Fprintln(w, textsafe.Clean("replay one: omnigap replay "+recs[0]+"; all of them: omnigap report "+dir))
	}
}
