// Package serve is omnigap serve: an SSH server (charm.land/wish) on
// which each connection plays its own game of the play model at its own
// terminal size, recorded like omnigap play's, and a Room that tallies
// the games beside SCRIPT and AGENTS runs for the speaker's console.
//
// The server is closed by default: it listens on loopback unless told
// otherwise, refuses other addresses without a list of admitted keys
// (or --public), caps the games under way in all and per address,
// limits each player's input rate and paste size, clamps window sizes,
// and offers no shell, exec, subsystem, port forwarding or file
// transfer: a session is a game or nothing.
package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"

	"github.com/omnigap/omnigap/tui"
)

// Defaults of the limits (docs/SERVE.md).
const (
	DefaultListen      = "127.0.0.1:2222"
	DefaultMaxSessions = 64
	DefaultIdle        = 10 * time.Minute
	DefaultMaxTime     = time.Hour
	DefaultKeyRate     = 200     // input bytes a second, sustained
	DefaultKeyBurst    = 8 << 10 // input bytes at once
	// handshakeTimeout bounds a connection that never finishes the SSH
	// handshake; spareConns is how many connections beyond the session
	// cap may be mid-handshake or refused at once.
	handshakeTimeout = 10 * time.Second
	spareConns       = 16
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
	// Idle closes a connection with no traffic for this long; MaxTime
	// closes any connection after this long.
	Idle, MaxTime time.Duration
	// KeyRate and KeyBurst limit a player's input (rateReader).
	KeyRate, KeyBurst int
	// Game is what every player plays (tui.Options with Play set); each
	// session gets a copy with its own welcome, player name and size.
	Game tui.Options
	// Welcome is the host's text at the top of each game's first screen.
	Welcome string
	// Finished, when set, is told the path of each game's recording once
	// it is closed (Room.Add), from the session's goroutine.
	Finished func(path string)
	// Log, when set, gets a line as each game starts and ends.
	Log io.Writer
}

// Server is a started omnigap serve.
type Server struct {
	cfg     Config
	ssh     *ssh.Server
	ln      net.Listener
	seats   seats
	players players
	// Warning is what to tell the host when serving publicly.
	Warning string

	ctx    context.Context // every game's parent; canceled on shutdown
	cancel context.CancelFunc
	mu     sync.Mutex
	closed bool
	games  sync.WaitGroup
	conns  atomic.Int64
	served atomic.Int64 // games started
}

// New checks the configuration, loads or creates the host key and
// listens; Serve then accepts players.
func New(cfg Config) (*Server, error) {
	if cfg.Game.Play == nil || cfg.Game.Scenario == nil {
		return nil, errors.New("serve: no game to serve")
	}
	setDefaults(&cfg)
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
	s := &Server{cfg: cfg, Warning: warning, players: newPlayers(secret), seats: seats{max: cfg.MaxSessions, perIP: cfg.MaxPerAddress}}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.ssh, err = wish.NewServer(append(authOptions(listed),
		func(srv *ssh.Server) error { srv.HostSigners = []ssh.Signer{signer}; return nil },
		wish.WithIdleTimeout(cfg.Idle),
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
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = DefaultMaxSessions
	}
	if cfg.Idle <= 0 {
		cfg.Idle = DefaultIdle
	}
	if cfg.MaxTime <= 0 {
		cfg.MaxTime = DefaultMaxTime
	}
	if cfg.KeyRate <= 0 {
		cfg.KeyRate = DefaultKeyRate
	}
	if cfg.KeyBurst <= 0 {
		cfg.KeyBurst = DefaultKeyBurst
	}
}

// lockDown leaves the SSH server nothing but game sessions: a session
// channel that asks for a shell (exec requests, with a command, are
// refused, and no subsystem is known), no other channel type (no port
// forwarding, no X11), no global request (no remote forwarding).
func (s *Server) lockDown() {
	srv := s.ssh
	srv.Handler = s.handle
	srv.HandshakeTimeout = handshakeTimeout
	srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": ssh.DefaultSessionHandler}
	srv.RequestHandlers = map[string]ssh.RequestHandler{}
	srv.SubsystemHandlers = map[string]ssh.SubsystemHandler{}
	srv.LocalPortForwardingCallback = nil
	srv.ReversePortForwardingCallback = nil
	srv.SessionRequestCallback = func(_ ssh.Session, request string) bool { return request == "shell" }
	srv.ConnCallback = s.admitConn
}

// admitConn closes a connection at once when more are open than the
// games allowed plus a few mid-handshake, before any cryptography.
func (s *Server) admitConn(_ ssh.Context, c net.Conn) net.Conn {
	if s.conns.Add(1) > int64(s.cfg.MaxSessions+spareConns) {
		s.conns.Add(-1)
		return nil
	}
	return &countedConn{Conn: c, release: func() { s.conns.Add(-1) }}
}

// countedConn gives its place back once, when closed.
type countedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *countedConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}

// Addr is the address the server listens on.
func (s *Server) Addr() net.Addr { return s.ln.Addr() }

// Playing is the number of games under way.
func (s *Server) Playing() int { return s.seats.inUse() }

// Served is the number of games started since the server started.
func (s *Server) Served() int { return int(s.served.Load()) }

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
