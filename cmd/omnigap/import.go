package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/cocoa"
	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/safefile"
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
			a := newImportAccount(cmd.OutOrStdout(), out)
			err = d.Each(ctx, sotopia.Filter{Env: env, PK: pk}, func(im sotopia.Imported) error {
				name, err := sotopia.Write(dir, im)
				if err != nil {
					at := im.Combo.At()
					a.skip(fmt.Sprintf("%s:%d: not written: %v", at.File, at.Line, err))
					return nil
				}
				a.wrote(name)
				return nil
			}, func(p interop.Problem) { a.skip(p.Error()) })
			if ctx.Err() != nil {
				return a.interrupted()
			}
			if err != nil {
				return err
			}
			return a.done()
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
			a := newImportAccount(cmd.OutOrStdout(), cocoaOut)
			if cocoa.IsTranscripts(args[0]) {
				err = importTranscripts(cmd.Context(), args[0], dir, a)
			} else {
				err = importBargains(cmd.Context(), args[0], dir, a)
			}
			if cmd.Context().Err() != nil {
				return a.interrupted()
			}
			if err != nil {
				return err
			}
			return a.done()
		},
	}
	coc.Flags().StringVar(&cocoaOut, "out", "", "directory to write the scenario files to (required)")
	coc.Flags().BoolVar(&cocoaForce, "force", false, "replace files already in --out")
	_ = coc.MarkFlagRequired("out")
	cmd.AddCommand(sot, coc)
	groupRun(cmd)
	return cmd
}

// importBargains writes each CraigslistBargain scenario of path as a file.
func importBargains(ctx context.Context, path string, dir *safefile.Dir, a *importAccount) error {
	return cocoa.EachScenario(ctx, path, func(record int, sc *scenario.Scenario) error {
		at := fmt.Sprintf("%s: record %d", path, record)
		if name, ok := a.claim(interop.FileName(sc), at); ok {
			if err := interop.Write(dir, name, sc); err != nil {
				a.skip(fmt.Sprintf("%s: not written: %v", at, err))
			} else {
				a.wrote(name)
			}
		}
		return nil
	}, func(p interop.Problem) { a.skip(p.Error()) })
}

// importTranscripts writes each dialogue's scenario and its HUMANS run,
// played through the runner and annotator, as a recording.
func importTranscripts(ctx context.Context, path string, dir *safefile.Dir, a *importAccount) error {
	return cocoa.EachTranscript(ctx, path, func(t *cocoa.Transcript) error {
		at := fmt.Sprintf("%s: record %d", path, t.Record)
		name, ok := a.claim(interop.FileName(t.Scenario), at)
		if !ok {
			return nil
		}
		if err := interop.Write(dir, name, t.Scenario); err != nil {
			a.skip(fmt.Sprintf("%s: not written: %v", at, err))
			return nil
		}
		a.wrote(name)
		rec := episode.ID(t.Scenario, view.Humans, 0) + ".jsonl"
		if err := dir.Clear(rec); err != nil {
			a.skip(fmt.Sprintf("%s: recording not written: %v", at, err))
			return nil
		}
		if err := recordHumans(ctx, t, dir.Path()); err != nil && ctx.Err() == nil {
			a.skip(fmt.Sprintf("%s: recording not written: %v", at, err))
			return nil
		}
		// A recording cut short by ctrl-c is whole too (its run is marked
		// canceled): it counts as what is on disk.
		if _, err := os.Lstat(filepath.Join(dir.Path(), rec)); err == nil {
			a.recorded(rec)
		}
		return nil
	}, func(p interop.Problem) { a.skip(p.Error()) })
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

// importAccount says what an import does as it goes: each record skipped,
// with its reason, and at the end how many files it wrote, counted as
// they are written, so the counts are what is on disk.
type importAccount struct {
	w                  io.Writer
	dir                string
	scenarios, skipped int
	recordings         int
	first, firstRec    string
	claimed            map[string]string // file name -> the record it was made of
}

func newImportAccount(w io.Writer, dir string) *importAccount {
	return &importAccount{w: w, dir: dir, claimed: map[string]string{}}
}

func (a *importAccount) skip(why string) {
	a.skipped++
	fmt.Fprintln(a.w, textsafe.Line("skipped: "+why))
}

// claim reserves a file name for the record at at; a name an earlier
// record of this import took is skipped (two records with one uuid).
func (a *importAccount) claim(name, at string) (string, bool) {
	if was, ok := a.claimed[name]; ok {
		a.skip(fmt.Sprintf("%s: the same scenario id as %s, whose file is %s", at, was, name))
		return "", false
	}
	a.claimed[name] = at
	return name, true
}

func (a *importAccount) wrote(name string) {
	if a.scenarios++; a.first == "" {
		a.first = name
	}
}

func (a *importAccount) recorded(name string) {
	if a.recordings++; a.firstRec == "" {
		a.firstRec = name
	}
}

// interrupted says what an import stopped by ctrl-c left behind: whole
// files only (a recording cut short is marked canceled).
func (a *importAccount) interrupted() error {
	fmt.Fprintf(a.w, "interrupted: %d scenario files and %d HUMANS recordings written to %s, %d skipped\n", a.scenarios, a.recordings, textsafe.Line(a.dir), a.skipped)
	return errInterrupted
}

// done prints what the import wrote and fails when nothing was written;
// otherwise it names a command that uses what was written.
func (a *importAccount) done() error {
	if a.recordings > 0 {
		fmt.Fprintf(a.w, "%d HUMANS recordings written\n", a.recordings)
	}
	fmt.Fprintf(a.w, "%d written to %s, %d skipped\n", a.scenarios, textsafe.Line(a.dir), a.skipped)
	if a.scenarios == 0 {
		if a.skipped > 0 {
			return fmt.Errorf("nothing imported: every record was skipped (the reasons are above)")
		}
		return fmt.Errorf("nothing imported: no record to import")
	}
	fmt.Fprintln(a.w, textsafe.Line("watch one: omnigap watch "+filepath.Join(a.dir, a.first)))
	if a.firstRec != "" {
		fmt.Fprintln(a.w, textsafe.Line("replay one: omnigap replay "+filepath.Join(a.dir, a.firstRec)+"; all of them: omnigap report "+a.dir))
	}
	return nil
}
