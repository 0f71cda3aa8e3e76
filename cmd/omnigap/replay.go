package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/replay"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui"
)

func newReplayCmd() *cobra.Command {
	w := newWatchOptions()
	var speed float64
	var ratings []string
	var episode string
	var turn int
	cmd := &cobra.Command{
		Use:   "replay RECORDING|DIR...",
		Short: "Play recordings back side by side, one pane per mode",
		Long: `Play recorded runs of one scenario back, one pane per mode, on the same
screen and keys as a live run: every recorded event comes back as it was
recorded (turns, seats, backends, annotations, token usage, take-overs,
errors), and each run ends as its recording says; nothing is run or judged
again. A recording that was cut short plays up to where it ends. Events
come at the recorded timing (--speed 1), which + and - speed up (to 8x) and
slow down (to 0.25x); --pace streams word by word at a fixed delay instead.
Recordings written headless (omnigap run, the shipped ones) hold no timing
worth following: they stream word by word at --pace divided by --speed, and
the title says "untimed recording: paced at 60 ms/word".

A folder stands for its recordings, and for those of the shard folders
in it, as report reads them. The recordings of one episode play side by
side: of one scenario and seed, or of one imported source episode.
Episodes play one after another, in the order first named: n (or →) goes
to the next, and after the last back to the first; the footer says so
once every run of an episode has ended. A second recording of an episode
in the same mode plays as another comparison of it. --episode ID opens
one episode alone, ID being what omnigap browse lists (a run id, a
source episode's id such as a Sotopia pk, or the start of one), and
--turn N opens it at turn N, played at once.

f forks the focused pane after the selected turn: a new run, in a new pane,
repeats the turns up to there and plays on with the built-in engine, the
endpoint that the backend flags describe, or you in one seat. It records
into a forks/ folder beside its parent (or into --record), and its header
names the parent recording and turn.

e shows the scores of every seat: the judges' with their reasoning and,
with --ratings, each rater's with their reason (the card, c, has them
too).`,
		Example: `  omnigap watch --record talk/ && omnigap replay talk/*.jsonl
  omnigap replay --speed 2 recordings/*.jsonl
  omnigap replay --pace 150ms out/cl/craigslist_gen-1-script-s1.jsonl out/cl/craigslist_gen-1-agents-s1.jsonl
  omnigap replay out/cl --episode craigslist_gen-7-s7 --turn 9`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return w.replayAny(cmd, args, ratings, episode, turn, speed)
		},
	}
	cmd.Flags().Float64Var(&speed, "speed", 1, "play at this multiple of the recorded timing, or of --pace for untimed recordings, 0.25 to 8 (+ and - change it)")
	cmd.Flags().DurationVar(&w.pace, "pace", 60*time.Millisecond, "stream word by word with this delay instead of the recorded timing, as untimed recordings always do (0 for none)")
	cmd.Flags().StringVar(&w.recordDir, "record", "", "folder to write one recording per pane (and the forks)")
	addRatingsFlag(cmd, &ratings)
	cmd.Flags().StringVar(&episode, "episode", "", "open this episode alone: an id omnigap browse lists (a run id, a source episode's id, or the start of one)")
	cmd.Flags().IntVar(&turn, "turn", 0, "with --episode: open it at this turn, played at once")
	w.backends.addFlags(cmd)
	return cmd
}

// replayAny plays the recordings args back, or with --episode the one
// episode named, at its turn.
func (w *watchOptions) replayAny(cmd *cobra.Command, args, ratings []string, episode string, turn int, speed float64) error {
	if episode == "" && turn == 0 {
		return w.replay(cmd, args, ratings, speed)
	}
	if episode == "" || turn < 0 {
		return fmt.Errorf("--turn N goes with --episode ID, N from 1")
	}
	return w.replayEpisode(cmd, args, ratings, episode, turn, speed)
}

// replay plays the recordings args back, at speed times their timing.
func (w *watchOptions) replay(cmd *cobra.Command, args, ratings []string, speed float64) error {
	ctx := cmd.Context()
	args, ratings = splitRatings(args, ratings)
	paths, err := recordingPaths(args, notesOf(cmd))
	if err != nil {
		return err
	}
	sets, err := replay.Group(ctx, nil, paths)
	if err != nil {
		return err
	}
	if w.rated, err = readPeople(ctx, ratings, paths, cmd.ErrOrStderr()); err != nil {
		return err
	}
	comps, untimed := replayed(ctx, sets, speed, cmd.Flags().Changed("pace"))
	if untimed {
		w.pace = time.Duration(float64(w.pace) / speed)
	}
	first := comps[0]
	w.seed = first.Seed
	setup := &watchSetup{scenario: first.Scenario, modes: first.Modes, factory: first.Factory, sources: first.Sources, speeder: first.Replay, untimed: first.Untimed, recordedEndpoint: recordedEndpoint(sets)}
	if len(comps) > 1 {
		setup.comparisons = comps
	}
	return w.show(ctx, cmd.OutOrStdout(), setup)
}

// replayed are the comparisons of sets, each replayed at speed times its
// timing, or word by word at --pace (paced): always for an untimed one
// (then untimed is set).
func replayed(ctx context.Context, sets []*replay.Set, speed float64, paced bool) (comps []tui.Comparison, untimed bool) {
	comps = make([]tui.Comparison, len(sets))
	for i, set := range sets {
		c := comparisonOf(set)
		c.Replay = set // + and - step its speed
		switch {
		case set.Untimed(ctx):
			// A headless run's timing would play in a flash: stream word
			// by word at --pace, scaled by --speed.
			set.SetSpeed(0)
			c.Untimed, untimed = true, true
		case paced:
			set.SetSpeed(0)
		default:
			set.SetSpeed(speed)
		}
		comps[i] = c
	}
	return comps, untimed
}

// recordedEndpoint is the endpoint a recording of sets names, the last
// one found.
func recordedEndpoint(sets []*replay.Set) string {
	var endpoint string
	for _, set := range sets {
		for _, mode := range set.Modes {
			if e := set.Recording(mode).Header.Settings["endpoint"]; e != "" {
				endpoint = e
			}
		}
	}
	return endpoint
}

// comparisonOf is what the app shows of a set: its scenario, one pane per
// recorded mode, and the recordings the panes replay.
func comparisonOf(set *replay.Set) tui.Comparison {
	sources := map[view.Mode]string{}
	for _, m := range set.Modes {
		sources[m] = set.Recording(m).Path
	}
	return tui.Comparison{Scenario: set.Scenario, Modes: set.Modes, Seed: set.Seeds[set.Modes[0]], Factory: set, Sources: sources}
}
