package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/cocoa"
	"github.com/omnigap/omnigap/engine/interop/importer"
	"github.com/omnigap/omnigap/engine/interop/sotopia"
)

func newImportCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "import",
		Short: "Turn other tools' scenario exports into omnigap scenario files",
	}
	var out, env, pk string
	var force bool
	sot := &cobra.Command{
		Use:   "sotopia DIR",
		Short: "Import a Sotopia export (the four *.jsonl files) as one scenario file per combo",
		Long: `Reads environment_profiles.jsonl, agent_profiles.jsonl,
relationship_profiles.jsonl and env_agent_combo_storages.jsonl from DIR and
writes one scenario file per combo to --out, one combo at a time. A record
that cannot be read or imported is skipped with its file, line and field,
and the others are still written. A file already in --out is kept unless
--force. Without writing files, watch, run and play take sotopia:DIR#N (the
Nth combo) or sotopia:DIR#CODENAME directly.`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			d, err := unlessInterrupted(ctx, func() (*sotopia.Data, error) { return sotopia.Read(args[0]) })
			if errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("%w\n%s is not a Sotopia export: it needs environment_profiles.jsonl, agent_profiles.jsonl, relationship_profiles.jsonl and env_agent_combo_storages.jsonl (docs/IMPORT.md)", err, args[0])
			}
			if err != nil {
				return err
			}
			var inputs []string
			for _, name := range []string{sotopia.EnvironmentsFile, sotopia.AgentsFile, sotopia.RelationshipsFile, sotopia.CombosFile} {
				inputs = append(inputs, filepath.Join(args[0], name))
			}
			dir, err := outputDir(out, force, inputs)
			if err != nil {
				return err
			}
			defer dir.Close()
			a := importer.NewAccount(cmd.OutOrStdout(), out)
			err = d.Each(ctx, sotopia.Filter{Env: env, PK: pk}, func(im sotopia.Imported) error {
				name, err := sotopia.Write(dir, im)
				if err != nil {
					at := im.Combo.At()
					a.Skip(fmt.Sprintf("%s:%d: not written: %v", at.File, at.Line, err))
					return nil
				}
				a.Wrote(name)
				return nil
			}, func(p interop.Problem) { a.Skip(p.Error()) })
			if ctx.Err() != nil {
				a.Interrupted()
				return errInterrupted
			}
			if err != nil {
				return err
			}
			return a.Done()
		},
	}
	sot.Flags().StringVar(&out, "out", "", "directory to write the scenario files to (required)")
	sot.Flags().StringVar(&env, "env", "", "import only the combos of the environment with this codename (or env id)")
	sot.Flags().StringVar(&pk, "pk", "", "import only the combo with this id")
	sot.Flags().BoolVar(&force, "force", false, "replace files already in --out")
	_ = sot.MarkFlagRequired("out")
	var cocoaOut string
	var cocoaForce bool
	coc := &cobra.Command{
		Use:   "cocoa FILE",
		Short: "Import cocoa CraigslistBargain scenarios, or Deal-or-No-Deal transcripts as scenarios and HUMANS recordings",
		Long: `FILE is a CraigslistBargain scenario file (the shape of sample-scenarios.json),
written as one scenario file each, or a Deal-or-No-Deal transcript file (the
shape of dealornodeal/data/val.json), written as one scenario file and one
HUMANS recording per dialogue, one record at a time. Records that cannot be
read are skipped with their index and field. A file already in --out is
kept unless --force.`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, err := outputDir(cocoaOut, cocoaForce, args)
			if err != nil {
				return err
			}
			defer dir.Close()
			a := importer.NewAccount(cmd.OutOrStdout(), cocoaOut)
			if cocoa.IsTranscripts(args[0]) {
				err = importer.Transcripts(cmd.Context(), args[0], dir, a)
			} else {
				err = importer.Bargains(cmd.Context(), args[0], dir, a)
			}
			if cmd.Context().Err() != nil {
				a.Interrupted()
				return errInterrupted
			}
			if err != nil {
				return err
			}
			return a.Done()
		},
	}
	coc.Flags().StringVar(&cocoaOut, "out", "", "directory to write the scenario files to (required)")
	coc.Flags().BoolVar(&cocoaForce, "force", false, "replace files already in --out")
	_ = coc.MarkFlagRequired("out")
	cmd.AddCommand(sot, coc)
	groupRun(cmd)
	return cmd
}
