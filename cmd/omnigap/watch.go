package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/cocoa"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui"
	"github.com/omnigap/omnigap/tui/plain"
)

// watchOptions are the flags shared by bare omnigap and omnigap watch.
type watchOptions struct {
	modes     string
	seed      int64
	recordDir string
	pace      time.Duration
	backends  backendOptions
	ref       string
	humans    string
	// maxUtterance caps a turn's text; 0 is run.DefaultMaxUtterance.
	maxUtterance int
	// rated are people's ratings of replayed runs (replay --ratings).
	rated *people.Study
}

func newWatchOptions() *watchOptions { return &watchOptions{ref: library.DefaultID} }

func (w *watchOptions) addFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&w.modes, "modes", "script,agents,mindreaders", "comma-separated modes to run side by side")
	f.Int64Var(&w.seed, "seed", 1, "seed of the runs")
	f.StringVar(&w.recordDir, "record", "", "folder to write one recording per pane")
	f.DurationVar(&w.pace, "pace", 60*time.Millisecond, "delay between streamed words of the built-in engine (0 for none)")
	f.StringVar(&w.humans, "humans", "", "a cocoa Deal-or-No-Deal transcript file (FILE or FILE#UUID): play its people in a HUMANS pane beside the modes, on their scenario")
	addMaxUtteranceFlag(cmd, &w.maxUtterance)
	w.backends.addFlags(cmd)
}

func newWatchCmd() *cobra.Command {
	w := newWatchOptions()
	cmd := &cobra.Command{
		Use:   "watch [SCENARIO]",
		Short: "Watch one scenario run in several modes side by side",
		Long: `Run one scenario in each mode at once and show the turns as they stream.
SCENARIO is a built-in id, a generated id such as mutualfriends/gen-7, or a
path to a scenario file; it defaults to ` + library.DefaultID + `. With
--humans FILE[#UUID], a cocoa Deal-or-No-Deal dialogue plays in a HUMANS
pane beside the modes, which run on that dialogue's scenario. When
standard output is not a terminal, the turns are printed as plain lines.

In the app, space pauses, tab moves between panes, g [ ] { } / L move
through the turns, p audits the prompts (z adds the reasoning), f forks,
t takes a seat over, c shows the simulation card, ? lists every key and
q quits.`,
		Args: usageArgs(cobra.MaximumNArgs(1)),
		RunE: w.run,
	}
	w.addFlags(cmd)
	return cmd
}

// run watches the scenario args names, or the default one.
func (w *watchOptions) run(cmd *cobra.Command, args []string) error {
	if len(args) == 1 {
		if w.humans != "" {
			return fmt.Errorf("--humans plays the transcript's own scenario; leave out %s", args[0])
		}
		w.ref = args[0]
	}
	return w.watch(cmd.Context(), cmd.OutOrStdout())
}

// watchSetup is everything a front end needs to start the panes.
type watchSetup struct {
	scenario *scenario.Scenario
	modes    []view.Mode
	factory  episode.Factory
	// sources names the recording each mode replays (omnigap replay).
	sources map[view.Mode]string
	// speeder sets the replays' speed against their recorded timing;
	// untimed says their recordings have none and they stream at the pace.
	speeder tui.Speeder
	untimed bool
	// comparisons, when set, are every scenario of a replay of several,
	// this one first, shown one after another.
	comparisons []tui.Comparison
	// recordedEndpoint is the endpoint the replayed runs were made
	// against, if any, for the fork chooser's hint.
	recordedEndpoint string
	// turn, when above 0, is the turn the first pane opens at.
	turn int
}

func (w *watchOptions) setup() (*watchSetup, error) {
	modes, err := parseModes(w.modes)
	if err != nil {
		return nil, err
	}
	factory, err := w.backends.factory()
	if err != nil {
		return nil, err
	}
	if w.humans != "" {
		t, err := cocoa.Find(w.humans)
		if errors.Is(err, cocoa.ErrNotFound) {
			return nil, fmt.Errorf("--humans %w", err)
		}
		if err != nil {
			return nil, err
		}
		return &watchSetup{scenario: t.Scenario, modes: append(modes, view.Humans), factory: interop.HumansBeside{Factory: factory, Transcript: &t.Transcript}}, nil
	}
	sc, err := library.Resolve(w.ref, w.seed)
	if err != nil {
		return nil, err
	}
	return &watchSetup{scenario: sc, modes: modes, factory: factory}, nil
}

func (w *watchOptions) watch(ctx context.Context, out io.Writer) error {
	s, err := w.setup()
	if err != nil {
		return err
	}
	return w.show(ctx, out, s)
}

// show runs the panes in the TUI when out is a terminal, else as plain lines.
func (w *watchOptions) show(ctx context.Context, out io.Writer, s *watchSetup) error {
	if f, ok := out.(*os.File); ok && term.IsTerminal(f.Fd()) {
		return tui.Run(ctx, tui.Options{
			Scenario: s.scenario, Modes: s.modes, Seed: w.seed, Pace: w.pace,
			Factory: s.factory, RecordDir: w.recordDir, Annotate: w.backends.annotate(leak.Annotate),
			ForkBackends: w.forkBackends(s.scenario, s.recordedEndpoint), Sources: s.sources, Replay: s.speeder,
			Untimed: s.untimed, Comparisons: s.comparisons, MaxUtterance: w.maxUtterance, Rated: w.rated, Turn: s.turn,
		})
	}
	if s.comparisons != nil {
		return w.printComparisons(ctx, out, s.comparisons)
	}
	if s.speeder != nil {
		s.speeder.SetSpeed(0) // plain lines come at once
	}
	return w.printPlain(ctx, out, s)
}

// printComparisons prints each comparison's runs as plain lines, one
// scenario after another.
func (w *watchOptions) printComparisons(ctx context.Context, out io.Writer, comps []tui.Comparison) error {
	for _, c := range comps {
		if c.Replay != nil {
			c.Replay.SetSpeed(0) // plain lines come at once
		}
		w.seed = c.Seed
		if err := w.printPlain(ctx, out, &watchSetup{scenario: c.Scenario, modes: c.Modes, factory: c.Factory}); err != nil {
			return err
		}
	}
	return nil
}

// forkBackends are what may play a fork's new turns: the built-in engine,
// and the endpoint the backend flags and config describe. Without one,
// the chooser names the endpoint the replayed runs used (recorded), if any.
func (w *watchOptions) forkBackends(sc *scenario.Scenario, recorded string) []tui.ForkBackend {
	out := []tui.ForkBackend{{Key: "b", Label: "built-in engine", Factory: builtin.Factory{}}}
	endpoint := tui.ForkBackend{Key: "e", Label: "endpoint: give --base-url or OPENAI_API_KEY"}
	if recorded != "" {
		endpoint.Label = "endpoint: give --base-url " + textsafe.Clean(recorded) + " (recorded)"
	}
	f, err := w.backends.factory()
	switch {
	case err != nil:
		endpoint.Label = "endpoint: " + err.Error()
	case f != episode.Factory(builtin.Factory{}):
		endpoint.Factory, endpoint.Label = f, "the endpoint"
		if sc == nil {
			break // no scenario yet to name the model by (browse)
		}
		if bs, err := f.Backends(sc, view.Agents, w.seed); err == nil {
			endpoint.Label = "endpoint " + bs[0].Name()
		}
	}
	return append(out, endpoint)
}

// printPlain plays the runs one after another at full speed and prints
// each turn as a line.
func (w *watchOptions) printPlain(ctx context.Context, out io.Writer, s *watchSetup) error {
	return plain.Play(ctx, out, s.scenario, s.modes, func(mode view.Mode) episode.Spec {
		return episode.Spec{
			Scenario: s.scenario, Mode: mode, Seed: w.seed, Factory: s.factory,
			Annotate: w.backends.annotate(leak.Annotate), RecordDir: w.recordDir, Buffer: 16,
			MaxUtterance: w.maxUtterance,
		}
	})
}
