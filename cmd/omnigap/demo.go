package main

import (
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/replay"
	demoRecordings "github.com/omnigap/omnigap/recordings"
	"github.com/omnigap/omnigap/tui"
)

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
comparisons built into omnigap (the recordings shipped in the repository's
recordings/ folder), from any folder; recordings of your own play when
named.

space continues after a leak (and pauses otherwise), n goes to the next
comparison, esc leaves the scoreboard for the dialogue and s brings it back;
g, [ ], { }, / and f work as in replay. q quits.`,
		Example: `  omnigap demo
  omnigap demo talk/*.jsonl --pace 120ms`,
		RunE: func(cmd *cobra.Command, args []string) error { return w.demo(cmd, args) },
	}
	cmd.Flags().DurationVar(&w.pace, "pace", 80*time.Millisecond, "delay between replayed words")
	cmd.Flags().StringVar(&w.recordDir, "record", "", "folder for forks (f); default a forks/ folder beside their parent")
	w.backends.addFlags(cmd)
	return cmd
}

// demo presents the recordings args, or with none the comparisons built
// into omnigap, on the terminal, or prints them when there is none.
func (w *watchOptions) demo(cmd *cobra.Command, args []string) error {
	// With no files named, the comparisons built into the binary
	// play, wherever it runs and whatever ./recordings holds.
	var fsys fs.FS
	names := args
	if len(names) == 0 {
		fsys, names = demoRecordings.Shipped()
	}
	sets, err := replay.Group(cmd.Context(), fsys, names)
	if err != nil {
		if fsys == nil {
			err = fmt.Errorf("%w; with no argument demo plays the comparisons built into omnigap", err)
		}
		return err
	}
	comps := make([]tui.Comparison, len(sets))
	for i, set := range sets {
		comps[i] = comparisonOf(set)
	}
	out := cmd.OutOrStdout()
	if f, ok := out.(*os.File); !ok || !term.IsTerminal(f.Fd()) {
		return w.printComparisons(cmd.Context(), out, comps)
	}
	return tui.Run(cmd.Context(), tui.Options{
		Demo: &tui.DemoOptions{Comparisons: comps}, Pace: w.pace,
		Annotate: leak.Annotate, RecordDir: w.recordDir,
		ForkBackends: w.forkBackends(comps[0].Scenario, ""),
	})
}
