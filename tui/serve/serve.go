// Package serve is omnigap serve's SSH door (charm.land/wish): it
// authenticates people, names them by a salted hash, and hands each
// session to the room (engine/room) with a game at its terminal, omnigap
// play's model; the room plays the games and tallies them for the
// speaker's console.
//
// The server is closed by default: it listens on loopback unless told
// otherwise, refuses other addresses without a list of admitted keys
// (or --public), bounds connections in all, per address, before and
// after the handshake and per connection (channels), closes a connection
// that has no game within seconds, and offers no shell, exec, subsystem,
// port or agent forwarding or file transfer: a session is a game or
// nothing.
package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"

	"github.com/omnigap/omnigap/engine/room"
	"github.com/omnigap/omnigap/tui"
)

// Defaults of the limits (docs/SERVE.md).
const (
	DefaultListen      = "127.0.0.1:2222"
	DefaultMaxSessions = room.DefaultMaxSessions
	DefaultIdle        = room.DefaultIdle
	DefaultMaxTime     = time.Hour
	DefaultKeyRate     = room.DefaultKeyRate
	DefaultKeyBurst    = room.DefaultKeyBurst
	// handshakeTimeout bounds a connection that never finishes the SSH
	// handshake; spareConns is how many connections beyond the session
	// cap may be mid-handshake or refused at once.
	handshakeTimeout = 10 * time.Second
	spareConns       = 16
	// waitForGame is how long a connection may stay open without a game
	// (handshake included, keepalives or not); afterGame how long one
	// whose game has ended may stay for its client to close it.
	waitForGame = 20 * time.Second
	afterGame   = 2 * time.Second
	// channelsPerConn is how many session channels one connection may
	// open in its life: a game needs one.
	channelsPerConn = 4
)

// Config says what to serve and how closely.
type Config struct {
	Listen string
	// HostKey is the host key file, created when missing; "" is
	// DefaultHostKey().
	HostKey string
	// AuthorizedKeys, when set, admits only the keys it lists.
	AuthorizedKeys string
	// Public allows an address beyond loopback without AuthorizedKeys.
	Public bool
	// MaxSessions caps the games under way; MaxPerAddress, when above 0,
	// the games from one address (off by default: a room behind one NAT
	// shares an address).
	MaxSessions, MaxPerAddress int
	// Idle ends a game whose player sends nothing, or whose client reads
	// nothing, for this long; MaxTime closes any connection after this
	// long.
	Idle, MaxTime time.Duration
	// KeyRate and KeyBurst limit a player's input.
	KeyRate, KeyBurst int
	// Game is what every player plays (tui.Options with Play set): the
	// room's setup when Room is nil, and the look of the game in any case.
	Game tui.Options
	// Welcome is the host's text at the top of each game's first screen.
	Welcome string
	// Log, when set, gets a line as each game starts and ends, and each
	// failure of a game.
	Log io.Writer
	// Room, when set, is the room the players play in, shared with the
	// other doors; its setup, welcome, limits and log stand for the
	// fields above. When nil the server makes one of them.
	Room *room.Room
}

// SetupOf is what a played game (tui.Options with Play set) plays, for
// a room.
func SetupOf(o tui.Options) room.Setup {
	s := room.Setup{Scenario: o.Scenario, Seed: o.Seed, Pace: o.Pace, Factory: o.Factory,
		Annotate: o.Annotate, RecordDir: o.RecordDir, MaxUtterance: o.MaxUtterance}
	if o.Play != nil {
		s.Seat = o.Play.Seat
	}
	return s
}

// Server is a started omnigap serve.
type Server struct {
	cfg     Config
	ssh     *ssh.Server
	ln      net.Listener
	room    *room.Room
	players players
	links   links
	// Warning is what to tell the host when serving publicly.
	Warning string

	ctx    context.Context // every game's parent; canceled on shutdown
	cancel context.CancelFunc
	mu     sync.Mutex
	closed bool
	games  sync.WaitGroup
}

// New checks the configuration, the recording folder and the host key
// (loading or creating it) and listens; Serve then accepts players.
func New(cfg Config) (*Server, error) {
	setDefaults(&cfg)
	r := cfg.Room
	if r == nil {
		if cfg.Game.Play == nil {
			return nil, errors.New("serve: no game to serve")
		}
		var err error
		if r, err = room.New(room.Config{Setup: SetupOf(cfg.Game), Welcome: cfg.Welcome, Log: cfg.Log, Limits: room.Limits{
			MaxSessions: cfg.MaxSessions, MaxPerAddress: cfg.MaxPerAddress, Idle: cfg.Idle, KeyRate: cfg.KeyRate, KeyBurst: cfg.KeyBurst,
		}}); err != nil {
			return nil, err
		}
	}
	warning, err := checkExposure(cfg.Listen, cfg.AuthorizedKeys != "", cfg.Public)
	if err != nil {
		return nil, err
	}
	var listed map[string]bool
	if cfg.AuthorizedKeys != "" {
		if listed, err = authorizedKeys(cfg.AuthorizedKeys); err != nil {
			return nil, err
		}
	}
	if cfg.HostKey == "" {
		if cfg.HostKey, err = DefaultHostKey(); err != nil {
			return nil, err
		}
	}
	signer, secret, err := hostKey(cfg.HostKey)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, room: r, Warning: warning, players: newPlayers(secret)}
	lim := r.Limits() // the room's defaults filled in
	s.links = links{max: lim.MaxSessions + spareConns, perIP: lim.MaxSessions, wait: min(waitForGame, lim.Idle), waiting: map[string][]*link{}}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.ssh, err = wish.NewServer(append(authOptions(listed),
		func(srv *ssh.Server) error { srv.HostSigners = []ssh.Signer{signer}; return nil },
		wish.WithMaxTimeout(cfg.MaxTime),
	)...)
	if err != nil {
		s.cancel()
		return nil, err
	}
	s.lockDown()
	if s.ln, err = net.Listen("tcp", cfg.Listen); err != nil {
		s.cancel()
		return nil, fmt.Errorf("--listen %s: %w", cfg.Listen, err)
	}
	return s, nil
}

func setDefaults(cfg *Config) {
	if cfg.Listen == "" {
		cfg.Listen = DefaultListen
	}
	if cfg.MaxTime <= 0 {
		cfg.MaxTime = DefaultMaxTime
	}
}

// lockDown leaves the SSH server nothing but game sessions: session
// channels, answered by the server's own handler (shell with a terminal
// only: no exec, no subsystem, no agent or X11 forwarding), no other
// channel type (no port forwarding), no global request (no remote
// forwarding), and no connection idle time counted in bytes: the room
// measures what the player does.
func (s *Server) lockDown() {
	srv := s.ssh
	srv.HandshakeTimeout = handshakeTimeout
	srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": s.session}
	srv.RequestHandlers = map[string]ssh.RequestHandler{}
	srv.SubsystemHandlers = map[string]ssh.SubsystemHandler{}
	srv.LocalPortForwardingCallback = nil
	srv.ReversePortForwardingCallback = nil
	srv.IdleTimeout = 0
	srv.ConnCallback = s.admitConn
}

// Addr is the address the server listens on.
func (s *Server) Addr() net.Addr { return s.ln.Addr() }

// Room is the room the server's players play in.
func (s *Server) Room() *room.Room { return s.room }

// Playing is the number of players in a game (the reveal included).
func (s *Server) Playing() int { return s.room.Seated() }

// Serve accepts players until ctx ends, then stops every game (each
// ends as canceled, its recording closed) and returns once every session
// is over.
func (s *Server) Serve(ctx context.Context) error {
	errc := make(chan error, 1)
	go func() { errc <- s.ssh.Serve(s.ln) }()
	var err error
	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	closeErr := s.ssh.Close()
	s.games.Wait()
	if err == nil {
		if err = <-errc; errors.Is(err, ssh.ErrServerClosed) {
			err = nil
		}
	}
	if errors.Is(closeErr, net.ErrClosed) {
		closeErr = nil
	}
	return errors.Join(err, closeErr)
}

// enter counts a session in, unless the server is closing.
func (s *Server) enter() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.games.Add(1)
	return true
}
