package serve

import (
	"context"
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"github.com/charmbracelet/colorprofile"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/tui"
)

// handle is one SSH session: a game of the play model at the client's
// terminal size, or a line saying why not. Whenever the session ends,
// however abruptly, the game's run stops with reason disconnected and
// its recording is closed before handle returns.
func (s *Server) handle(sess ssh.Session) {
	if !s.enter() {
		return
	}
	defer s.games.Done()
	pty, windows, ok := sess.Pty()
	if !ok {
		fmt.Fprint(sess.Stderr(), "omnigap serve is a game for a terminal: connect with ssh -t\r\n")
		_ = sess.Exit(1)
		return
	}
	if !s.seats.take(sess.RemoteAddr()) {
		fmt.Fprintf(sess, "The room is full (%d games under way). Try again in a minute.\n", s.seats.inUse())
		_ = sess.Exit(1)
		go drain(windows)
		return
	}
	defer s.seats.give(sess.RemoteAddr())
	s.served.Add(1)

	// The game's context ends with the server (canceled) or with the
	// session (disconnected), whichever comes first.
	ctx, stop := context.WithCancelCause(s.ctx)
	defer stop(nil)
	unwatch := context.AfterFunc(sess.Context(), func() { stop(run.Stop(event.Disconnected)) })
	defer unwatch()

	player := s.players.name(sess)
	sizes := make(chan tea.Msg)
	go relaySizes(ctx, windows, sizes)
	opts := s.gameOptions(ctx, sess, pty, player)
	opts.Messages = sizes
	s.logf("game started: player %s, %d under way", player, s.seats.inUse())
	err := tui.Run(ctx, opts)
	stop(nil)
	if err != nil && ctx.Err() == nil {
		s.logf("game of %s: %v", player, err)
	}
	s.logf("game ended: player %s", player)
	_ = sess.Exit(0)
}

// gameOptions are the configured game for one session: its own welcome,
// player name, input, output, size and limits.
func (s *Server) gameOptions(ctx context.Context, sess ssh.Session, pty ssh.Pty, player string) tui.Options {
	opts := s.cfg.Game
	play := *opts.Play
	play.Welcome = s.welcome(player)
	play.Once = true
	opts.Play = &play
	opts.Player = player
	// Quitting before the end leaves the game as a disconnect does.
	opts.QuitCause = run.Stop(event.Disconnected)
	opts.Recorded = s.cfg.Finished
	env := append(sess.Environ(), "TERM="+pty.Term)
	w, h := clampSize(pty.Window.Width, pty.Window.Height)
	opts.Program = append(slices.Clip(opts.Program),
		tea.WithInput(newRateReader(ctx, sess, s.cfg.KeyRate, s.cfg.KeyBurst)),
		tea.WithOutput(sess),
		tea.WithEnvironment(env),
		tea.WithColorProfile(colorprofile.Env(env)),
		tea.WithWindowSize(w, h),
		tea.WithFilter(filter),
		tea.WithoutSignalHandler(),
	)
	return opts
}

// welcome is the host's text, then what is recorded of the player.
func (s *Server) welcome(player string) string {
	text := s.cfg.Welcome
	if s.cfg.Game.RecordDir != "" {
		if text != "" {
			text += "\n\n"
		}
		text += fmt.Sprintf("Your game is recorded under the name %s: a salted hash of your SSH key (or of this session when you offered none), never your name, address or key.", player)
	}
	return text
}

// relaySizes hands the session's window changes to the game until it
// ends, then drains them until the session's requests end (a request
// loop blocked on an unread window change would outlive the session).
func relaySizes(ctx context.Context, windows <-chan ssh.Window, out chan<- tea.Msg) {
	for w := range windows {
		select {
		case out <- tea.WindowSizeMsg{Width: w.Width, Height: w.Height}:
		case <-ctx.Done():
		}
	}
}

// drain reads window changes nobody shows until the session ends.
func drain(windows <-chan ssh.Window) {
	for range windows {
	}
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Log != nil {
		fmt.Fprintf(s.cfg.Log, format+"\n", args...)
	}
}
