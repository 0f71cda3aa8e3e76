package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/replay"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui"
)

// shippedRecordings is the folder of demo recordings in the repository.
const shippedRecordings = "recordings"

func newDemoCmd() *cobra.Command {
	w := newWatchOptions()
	cmd := &cobra.Command{
		Use:   "demo [RECORDING...]",
		Short: "Present recorded comparisons one after another, for a talk",
		Long: `Play recordings for a room: the recordings of each scenario side by side, one
scenario after another, in large high-contrast panes with a caption each
("one writer knows both sides"), the legend always in view, a stop at each
leak with a callout of what was leaked and whose fact it was, and a scoreboard
of the panes at the end of each episode. With no argument it plays the
recordings shipped in recordings/.

space continues after a leak (and pauses otherwise), n goes to the next
comparison, esc leaves the scoreboard for the dialogue and s brings it back;
g, [ ], { }, / and f work as in replay. q quits.`,
		Example: `  omnigap demo
  omnigap demo talk/*.jsonl --pace 120ms`,
		RunE: func(cmd *cobra.Command, args []string) error {
			paths := args
			if len(paths) == 0 {
				var err error
				if paths, err = record.Files(shippedRecordings); err != nil || len(paths) == 0 {
					return fmt.Errorf("no recordings named and none in ./%s: run from the repository or name recordings", shippedRecordings)
				}
			}
			comps, err := comparisons(cmd.Context(), paths)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if f, ok := out.(*os.File); !ok || !term.IsTerminal(f.Fd()) {
				for _, c := range comps {
					w.seed = c.Seed
					if err := w.printPlain(cmd.Context(), out, &watchSetup{scenario: c.Scenario, modes: c.Modes, factory: c.Factory}); err != nil {
						return err
					}
				}
				return nil
			}
			return tui.Run(cmd.Context(), tui.Options{
				Demo: &tui.DemoOptions{Comparisons: comps}, Pace: w.pace,
				Annotate: leak.Annotate, RecordDir: w.recordDir,
				ForkBackends: w.forkBackends(comps[0].Scenario, ""),
			})
		},
	}
	cmd.Flags().DurationVar(&w.pace, "pace", 80*time.Millisecond, "delay between replayed words")
	cmd.Flags().StringVar(&w.recordDir, "record", "", "folder for forks (f); default a forks/ folder beside their parent")
	w.backends.addFlags(cmd)
	return cmd
}

// comparisons groups recordings by scenario, in order of first mention,
// one comparison per scenario.
func comparisons(ctx context.Context, paths []string) ([]tui.Comparison, error) {
	var order []string
	groups := map[string][]string{}
	for _, p := range paths {
		rec, err := record.ReadHeader(ctx, p)
		if err != nil {
			return nil, err
		}
		id := rec.Header.Scenario.ID
		if _, ok := groups[id]; !ok {
			order = append(order, id)
		}
		groups[id] = append(groups[id], p)
	}
	var out []tui.Comparison
	for _, id := range order {
		set, err := replay.Open(ctx, groups[id])
		if err != nil {
			return nil, err
		}
		sources := map[view.Mode]string{}
		for _, m := range set.Modes {
			sources[m] = set.Recording(m).Path
		}
		out = append(out, tui.Comparison{Scenario: set.Scenario, Modes: set.Modes, Seed: set.Seeds[set.Modes[0]], Factory: set, Sources: sources})
	}
	return out, nil
}
