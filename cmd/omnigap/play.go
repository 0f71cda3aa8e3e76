package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui"
)

// playOptions are the flags of omnigap play.
type playOptions struct {
	seat      int
	as        string
	seed      int64
	recordDir string
	pace      time.Duration
	backends  backendOptions
	ref       string
	// maxUtterance caps a turn's text; 0 is run.DefaultMaxUtterance.
	maxUtterance int
}

func newPlayCmd() *cobra.Command {
	o := &playOptions{ref: library.DefaultID}
	cmd := &cobra.Command{
		Use:   "play [SCENARIO]",
		Short: "Play one seat of a scenario against an agent",
		Long: `Play one seat of an AGENTS run: you know only what that seat knows, and so
does the agent across from you. Type to speak; /help lists the moves
(/offer 120, /accept, /select NAME, /leave, ...). When the episode ends, the
reveal shows what your partner knew, what you gave away, your score, and how
a SCRIPT run of the same scenario and seed went. SCENARIO defaults to
` + library.DefaultID + `.

In the game, your role, goal and private facts (your limit, your friend
list, your item values) stand beside the dialogue; ctrl+o hides them and
shows them again, and i shows everything your seat knows. A refused move
empties the input (the refusal quotes it) and ↑ brings back earlier moves.
esc leaves the input (enter goes back to it), v opens the reveal once the
episode has ended, ? lists every key and q quits (ctrl+c while you type).`,
		Example: `  omnigap play --as buyer
  omnigap play mutualfriends/alumni-mixer --seat 0 --seed 3 --record recordings/`,
		Args: usageArgs(cobra.MaximumNArgs(1)),
		RunE: o.run,
	}
	o.addFlags(cmd, "folder to write the recording of your game")
	return cmd
}

// run plays the scenario args names, or the default one.
func (o *playOptions) run(cmd *cobra.Command, args []string) error {
	if len(args) == 1 {
		o.ref = args[0]
	}
	return o.play(cmd.Context(), cmd.OutOrStdout(), cmd.Flags().Changed("seat"))
}

// addFlags adds the flags play shares with serve.
func (o *playOptions) addFlags(cmd *cobra.Command, recordHelp string) {
	f := cmd.Flags()
	f.IntVar(&o.seat, "seat", 1, "the seat the person plays: 0 or 1 (in Craigslist 0 is the seller, 1 the buyer)")
	f.StringVar(&o.as, "as", "", "the role the person plays, e.g. buyer or seller (instead of --seat)")
	f.Int64Var(&o.seed, "seed", 1, "seed of the run")
	f.StringVar(&o.recordDir, "record", "", recordHelp)
	f.DurationVar(&o.pace, "pace", 60*time.Millisecond, "delay between streamed words of the built-in engine (0 for none)")
	addMaxUtteranceFlag(cmd, &o.maxUtterance)
	o.backends.addFlags(cmd)
}

func (o *playOptions) play(ctx context.Context, out io.Writer, seatSet bool) error {
	opts, err := o.game(seatSet)
	if err != nil {
		return err
	}
	if f, ok := out.(*os.File); !ok || !term.IsTerminal(f.Fd()) {
		return errors.New("omnigap play needs a terminal to type in")
	}
	return tui.Run(ctx, opts)
}

// game is what a person plays, for play and for each of serve's players:
// the scenario, the seat, the backends and the recording folder.
func (o *playOptions) game(seatSet bool) (tui.Options, error) {
	sc, err := library.Resolve(o.ref, o.seed)
	if err != nil {
		return tui.Options{}, err
	}
	seat, err := o.chooseSeat(sc, seatSet)
	if err != nil {
		return tui.Options{}, err
	}
	factory, err := o.backends.factory()
	if err != nil {
		return tui.Options{}, err
	}
	return tui.Options{
		Scenario: sc, Modes: []view.Mode{view.Agents}, Seed: o.seed, Pace: o.pace,
		Factory: factory, RecordDir: o.recordDir, Annotate: o.backends.annotate(leak.Annotate),
		Play: &tui.PlayOptions{Seat: seat}, MaxUtterance: o.maxUtterance,
	}, nil
}

// chooseSeat reads --seat and --as; --as names a seat by its role.
func (o *playOptions) chooseSeat(sc *scenario.Scenario, seatSet bool) (int, error) {
	if o.seat != 0 && o.seat != 1 {
		return 0, fmt.Errorf("--seat: must be 0 or 1, got %d", o.seat)
	}
	if o.as == "" {
		return o.seat, nil
	}
	var roles []string
	if same := strings.EqualFold(sc.Seats[0].Role, sc.Seats[1].Role); same && strings.EqualFold(sc.Seats[0].Role, strings.TrimSpace(o.as)) {
		if seatSet {
			return o.seat, nil
		}
		return 0, fmt.Errorf("--as %s: both seats of %s have the role %s (%s in seat 0, %s in seat 1): choose one with --seat 0 or --seat 1",
			o.as, sc.ID, sc.Seats[0].Role, sc.Seats[0].Character.Name, sc.Seats[1].Character.Name)
	}
	for i, s := range sc.Seats {
		if strings.EqualFold(s.Role, strings.TrimSpace(o.as)) {
			if seatSet && i != o.seat {
				return 0, fmt.Errorf("--as %s is seat %d, but --seat says %d", o.as, i, o.seat)
			}
			return i, nil
		}
		roles = append(roles, s.Role)
	}
	return 0, fmt.Errorf("--as: %s has no role %q (its roles are %s)", sc.ID, o.as, strings.Join(roles, " and "))
}
