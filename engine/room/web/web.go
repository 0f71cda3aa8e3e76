// Package web is omnigap serve's web door: a phone opens the join
// address, types a name (and the room's code when there is one) and
// plays its own game in the page, which speaks JSON over a WebSocket at
// /play (docs/SERVE.md); the stage page, at an address with a token the
// host alone is given, shows the room's standing for a projector. The
// door hands each player to the room (engine/room) with a game of its
// own (game), so one room, one tally and one recording folder serve both
// doors.
//
// The door is closed by default as the SSH one is: loopback unless told
// otherwise, another address only with --public or a room code; header,
// body, message and input limits; a cap on connections that evicts the
// oldest one waiting from the busiest address; a socket that never joins
// closed after 20 s, one that stops reading cut off without slowing its
// game; only the page's own origin may open a socket.
package web

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/omnigap/omnigap/engine/room"
)

// Limits of the door (docs/SERVE.md); variables so that the tests can
// wait less.
var (
	// joinWait is how long a socket may stay without a game.
	joinWait = 20 * time.Second
	// headerWait bounds reading a request's headers (no slowloris);
	// idleConn how long a connection between requests stays open.
	headerWait = 5 * time.Second
	idleConn   = 30 * time.Second
)

const (
	maxHeader = 8 << 10
	// spareConns is how many connections beyond twice the session cap
	// may be open at once (pages loading, sockets joining, the stage).
	spareConns = 64
	// sendBuffer is the kernel's send buffer of a connection: a client
	// that stops reading holds at most this much of the server's memory
	// there before its socket's writes wait (and it is cut off).
	sendBuffer = 64 << 10
)

// Config says where the door listens and who may come in.
type Config struct {
	// Listen is the address of the web door (--http).
	Listen string
	// Public allows an address beyond loopback without a code.
	Public bool
	// Code, when set, is the word a join must give (--code).
	Code string
	// MaxTime bounds a player's game and each of its sockets.
	MaxTime time.Duration
	// Room is the room the players play in.
	Room *room.Room
}

// Server is a started web door.
type Server struct {
	cfg     Config
	room    *room.Room
	ln      *limitListener
	http    *http.Server
	pages   pages
	names   names
	stage   string // the stage's token
	Warning string // what to tell the host when serving publicly

	ctx    context.Context // every game's parent; canceled on shutdown
	cancel context.CancelFunc
	mu     sync.Mutex
	games  map[string]*game // by token
	closed bool
	wg     sync.WaitGroup // games and sockets
}

// New checks the configuration and listens; Serve then answers.
func New(cfg Config) (*Server, error) {
	if cfg.Room == nil {
		return nil, errors.New("web: no room to serve")
	}
	warning, err := checkExposure(cfg.Listen, cfg.Code != "", cfg.Public)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, room: cfg.Room, Warning: warning, games: map[string]*game{}, stage: rand.Text(), names: newNames()}
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return nil, fmt.Errorf("--http %s: %w", cfg.Listen, err)
	}
	s.ln = newLimitListener(ln, 2*cfg.Room.Limits().MaxSessions+spareConns)
	if s.pages, err = newPages(cfg.Room.Setup().Scenario.Title, s.JoinURL(), cfg.Code); err != nil {
		ln.Close()
		return nil, err
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.http = &http.Server{
		Handler:           s.routes(),
		ReadHeaderTimeout: headerWait,
		IdleTimeout:       idleConn,
		MaxHeaderBytes:    maxHeader,
		ConnContext:       s.ln.connContext,
		// A client's broken request is its own affair: nothing of it
		// reaches the host's terminal, where the console draws.
		ErrorLog: log.New(io.Discard, "", 0),
	}
	return s, nil
}

// Addr is the address the door listens on.
func (s *Server) Addr() net.Addr { return s.ln.Addr() }

// JoinURL is the address players open: the listening address, or where
// it listens on every interface, this machine's first address others
// can reach.
func (s *Server) JoinURL() string { return "http://" + reachable(s.Addr()) + "/" }

// StageURL is the stage's address, with its token: for the host's
// terminal only, never a log or a recording.
func (s *Server) StageURL() string { return s.JoinURL() + "stage/" + s.stage }

// Code is the room's code, "" when a join needs none.
func (s *Server) Code() string { return s.cfg.Code }

// Serve answers until ctx ends, then stops every game (each ends as
// canceled, its recording closed) and returns once every socket is
// closed.
func (s *Server) Serve(ctx context.Context) error {
	errc := make(chan error, 1)
	go func() { errc <- s.http.Serve(s.ln) }()
	var err error
	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	closeErr := s.http.Close() // hijacked sockets are the games' to close
	s.wg.Wait()
	if err == nil {
		err = <-errc
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return errors.Join(err, closeErr)
}

// enter counts a game or socket in, unless the door is closing.
func (s *Server) enter() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.wg.Add(1)
	return true
}

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.phone)
	mux.HandleFunc("GET /play", s.play)
	mux.HandleFunc("GET /stage/{token}", s.stagePage)
	mux.HandleFunc("GET /stage/{token}/state", s.stageState)
	return limitBodies(mux)
}

// limitBodies answers only GET and HEAD, and reads no request body.
func limitBodies(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Connection", "close")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, 0)
		h.ServeHTTP(w, r)
	})
}

// checkExposure refuses to listen beyond this machine without a room
// code, unless the host says --public; it returns the warning to print
// when serving publicly.
func checkExposure(listen string, code, public bool) (string, error) {
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		return "", fmt.Errorf("--http %s: %w", listen, err)
	}
	if loopback(host) {
		return "", nil
	}
	if !public && !code {
		return "", fmt.Errorf("--http %s reaches beyond this machine, and without --code anyone who can reach it could play, run the backends (and a model's tokens) and fill --record: give --code WORD to admit only those told the word, or --public to admit everyone", listen)
	}
	if code {
		return "", nil
	}
	return fmt.Sprintf("the web door is public on %s: anyone who can reach this address can play without a code; games are capped, and each is recorded under a salted hash of its browser's game, never a name or address", listen), nil
}

// loopback reports whether host names this machine only.
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// reachable is addr as others reach it: an address that listens on
// every interface is given as this machine's first address that is not
// loopback (the loopback one when there is none).
func reachable(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return addr.String()
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsUnspecified() {
		return addr.String()
	}
	host = "127.0.0.1"
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
				host = n.IP.String()
				break
			}
		}
	}
	return net.JoinHostPort(host, port)
}
