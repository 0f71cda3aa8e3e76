package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/cocoa"
	"github.com/omnigap/omnigap/engine/interop/importer"
	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// importOptions are the flags every import shares.
type importOptions struct {
	out   string
	force bool
}

func (o *importOptions) addFlags(cmd *cobra.Command, what string) {
	cmd.Flags().StringVar(&o.out, "out", "", "directory to write the "+what+" to (required)")
	cmd.Flags().BoolVar(&o.force, "force", false, "replace files already in --out")
	_ = cmd.MarkFlagRequired("out")
}

func newImportCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "import",
		Short: "Turn other tools' scenarios into omnigap scenario files",
	}
	cmd.AddCommand(newImportSotopiaCmd(), newImportCocoaCmd())
	groupRun(cmd)
	return cmd
}

func newImportSotopiaCmd() *cobra.Command {
	var o importOptions
	var filter sotopia.Filter
	cmd := &cobra.Command{
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
			return importSotopiaScenarios(cmd.Context(), cmd.OutOrStdout(), args[0], filter, o)
		},
	}
	o.addFlags(cmd, "scenario files")
	cmd.Flags().StringVar(&filter.Env, "env", "", "import only the combos of the environment with this codename (or env id)")
	cmd.Flags().StringVar(&filter.PK, "pk", "", "import only the combo with this id")
	return cmd
}

// importSotopiaScenarios writes a scenario file per combo of the Sotopia
// export in dir.
func importSotopiaScenarios(ctx context.Context, w io.Writer, dir string, filter sotopia.Filter, o importOptions) error {
	d, err := readSotopia(ctx, dir)
	if err != nil {
		return err
	}
	var inputs []string
	for _, name := range []string{sotopia.EnvironmentsFile, sotopia.AgentsFile, sotopia.RelationshipsFile, sotopia.CombosFile} {
		inputs = append(inputs, filepath.Join(dir, name))
	}
	out, err := outputDir(o.out, o.force, inputs)
	if err != nil {
		return err
	}
	defer out.Close()
	a := interop.NewAccount(w, o.out, interop.Scenarios)
	err = d.Each(ctx, filter, func(im sotopia.Imported) error {
		name, err := sotopia.Write(out, im)
		if err != nil {
			a.Skipped(interop.Problem{At: im.Combo.At(), Msg: "not written: " + safefile.Explain(err).Error()})
			return nil
		}
		a.Wrote(name, im.Combo.At())
		return nil
	}, a.Skipped)
	return accounted(ctx, a, err)
}

// readSotopia reads the Sotopia export in dir, saying what it needs when
// it is not one.
func readSotopia(ctx context.Context, dir string) (*sotopia.Data, error) {
	d, err := unlessInterrupted(ctx, func() (*sotopia.Data, error) { return sotopia.Read(dir) })
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w\n%s is not a Sotopia export: it needs environment_profiles.jsonl, agent_profiles.jsonl, relationship_profiles.jsonl and env_agent_combo_storages.jsonl (docs/IMPORT.md)", err, dir)
	}
	return d, err
}

// accounted ends an import: interrupted, failed, or its account's last
// lines.
func accounted(ctx context.Context, a *interop.Account, err error) error {
	if ctx.Err() != nil {
		a.Interrupted()
		return errInterrupted
	}
	if err != nil {
		return err
	}
	return a.Done()
}

func newImportCocoaCmd() *cobra.Command {
	var o importOptions
	cmd := &cobra.Command{
		Use:   "cocoa FILE",
		Short: "Import cocoa CraigslistBargain scenarios, or the scenarios of Deal-or-No-Deal dialogues",
		Long: `FILE is a CraigslistBargain scenario file (the shape of sample-scenarios.json),
written as one scenario file each, or a Deal-or-No-Deal transcript file (the
shape of dealornodeal/data/val.json), written as one scenario file per
scenario its dialogues were played on; 'omnigap episodes import cocoa FILE'
records the dialogues themselves, as HUMANS runs. Records are read one at
a time; those that cannot be read are skipped with their index and field.
A file already in --out is kept unless --force.`,
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return importCocoaScenarios(cmd.Context(), cmd.OutOrStdout(), args[0], o)
		},
	}
	o.addFlags(cmd, "scenario files")
	return cmd
}

// importCocoaScenarios writes the scenarios of a cocoa file: its
// CraigslistBargain scenarios, or those of its dialogues, then names the
// command that records the dialogues.
func importCocoaScenarios(ctx context.Context, w io.Writer, path string, o importOptions) error {
	out, err := outputDir(o.out, o.force, []string{path})
	if err != nil {
		return err
	}
	defer out.Close()
	a := interop.NewAccount(w, o.out, interop.Scenarios)
	dialogues := cocoa.IsTranscripts(path)
	if dialogues {
		err = importer.DialogueScenarios(ctx, path, out, a)
	} else {
		err = importer.Bargains(ctx, path, out, a)
	}
	if err = accounted(ctx, a, err); err == nil && dialogues {
		fmt.Fprintln(w, textsafe.Line("the dialogues themselves, as HUMANS recordings: omnigap episodes import cocoa "+path+" --out "+o.out))
	}
	return err
}
