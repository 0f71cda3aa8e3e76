package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/room"
	"github.com/omnigap/omnigap/tui"
	"github.com/omnigap/omnigap/tui/console"
	"github.com/omnigap/omnigap/tui/serve"
)

// serveOptions are the flags of omnigap serve: play's, and the doors'.
type serveOptions struct {
	play     playOptions
	server   serve.Config
	http     string // the web door's address, "" for none
	code     string
	console  bool
	baseline int
}

func newServeCmd() *cobra.Command {
	o := &serveOptions{play: playOptions{ref: library.DefaultID}}
	cmd := &cobra.Command{
		Use:   "serve [SCENARIO]",
		Short: "Let an audience play a seat against the agent over SSH or from a phone's browser, and show the room's results",
		Long: `Start a room in which everyone who comes in plays their own game of
omnigap play: the same seat of the same scenario against the agent, each
game recorded to --record as a run in which a person held a seat (report
counts those in a PEOPLE column of their own). Players are named in
recordings only by a salted hash of their key, session or game.

There are two doors to one room. SSH (ssh -p 2222 HOST), at --listen,
opens unless only --http is given. The web door, --http ADDR, serves a
page a phone plays in, at the address printed (and shown as a QR code),
and a stage page for a projector at an address with a token printed on
this terminal only.

With --console the terminal shows the room live: games played, deals, goal
completion with 95% intervals, leaks and the turn where people most often
gave their limit away, beside --baseline SCRIPT and AGENTS runs of the same
scenario. Without it a line is printed as each game starts and ends.

Each door listens on loopback unless told otherwise. --listen on another
address needs --authorized-keys (only the keys listed may play) or
--public; --http on another address needs --code WORD (asked on the join
page) or --public. The host key is created once in the config folder
(mode 0600) and reused. ctrl-c (or q on the console) stops the server:
games under way end as canceled with their recordings closed. See
docs/SERVE.md.`,
		Example: `  omnigap serve --record talk/ --console
  omnigap serve --http 127.0.0.1:8080 --record talk/
  omnigap serve mutualfriends/alumni-mixer --seat 0 --listen 0.0.0.0:2222 --authorized-keys room_keys --record talk/`,
		Args: usageArgs(cobra.MaximumNArgs(1)),
		RunE: o.run,
	}
	o.play.addFlags(cmd, "folder to write each game's recording to (and the SCRIPT and AGENTS runs', under baseline/)")
	f := cmd.Flags()
	c := &o.server
	f.StringVar(&c.Listen, "listen", serve.DefaultListen, "SSH door's address; beyond loopback it needs --authorized-keys or --public")
	f.StringVar(&o.http, "http", "", "web door's address (e.g. 127.0.0.1:8080); beyond loopback it needs --code or --public; alone, it opens the web door only")
	f.StringVar(&o.code, "code", "", "room code a phone must give to join through the web door")
	f.StringVar(&c.HostKey, "host-key", "", "host key file, created (mode 0600) when missing (default: ssh_host_ed25519_key in omnigap's config folder)")
	f.StringVar(&c.AuthorizedKeys, "authorized-keys", "", "admit only the keys in this authorized_keys file")
	f.BoolVar(&c.Public, "public", false, "admit everyone on each door named beyond loopback, without --authorized-keys or --code")
	f.IntVar(&c.MaxSessions, "max-sessions", serve.DefaultMaxSessions, "most games under way at once, through both doors")
	f.IntVar(&c.MaxPerAddress, "max-per-address", 0, "most games under way from one address (0: no cap; a room behind one NAT shares an address)")
	f.DurationVar(&c.Idle, "idle", serve.DefaultIdle, "end a game after this long without input from its player, or with its client reading none of its output")
	f.DurationVar(&c.MaxTime, "max-time", serve.DefaultMaxTime, "close any player's connection (and end a web game) after this long")
	f.IntVar(&c.KeyRate, "key-rate", serve.DefaultKeyRate, "most input bytes a second from one player, after a burst of --key-burst")
	f.IntVar(&c.KeyBurst, "key-burst", serve.DefaultKeyBurst, "input bytes a player may send at once")
	f.BoolVar(&o.console, "console", false, "show the room's results live in this terminal")
	f.IntVar(&o.baseline, "baseline", 20, "SCRIPT and AGENTS runs of the scenario the console compares the room with (0: none)")
	return cmd
}

// run is serve's command: the scenario, then the room and its doors.
func (o *serveOptions) run(cmd *cobra.Command, args []string) error {
	if len(args) == 1 {
		o.play.ref = args[0]
	}
	if o.baseline < 0 {
		return fmt.Errorf("--baseline: must be 0 or more, got %d", o.baseline)
	}
	if o.code != "" && o.http == "" {
		return errors.New("--code is the web door's: give --http ADDR too")
	}
	game, err := o.play.game(cmd.Flags().Changed("seat"))
	if err != nil {
		return err
	}
	stdout := cmd.OutOrStdout()
	if o.console && !isTerminal(stdout) {
		return errors.New("omnigap serve --console needs a terminal")
	}
	d, err := o.openDoors(game, stdout, cmd.Flags().Changed("listen"))
	if err != nil {
		return err
	}
	for _, w := range d.warnings() {
		fmt.Fprintln(notesOf(cmd), w)
	}
	return o.serve(cmd.Context(), d, game, stdout, cmd.ErrOrStderr())
}

// serve runs the doors, the baseline runs and the console (or the log)
// until ctrl-c or q.
func (o *serveOptions) serve(ctx context.Context, d *doors, game tui.Options, stdout, stderr io.Writer) error {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	var wg sync.WaitGroup
	baseline := room.Baseline{Runs: o.baseline, Seed: o.play.seed, Factory: game.Factory, Annotate: game.Annotate, MaxUtterance: game.MaxUtterance}
	if game.RecordDir != "" {
		baseline.RecordDir = filepath.Join(game.RecordDir, "baseline")
	}
	wg.Go(func() {
		if err := d.room.PlayBaseline(ctx, baseline); err != nil && ctx.Err() == nil {
			fmt.Fprintf(stderr, "omnigap serve: SCRIPT and AGENTS runs: %v\n", err)
		}
	})
	serveErr := d.serve(ctx, &wg)
	err := o.show(ctx, d, game, stdout, stderr)
	stop()
	wg.Wait()
	if err == nil && ctx.Err() != nil && serveErr() == nil {
		return nil // ctrl-c: games were stopped and their recordings closed
	}
	return errors.Join(err, serveErr())
}

// show is the console, or without it the lines saying where to join,
// until ctx ends or the console is closed.
func (o *serveOptions) show(ctx context.Context, d *doors, game tui.Options, stdout, stderr io.Writer) error {
	if !o.console {
		for _, l := range d.joinLines() {
			fmt.Fprintf(stdout, "omnigap serve: %s (ctrl-c stops)\n", l)
		}
		d.printStage(stdout, stderr)
		<-ctx.Done()
		return nil
	}
	lines := d.joinLines()
	if l := d.stageLine(); l != "" {
		lines = append(lines, l)
	}
	err := console.Run(ctx, console.Options{Title: "omnigap serve · " + game.Scenario.Title, Aside: d.qr(), State: func() console.State {
		return consoleState(d.room, lines)
	}})
	if errors.Is(err, console.ErrClosed) || errors.Is(err, context.Canceled) && ctx.Err() != nil {
		return nil // q on the console, or a signal: a clean stop
	}
	return err
}

// isTerminal says whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

// consoleState is the console's view of the room and the doors.
func consoleState(people *room.Room, join []string) console.State {
	st := people.Standing()
	st.Lines = append(slices.Clip(join), st.Lines...)
	st.Lines[len(st.Lines)-1] += " · " + time.Now().Format("15:04:05")
	return st
}
