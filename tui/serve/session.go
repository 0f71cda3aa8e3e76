package serve

import (
	"context"
	"errors"
	"fmt"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/room"
	"github.com/omnigap/omnigap/engine/run"
)

// maxEnv is how many environment variables a session may set.
const maxEnv = 32

// session answers a session channel: a terminal (pty-req), its window
// changes, a few environment variables and a shell, which is the game;
// every other request (exec, subsystem, agent or X11 forwarding, signal)
// is refused. Its request loop never waits for the game: a window change
// only replaces the latest size, so a flood of them while the game is
// blocked writing cannot stop the connection from being read.
func (s *Server) session(_ *ssh.Server, _ *gossh.ServerConn, nc gossh.NewChannel, ctx ssh.Context) {
	l, _ := ctx.Value(linkKey{}).(*link)
	if l == nil || !l.openChannel() {
		_ = nc.Reject(gossh.ResourceShortage, fmt.Sprintf("too many channels on one connection (%d allowed): a game needs one", channelsPerConn))
		return
	}
	ch, reqs, err := nc.Accept()
	if err != nil {
		return
	}
	// The game ends with the server (canceled) or with the channel
	// (disconnected), whichever comes first.
	game, stop := context.WithCancelCause(s.ctx)
	defer stop(run.Stop(event.Disconnected))
	var (
		term    string
		sizes   *Sizes
		env     []string
		started bool
	)
	for req := range reqs {
		ok := false
		switch req.Type {
		case "pty-req":
			var p struct {
				Term                             string
				Columns, Rows, WidthPx, HeightPx uint32
				Modes                            string
			}
			if sizes == nil && !started && gossh.Unmarshal(req.Payload, &p) == nil {
				term, sizes, ok = p.Term, NewSizes(int(p.Columns), int(p.Rows)), true
			}
		case "window-change":
			var w struct{ Columns, Rows, WidthPx, HeightPx uint32 }
			if sizes != nil && gossh.Unmarshal(req.Payload, &w) == nil {
				sizes.Set(int(w.Columns), int(w.Rows))
				ok = true
			}
		case "env":
			var kv struct{ Key, Value string }
			if !started && len(env) < maxEnv && gossh.Unmarshal(req.Payload, &kv) == nil {
				env, ok = append(env, kv.Key+"="+kv.Value), true
			}
		case "shell":
			if !started && s.enter() {
				started, ok = true, true
				go s.play(game, ctx, l, ch, term, sizes, env)
			}
		}
		if req.WantReply {
			_ = req.Reply(ok, nil)
		}
	}
	if !started {
		_ = ch.Close()
	}
}

// play is one shell: a game at the session's terminal, or a line saying
// why not. Whenever the session ends, however abruptly, the game's run
// stops with reason disconnected and its recording is closed before
// play returns; then the connection is closed after a moment for its
// client to close it.
func (s *Server) play(game context.Context, ctx ssh.Context, l *link, ch gossh.Channel, term string, sizes *Sizes, env []string) {
	defer s.games.Done()
	defer l.closeAfter(afterGame)
	code := 1
	defer func() {
		_, _ = ch.SendRequest("exit-status", false, gossh.Marshal(struct{ Status uint32 }{uint32(code)}))
		_ = ch.Close()
	}()
	if sizes == nil {
		fmt.Fprint(ch.Stderr(), "omnigap serve is a game for a terminal: connect with ssh -t\r\n")
		return
	}
	if !l.seated() {
		return
	}
	player := room.Player{Name: s.players.name(ctx), NamedFrom: "your SSH key (or of this session when you offered none)", Address: l.ip, Hangup: func() { l.Close() }}
	err := s.room.Play(game, player, terminal{game: s.cfg.Game, in: ch, out: ssh.NewPtyWriter(ch), env: append(env, "TERM="+term), term: term, sizes: sizes})
	var refused *room.Refused
	if errors.As(err, &refused) {
		fmt.Fprint(ch, refused.Reason+"\r\n")
		return
	}
	code = 0
}
