package main

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/replay"
	"github.com/omnigap/omnigap/engine/view"
)

func newReplayCmd() *cobra.Command {
	w := newWatchOptions()
	var speed float64
	cmd := &cobra.Command{
		Use:   "replay RECORDING...",
		Short: "Play recordings back side by side, one pane per mode",
		Long: `Play recorded runs of one scenario back, one pane per mode, on the same
screen and keys as a live run: every recorded event comes back as it was
recorded (turns, seats, backends, annotations, token usage, take-overs,
errors), and each run ends as its recording says; nothing is run or judged
again. A recording that was cut short plays up to where it ends. Events
come at the recorded timing (--speed 1), which + and - speed up (to 8x) and
slow down (to 0.25x); --pace streams word by word at a fixed delay instead,
as does a replay of recordings written headless (omnigap run), whose
timing would play in a flash.

f forks the focused pane after the selected turn: a new run, in a new pane,
repeats the turns up to there and plays on with the built-in engine, the
endpoint that the backend flags describe, or you in one seat. It records
into a forks/ folder beside its parent (or into --record), and its header
names the parent recording and turn.`,
		Example: `  omnigap watch --record talk/ && omnigap replay talk/*.jsonl
  omnigap replay --pace 150ms out/cl/craigslist_gen-1-script-s1.jsonl out/cl/craigslist_gen-1-agents-s1.jsonl`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			set, err := replay.Open(cmd.Context(), args)
			if err != nil {
				return err
			}
			switch {
			case cmd.Flags().Changed("pace"):
				set.SetSpeed(0)
			case !cmd.Flags().Changed("speed") && set.Untimed(cmd.Context()):
				// A headless run's timing would play in a flash: stream
				// word by word at --pace instead.
				set.SetSpeed(0)
			default:
				set.SetSpeed(speed)
			}
			w.seed = set.Seeds[set.Modes[0]]
			sources := map[view.Mode]string{}
			var endpoint string
			for _, mode := range set.Modes {
				sources[mode] = set.Recording(mode).Path
				if e := set.Recording(mode).Header.Settings["endpoint"]; e != "" {
					endpoint = e
				}
			}
			return w.show(cmd.Context(), cmd.OutOrStdout(), &watchSetup{scenario: set.Scenario, modes: set.Modes, factory: set, sources: sources, speeder: set, recordedEndpoint: endpoint})
		},
	}
	cmd.Flags().Float64Var(&speed, "speed", 1, "play at this multiple of the recorded timing, 0.25 to 8 (+ and - change it)")
	cmd.Flags().DurationVar(&w.pace, "pace", 60*time.Millisecond, "stream word by word with this delay instead of the recorded timing (0 for none)")
	cmd.Flags().StringVar(&w.recordDir, "record", "", "folder to write one recording per pane (and the forks)")
	w.backends.addFlags(cmd)
	return cmd
}
