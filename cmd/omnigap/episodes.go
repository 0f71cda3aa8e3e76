package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/engine/interop/sotopia/episodes"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

func newEpisodesCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "episodes",
		Short: "Bring episodes played elsewhere in as recordings",
	}
	var out, profiles, mode, modelName string
	var force bool
	sot := &cobra.Command{
		Use:   "sotopia FILE|DIR...",
		Short: "Import Sotopia episodes (episodes_to_jsonl, EpisodeLog, rewards_prompt) as one recording each",
		Long: `Reads Sotopia episodes from each FILE, or every .json and .jsonl file under
each DIR (links are not followed): lines of Sotopia's episodes_to_jsonl
export, raw EpisodeLog records (one a line or one a file, also JSON-encoded
as a string), and evaluation records that keep only rewards_prompt. Each
episode becomes one recording in --out, its turns as they happened, its
mode from its tag (a word "script" is SCRIPT, "omniscient" or
"mindreaders" MINDREADERS, anything else AGENTS; --mode for every file),
its models as the seats' players (a placeholder such as custom_model
named from the episode's folder or tag, or --model-name) and its
evaluator's scores as imported judge scores; its header names the file,
form and episode id. An episode found twice (by its id, in the files
given or in --out) is imported once, with a note: a copy with the
evaluator's scores wins over one without; one already in --out is kept
unless --force. With
--profiles (the folder of Sotopia's four *_to_jsonl files, as for
'scenarios import sotopia') an episode's environment and characters come
from there; without them, or for an environment they lack, from the
episode's own text. Episodes of one pair share a scenario id, so replay
shows its SCRIPT and AGENTS episodes side by side. A record that cannot
be read is skipped with its file, line and field; a file already in --out
is kept unless --force. docs/IMPORT.md, "Your Sotopia runs".`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, w := cmd.Context(), cmd.OutOrStdout()
			im := &episodes.Importer{Known: builtinScenario(), ModelName: modelName, Again: force}
			if mode != "" {
				m, err := view.ParseMode(mode)
				if err != nil || m == view.Humans {
					return fmt.Errorf("--mode %s: want script, agents or mindreaders", mode)
				}
				im.Mode = m
			}
			if profiles != "" {
				d, err := unlessInterrupted(ctx, func() (*sotopia.Data, error) { return sotopia.Read(profiles) })
				if errors.Is(err, fs.ErrNotExist) {
					return fmt.Errorf("--profiles: %w\n%s is not a Sotopia export: it needs environment_profiles.jsonl, agent_profiles.jsonl, relationship_profiles.jsonl and env_agent_combo_storages.jsonl (docs/IMPORT.md)", err, profiles)
				}
				if err != nil {
					return fmt.Errorf("--profiles: %w", err)
				}
				for _, p := range d.Problems {
					fmt.Fprintln(w, textsafe.Line("skipped profile: "+p.Error()))
				}
				im.Profiles = d
			}
			dir, err := outputDir(out, force, args)
			if err != nil {
				return err
			}
			defer dir.Close()
			var written, skipped, noted, repeated int
			first := ""
			err = im.Write(ctx, args, dir, episodes.Progress{
				Skipped: func(p interop.Problem) {
					skipped++
					fmt.Fprintln(w, textsafe.Line("skipped: "+p.Error()))
				},
				Noted: func(at interop.Position, note string) {
					noted++
					fmt.Fprintln(w, textsafe.Line("note: "+at.String()+": "+note))
				},
				Wrote: func(name string, _ *episodes.Imported) {
					if written++; first == "" {
						first = name
					}
				},
				Repeated: func(r episodes.Repeat) {
					repeated++
					if r.Replaced != "" && r.Replaced == first {
						first = r.Recording
					}
					fmt.Fprintln(w, textsafe.Line("note: "+r.String()))
				},
			})
			if ctx.Err() != nil {
				fmt.Fprintf(w, "interrupted: %d recordings written to %s, %d skipped%s\n", written, textsafe.Line(out), skipped, repeats(repeated))
				return errInterrupted
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "%d recordings written to %s, %d skipped%s\n", written, textsafe.Line(out), skipped, repeats(repeated))
			if written == 0 && repeated == 0 {
				return fmt.Errorf("nothing imported: no episode could be read (the reasons are above)")
			}
			if first != "" {
				fmt.Fprintln(w, textsafe.Line("replay one: omnigap replay "+filepath.Join(out, first)+"; all of them: omnigap report "+out))
			}
			return nil
		},
	}
	sot.Flags().StringVar(&out, "out", "", "directory to write the recordings to (required)")
	sot.Flags().StringVar(&profiles, "profiles", "", "folder of Sotopia's profile exports to join environments and characters from")
	sot.Flags().StringVar(&mode, "mode", "", "script, agents or mindreaders for every episode (default: from each episode's tag)")
	sot.Flags().StringVar(&modelName, "model-name", "", "name of every placeholder model (custom_model) in the files given (default: from each episode's folder or tag)")
	sot.Flags().BoolVar(&force, "force", false, "replace files already in --out, and import again episodes already there")
	_ = sot.MarkFlagRequired("out")
	imp := &cobra.Command{
		Use:   "import",
		Short: "Turn other tools' episodes into omnigap recordings",
	}
	imp.AddCommand(sot)
	groupRun(imp)
	cmd.AddCommand(imp)
	groupRun(cmd)
	return cmd
}

// repeats counts the episodes found again in the import's account.
func repeats(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return ", 1 episode found again (imported once, as the note says)"
	}
	return fmt.Sprintf(", %d episodes found again (each imported once, as the notes say)", n)
}

// builtinScenario finds a built-in scenario by id: an episode that
// omnigap exported names its scenario as its environment.
func builtinScenario() func(id string) *scenario.Scenario {
	var byID map[string]*scenario.Scenario
	return func(id string) *scenario.Scenario {
		if byID == nil {
			byID = map[string]*scenario.Scenario{}
			all, _ := library.Builtin()
			for _, sc := range all {
				byID[sc.ID] = sc
			}
		}
		return byID[id]
	}
}
