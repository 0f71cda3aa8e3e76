package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/tui"
	"github.com/omnigap/omnigap/tui/console"
	"github.com/omnigap/omnigap/tui/serve"
	"github.com/omnigap/omnigap/tui/serve/room"
)

// serveOptions are the flags of omnigap serve: play's, and the server's.
type serveOptions struct {
	play     playOptions
	server   serve.Config
	console  bool
	baseline int
}

func newServeCmd() *cobra.Command {
	o := &serveOptions{play: playOptions{ref: library.DefaultID}}
	cmd := &cobra.Command{
		Use:   "serve [SCENARIO]",
		Short: "Let an audience play a seat against the agent over SSH, and show the room's results",
		Long: `Start an SSH server on which everyone who connects (ssh -p 2222 HOST) plays
their own game of omnigap play: the same seat of the same scenario against
the agent, at their own terminal size, each game recorded to --record as a
run in which a person held a seat (report counts those in a PEOPLE column
of their own). Players are named in recordings only by a salted hash of
their key or session.

With --console the terminal shows the room live: games played, deals, goal
completion with 95% intervals, leaks and the turn where people most often
gave their limit away, beside --baseline SCRIPT and AGENTS runs of the same
scenario. Without it a line is printed as each game starts and ends.

It listens on loopback unless --listen says otherwise; another address
needs --authorized-keys (only the keys listed may play) or --public. The
host key is created once in the config folder (mode 0600) and reused.
ctrl-c (or q on the console) stops the server: games under way end as
canceled with their recordings closed. See docs/SERVE.md.`,
		Example: `  omnigap serve --record talk/ --console
  omnigap serve mutualfriends/alumni-mixer --seat 0 --listen 0.0.0.0:2222 --authorized-keys room_keys --record talk/`,
		Args: usageArgs(cobra.MaximumNArgs(1)),
		RunE: o.run,
	}
	o.play.addFlags(cmd, "folder to write each game's recording to (and the SCRIPT and AGENTS runs', under baseline/)")
	f := cmd.Flags()
	c := &o.server
	f.StringVar(&c.Listen, "listen", serve.DefaultListen, "address to listen on; beyond loopback it needs --authorized-keys or --public")
	f.StringVar(&c.HostKey, "host-key", "", "host key file, created (mode 0600) when missing (default: ssh_host_ed25519_key in omnigap's config folder)")
	f.StringVar(&c.AuthorizedKeys, "authorized-keys", "", "admit only the keys in this authorized_keys file")
	f.BoolVar(&c.Public, "public", false, "admit everyone on an address beyond loopback, without --authorized-keys")
	f.IntVar(&c.MaxSessions, "max-sessions", serve.DefaultMaxSessions, "most games under way at once")
	f.IntVar(&c.MaxPerAddress, "max-per-address", 0, "most games under way from one address (0: no cap; a room behind one NAT shares an address)")
	f.DurationVar(&c.Idle, "idle", serve.DefaultIdle, "end a game after this long without a key from its player, or with its client reading none of its output")
	f.DurationVar(&c.MaxTime, "max-time", serve.DefaultMaxTime, "close any connection after this long")
	f.IntVar(&c.KeyRate, "key-rate", serve.DefaultKeyRate, "most input bytes a second from one player, after a burst of --key-burst")
	f.IntVar(&c.KeyBurst, "key-burst", serve.DefaultKeyBurst, "input bytes a player may send at once")
	f.BoolVar(&o.console, "console", false, "show the room's results live in this terminal")
	f.IntVar(&o.baseline, "baseline", 20, "SCRIPT and AGENTS runs of the scenario the console compares the room with (0: none)")
	return cmd
}

// run serves the scenario args names, or the default one.
func (o *serveOptions) run(cmd *cobra.Command, args []string) error {
	if len(args) == 1 {
		o.play.ref = args[0]
	}
	return o.serve(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), cmd.Flags().Changed("seat"))
}

func (o *serveOptions) serve(ctx context.Context, stdout, stderr io.Writer, seatSet bool) error {
	srv, game, err := o.newServer(stdout, stderr, seatSet)
	if err != nil {
		return err
	}
	people := srv.Room()
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	var wg sync.WaitGroup
	baseline := room.Baseline{Runs: o.baseline, Seed: o.play.seed, Factory: game.Factory, Annotate: game.Annotate, MaxUtterance: game.MaxUtterance}
	if game.RecordDir != "" {
		baseline.RecordDir = filepath.Join(game.RecordDir, "baseline")
	}
	wg.Go(func() {
		if err := people.PlayBaseline(ctx, baseline); err != nil && ctx.Err() == nil {
			fmt.Fprintf(stderr, "omnigap serve: SCRIPT and AGENTS runs: %v\n", err)
		}
	})
	connect := connectLine(srv)
	var serveErr error
	wg.Go(func() { serveErr = srv.Serve(ctx) })
	err = o.show(ctx, stdout, people, connect, game.Scenario.Title)
	stop()
	wg.Wait()
	if err == nil && ctx.Err() != nil && serveErr == nil {
		// ctrl-c: games were stopped and their recordings closed.
		return nil
	}
	return errors.Join(err, serveErr)
}

// newServer is the server the flags describe, of the game they name.
func (o *serveOptions) newServer(stdout, stderr io.Writer, seatSet bool) (*serve.Server, tui.Options, error) {
	if o.baseline < 0 {
		return nil, tui.Options{}, fmt.Errorf("--baseline: must be 0 or more, got %d", o.baseline)
	}
	game, err := o.play.game(seatSet)
	if err != nil {
		return nil, game, err
	}
	if o.console {
		if f, ok := stdout.(*os.File); !ok || !term.IsTerminal(f.Fd()) {
			return nil, game, errors.New("omnigap serve --console needs a terminal")
		}
	}
	cfg := o.server
	cfg.Game = game
	cfg.Welcome = fmt.Sprintf("Welcome to %s: you are one of the audience, each in a game of your own.", game.Scenario.Title)
	if !o.console {
		cfg.Log = stdout
	}
	srv, err := serve.New(cfg)
	if err != nil {
		return nil, game, err
	}
	if srv.Warning != "" {
		fmt.Fprintln(stderr, srv.Warning)
	}
	return srv, game, nil
}

// show shows the room on the console until it is closed, or says how to
// connect, until ctx ends.
func (o *serveOptions) show(ctx context.Context, stdout io.Writer, people *room.Room, connect, title string) error {
	if !o.console {
		fmt.Fprintf(stdout, "omnigap serve: %s (ctrl-c stops)\n", connect)
		<-ctx.Done()
		return nil
	}
	err := console.Run(ctx, console.Options{Title: "omnigap serve · " + title, State: func() console.State {
		return consoleState(people, connect)
	}})
	if errors.Is(err, console.ErrClosed) || errors.Is(err, context.Canceled) && ctx.Err() != nil {
		err = nil // q on the console, or a signal: a clean stop
	}
	return err
}

// connectLine tells players how to connect.
func connectLine(srv *serve.Server) string {
	host, port, err := net.SplitHostPort(srv.Addr().String())
	if err != nil {
		return "players connect to " + srv.Addr().String()
	}
	return fmt.Sprintf("players connect with: ssh -p %s %s", port, host)
}

// consoleState is the console's view of the room and the server.
func consoleState(people *room.Room, connect string) console.State {
	st := people.Standing()
	st.Lines = append([]string{connect}, st.Lines...)
	st.Lines[len(st.Lines)-1] += " · " + time.Now().Format("15:04:05")
	return st
}
