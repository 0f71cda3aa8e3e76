package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/fact/derive"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/cocoa"
	"github.com/omnigap/omnigap/engine/interop/importer"
	"github.com/omnigap/omnigap/engine/interop/sotopia/episodes"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

func newEpisodesCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "episodes",
		Short: "Bring episodes played elsewhere in as recordings",
	}
	imp := &cobra.Command{
		Use:   "import",
		Short: "Turn other tools' episodes, and people's dialogues, into omnigap recordings",
	}
	imp.AddCommand(newEpisodesSotopiaCmd(), newEpisodesCocoaCmd())
	groupRun(imp)
	cmd.AddCommand(imp)
	groupRun(cmd)
	return cmd
}

// sotopiaEpisodesOptions are the flags of episodes import sotopia.
type sotopiaEpisodesOptions struct {
	importOptions
	profiles, mode, modelName string
}

func newEpisodesSotopiaCmd() *cobra.Command {
	var o sotopiaEpisodesOptions
	cmd := &cobra.Command{
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
			return importSotopiaEpisodes(cmd.Context(), cmd.OutOrStdout(), args, o)
		},
	}
	o.addFlags(cmd, "recordings")
	f := cmd.Flags()
	f.StringVar(&o.profiles, "profiles", "", "folder of Sotopia's profile exports to join environments and characters from")
	f.StringVar(&o.mode, "mode", "", "script, agents or mindreaders for every episode (default: from each episode's tag)")
	f.StringVar(&o.modelName, "model-name", "", "name of every placeholder model (custom_model) in the files given (default: from each episode's folder or tag)")
	f.Lookup("force").Usage = "replace files already in --out, and import again episodes already there"
	return cmd
}

// importSotopiaEpisodes writes a recording per Sotopia episode of paths.
func importSotopiaEpisodes(ctx context.Context, w io.Writer, paths []string, o sotopiaEpisodesOptions) error {
	im, err := sotopiaImporter(ctx, w, paths, o)
	if err != nil {
		return err
	}
	out, err := outputDir(o.out, o.force, paths)
	if err != nil {
		return err
	}
	defer out.Close()
	a := interop.NewAccount(w, o.out, interop.Recordings)
	return accounted(ctx, a, im.Write(ctx, paths, out, a))
}

// sotopiaImporter is the importer the flags describe, its profiles read,
// or without them the episodes of paths read for their scenes' words.
func sotopiaImporter(ctx context.Context, w io.Writer, paths []string, o sotopiaEpisodesOptions) (*episodes.Importer, error) {
	im := &episodes.Importer{Known: builtinScenario(), ModelName: o.modelName, Again: o.force}
	if o.mode != "" {
		m, err := view.ParseMode(o.mode)
		if err != nil || m == view.Humans {
			return nil, fmt.Errorf("--mode %s: want script, agents or mindreaders", o.mode)
		}
		im.Mode = m
	}
	if o.profiles == "" {
		texts, err := episodes.Texts(ctx, paths)
		if err != nil {
			return nil, err
		}
		im.Words = derive.Library().With(texts)
		return im, nil
	}
	d, err := readSotopia(ctx, o.profiles)
	if err != nil {
		return nil, fmt.Errorf("--profiles: %w", err)
	}
	for _, p := range d.Problems {
		fmt.Fprintln(w, textsafe.Line("skipped profile: "+p.Error()))
	}
	im.Profiles = d
	return im, nil
}

func newEpisodesCocoaCmd() *cobra.Command {
	var o importOptions
	cmd := &cobra.Command{
		Use:   "cocoa FILE...",
		Short: "Import cocoa's Deal-or-No-Deal dialogues (people's) as one HUMANS recording each",
		Long: `Reads each FILE, a cocoa Deal-or-No-Deal transcript file (the shape of
dealornodeal/data/val.json), one dialogue at a time, and records each
dialogue in --out as a HUMANS run of its scenario: every message a turn
with the person's words, every select a select turn, each by the side that
sent it and in the order sent, played through the runner, the referee and
the annotator as any run (the outcome is computed, not copied). Each
recording holds its scenario and names its file and the dialogue's uuid;
a dialogue found twice (by its uuid, in the files given or in --out) is
imported once, with a note, and one already in --out is kept unless
--force. A dialogue that cannot be read is skipped with its index and
field. 'omnigap scenarios import cocoa FILE' writes the scenarios alone.`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return importCocoaEpisodes(cmd.Context(), cmd.OutOrStdout(), args, o)
		},
	}
	o.addFlags(cmd, "recordings")
	cmd.Flags().Lookup("force").Usage = "replace files already in --out, and import again dialogues already there"
	return cmd
}

// importCocoaEpisodes writes a HUMANS recording per dialogue of the
// transcript files at paths.
func importCocoaEpisodes(ctx context.Context, w io.Writer, paths []string, o importOptions) error {
	if err := transcriptFiles(paths); err != nil {
		return err
	}
	out, err := outputDir(o.out, o.force, paths)
	if err != nil {
		return err
	}
	defer out.Close()
	a := interop.NewAccount(w, o.out, interop.Recordings)
	return accounted(ctx, a, importer.Dialogues(ctx, paths, out, a, o.force))
}

// transcriptFiles refuses a file that is not a cocoa transcript file,
// naming the command that imports a file of cocoa scenarios.
func transcriptFiles(paths []string) error {
	for _, p := range paths {
		if cocoa.IsTranscripts(p) {
			continue
		}
		f, err := safefile.Open(p)
		if err != nil {
			return err
		}
		f.Close()
		return fmt.Errorf("%s: not a cocoa transcript file (a JSON list of dialogues with events); a file of cocoa scenarios imports with: omnigap scenarios import cocoa %s --out DIR", p, p)
	}
	return nil
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
