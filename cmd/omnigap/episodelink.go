package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/browse"
	"github.com/omnigap/omnigap/engine/replay"
	"github.com/omnigap/omnigap/engine/study"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui"
)

// recordingPaths are the files args name, in the order named: a folder
// stands for its recordings (and those of the shard folders in it), as
// report reads it.
func recordingPaths(args []string, stderr io.Writer) ([]string, error) {
	var paths []string
	for _, arg := range args {
		if st, err := os.Stat(arg); err != nil || !st.IsDir() {
			paths = append(paths, arg) // the replay says what is wrong with it
			continue
		}
		sources, err := study.Gather([]string{arg}, false, stderr)
		if err != nil {
			return nil, err
		}
		for _, s := range sources {
			paths = append(paths, s.Path)
		}
	}
	return paths, nil
}

// groupComparison is a group's recordings as the app shows them side by
// side, played at once (a transcript's dialogue played through the
// runner, the others replayed).
func groupComparison(ctx context.Context, g *browse.Group) (tui.Comparison, error) {
	if r := g.Runs[0]; len(g.Runs) == 1 && r.Dialogue != nil {
		d := r.Dialogue
		return tui.Comparison{Scenario: d.Scenario, Modes: []view.Mode{d.Mode}, Factory: d}, nil
	}
	paths := make([]string, len(g.Runs))
	for i, r := range g.Runs {
		paths[i] = r.Path
	}
	set, err := replay.Open(ctx, paths)
	if err != nil {
		return tui.Comparison{}, err
	}
	set.SetSpeed(0)
	c := comparisonOf(set)
	c.Replay = set
	return c, nil
}

// replayEpisode opens the episode id names among args' recordings
// (browse.Index.Find), at turn when it is above 0: played at once, so
// the turn is there to read.
func (w *watchOptions) replayEpisode(cmd *cobra.Command, args, ratings []string, id string, turn int, speed float64) error {
	ctx := cmd.Context()
	args, ratings = splitRatings(args, ratings)
	ix, err := unlessInterrupted(ctx, func() (*browse.Index, error) { return browse.Read(ctx, args, cmd.ErrOrStderr(), nil) })
	if err != nil {
		return err
	}
	g, err := ix.Find(id)
	if err != nil {
		return err
	}
	// Joined over every recording read, as browse joins them.
	if w.rated, err = readPeople(ctx, ratings, ix.Paths(), cmd.ErrOrStderr()); err != nil {
		return err
	}
	c, err := groupComparison(ctx, g)
	if err != nil {
		return fmt.Errorf("episode %s: %w", g.ID, err)
	}
	w.seed = c.Seed
	if s, ok := c.Replay.(*replay.Set); ok && turn == 0 {
		// Without a turn to go to, the episode plays as any replay.
		comps, untimed := replayed(ctx, []*replay.Set{s}, speed, cmd.Flags().Changed("pace"))
		c = comps[0]
		if untimed {
			w.pace = time.Duration(float64(w.pace) / speed)
		}
	} else {
		w.pace = 0
	}
	setup := &watchSetup{scenario: c.Scenario, modes: c.Modes, factory: c.Factory, sources: c.Sources, speeder: c.Replay, untimed: c.Untimed, turn: turn}
	return w.show(ctx, cmd.OutOrStdout(), setup)
}
