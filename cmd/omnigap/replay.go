package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/replay"
	"github.com/omnigap/omnigap/engine/textsafe"
)

func newReplayCmd() *cobra.Command {
	w := newWatchOptions()
	cmd := &cobra.Command{
		Use:   "replay RECORDING...",
		Short: "Play recordings back side by side, one pane per mode",
		Long: `Play recorded runs of one scenario back, one pane per mode, through the same
screen, annotator and keys as a live run: what a speaker replays is what was
recorded. A recording that was cut short plays up to where it ends.`,
		Example: `  omnigap watch --record talk/ && omnigap replay talk/*.jsonl
  omnigap replay --pace 150ms out/cl/craigslist_gen-1-script-s1.jsonl out/cl/craigslist_gen-1-agents-s1.jsonl`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			set, err := replay.Open(args)
			if err != nil {
				return err
			}
			for _, mode := range set.Modes {
				if rec := set.Recording(mode); rec.Footer == nil {
					fmt.Fprintln(cmd.ErrOrStderr(), "omnigap:", textsafe.Clean(rec.EndNote()))
				}
			}
			w.seed = set.Seeds[set.Modes[0]]
			return w.show(cmd.Context(), cmd.OutOrStdout(), &watchSetup{scenario: set.Scenario, modes: set.Modes, factory: set})
		},
	}
	cmd.Flags().DurationVar(&w.pace, "pace", 60*time.Millisecond, "delay between replayed words (0 for none)")
	return cmd
}
