package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"

	"github.com/omnigap/omnigap/engine/room"
	"github.com/omnigap/omnigap/engine/room/web"
	"github.com/omnigap/omnigap/tui"
	"github.com/omnigap/omnigap/tui/serve"
)

// doors are serve's room and the doors open to it: SSH, the web, or
// both.
type doors struct {
	room *room.Room
	ssh  *serve.Server
	web  *web.Server
}

// openDoors makes the room and opens the doors the flags name: SSH
// unless only --http is given, and the web with --http.
func (o *serveOptions) openDoors(game tui.Options, log io.Writer, listenSet bool) (*doors, error) {
	cfg := o.server
	r, err := room.New(room.Config{Setup: serve.SetupOf(game), Log: o.log(log),
		Welcome: fmt.Sprintf("Welcome to %s: you are one of the audience, each in a game of your own.", game.Scenario.Title),
		Limits:  room.Limits{MaxSessions: cfg.MaxSessions, MaxPerAddress: cfg.MaxPerAddress, Idle: cfg.Idle, KeyRate: cfg.KeyRate, KeyBurst: cfg.KeyBurst}})
	if err != nil {
		return nil, err
	}
	d := &doors{room: r}
	if o.http != "" {
		if d.web, err = web.New(web.Config{Listen: o.http, Public: cfg.Public, Code: o.code, MaxTime: cfg.MaxTime, Room: r}); err != nil {
			return nil, err
		}
	}
	if o.http == "" || listenSet {
		cfg.Game, cfg.Room = game, r
		if d.ssh, err = serve.New(cfg); err != nil {
			return nil, errors.Join(err, d.closeWeb())
		}
	}
	return d, nil
}

// log is where the room's lines go: the terminal, unless the console
// has it.
func (o *serveOptions) log(stdout io.Writer) io.Writer {
	if o.console {
		return nil
	}
	return stdout
}

// closeWeb closes a web door that will not serve.
func (d *doors) closeWeb() error {
	if d.web == nil {
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return d.web.Serve(ctx)
}

// warnings are what the open doors tell the host.
func (d *doors) warnings() []string {
	var out []string
	if d.ssh != nil && d.ssh.Warning != "" {
		out = append(out, d.ssh.Warning)
	}
	if d.web != nil && d.web.Warning != "" {
		out = append(out, d.web.Warning)
	}
	return out
}

// serve runs the doors in wg until ctx ends; the returned function
// says, once wg is done, how they ended.
func (d *doors) serve(ctx context.Context, wg *sync.WaitGroup) func() error {
	var sshErr, webErr error
	if d.ssh != nil {
		wg.Go(func() { sshErr = d.ssh.Serve(ctx) })
	}
	if d.web != nil {
		wg.Go(func() { webErr = d.web.Serve(ctx) })
	}
	return func() error { return errors.Join(sshErr, webErr) }
}

// joinLines tell players how to come in, a line a door.
func (d *doors) joinLines() []string {
	var out []string
	if d.ssh != nil {
		out = append(out, connectLine(d.ssh))
	}
	if d.web != nil {
		l := "phones join at " + d.web.JoinURL()
		if c := d.web.Code(); c != "" {
			l += " with the room code " + c
		}
		out = append(out, l)
	}
	return out
}

// stageLine is the stage's address, for the host's terminal only.
func (d *doors) stageLine() string {
	if d.web == nil {
		return ""
	}
	return "stage (for the projector; keep this address to yourself): " + d.web.StageURL()
}

// printStage prints the stage's address on the host's terminal: stdout
// when it is one, else stderr when it is one, else nowhere (a log could
// keep it).
func (d *doors) printStage(stdout, stderr io.Writer) {
	if d.web == nil {
		return
	}
	for _, w := range []io.Writer{stdout, stderr} {
		if isTerminal(w) {
			fmt.Fprintf(w, "omnigap serve: %s\n", d.stageLine())
			return
		}
	}
	fmt.Fprintln(stderr, "omnigap serve: the stage's address is printed only on a terminal (run serve in one, or with --console)")
}

// qr is the join address's QR code in half blocks, for the console.
func (d *doors) qr() []string {
	if d.web == nil {
		return nil
	}
	lines, err := web.QRLines(d.web.JoinURL())
	if err != nil {
		return nil
	}
	return lines
}

// connectLine tells players how to connect over SSH.
func connectLine(srv *serve.Server) string {
	host, port, err := net.SplitHostPort(srv.Addr().String())
	if err != nil {
		return "players connect to " + srv.Addr().String()
	}
	return fmt.Sprintf("players connect with: ssh -p %s %s", port, host)
}
