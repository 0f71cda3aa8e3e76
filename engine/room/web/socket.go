package web

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/room"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// writeWait is the longest one message may take to reach a client: a
// client that takes none of it for that long has stopped reading, and
// is cut off (a variable so that the tests can wait less).
var writeWait = 10 * time.Second

// Limits of a socket.
const (
	// queued is how many messages may wait for a client; one that lets
	// more pile up has stopped reading and is cut off.
	queued = 1024
	// maxName is the longest name kept, in characters.
	maxName = 40
	// defaultMaxTime bounds a game when the door is given no --max-time.
	defaultMaxTime = time.Hour
)

// socket is one WebSocket: what the game says is queued, never waited
// for, and written by the socket's own writer.
type socket struct {
	c    *websocket.Conn
	out  chan []byte // nil: close after what is queued
	done chan struct{}
	once sync.Once
}

func newSocket(c *websocket.Conn) *socket {
	s := &socket{c: c, out: make(chan []byte, queued), done: make(chan struct{})}
	go s.write()
	return s
}

// send queues b; a client that has let the queue fill is cut off.
func (s *socket) send(b []byte) {
	select {
	case <-s.done:
	case s.out <- b:
	default:
		s.close("you stopped reading: reload the page to go on")
	}
}

// sendJSON queues m.
func (s *socket) sendJSON(m any) {
	if b, err := json.Marshal(m); err == nil {
		s.send(b)
	}
}

// finish closes the socket once what is queued is written.
func (s *socket) finish() {
	select {
	case s.out <- nil:
	case <-s.done:
	default:
		s.close("")
	}
}

func (s *socket) write() {
	for {
		select {
		case <-s.done:
			return
		case b := <-s.out:
			if b == nil {
				s.closeWith(websocket.StatusNormalClosure, "the game is over")
				return
			}
			ctx, cancel := context.WithTimeout(context.Background(), writeWait)
			err := s.c.Write(ctx, websocket.MessageText, b)
			cancel()
			if err != nil {
				s.close("")
				return
			}
		}
	}
}

// close closes the socket, saying why when reason is set; it never waits
// for the client.
func (s *socket) close(reason string) { s.closeWith(websocket.StatusPolicyViolation, reason) }

func (s *socket) closeWith(code websocket.StatusCode, reason string) {
	s.once.Do(func() {
		close(s.done)
		if reason == "" {
			_ = s.c.CloseNow()
			return
		}
		// The close frame is written by the library, bounded by its own
		// timeout, away from the game.
		go func() { _ = s.c.Close(code, reason) }()
	})
}

// play answers /play: a socket that joins a game, or resumes one, and
// then sends what its player types.
func (s *Server) play(w http.ResponseWriter, r *http.Request) {
	if !s.enter() {
		http.Error(w, "the server is stopping", http.StatusServiceUnavailable)
		return
	}
	defer s.wg.Done()
	// Accept refuses an Origin other than the page's own (a page
	// elsewhere cannot play in its visitor's name).
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	c.SetReadLimit(maxMessage)
	sock := newSocket(c)
	defer sock.close("")
	sock.sendJSON(hello{Type: "hello", Version: Version, Title: textsafe.Line(s.room.Setup().Scenario.Title), Code: s.cfg.Code != ""})

	join, cancel := context.WithTimeout(s.ctx, joinWait)
	m, err := readMessage(join, c)
	cancel()
	if err != nil {
		sock.close("no join within " + joinWait.String())
		return
	}
	g, why := s.seat(m, ipOf(r))
	if g == nil {
		sock.sendJSON(errorMsg{Type: "error", Message: why})
		sock.finish()
		<-sock.done
		return
	}
	if cn, ok := r.Context().Value(connKey{}).(*conn); ok {
		cn.playing()
	}
	if !g.attach(sock) {
		sock.sendJSON(errorMsg{Type: "error", Message: "This game has ended: reload the page to play again."})
		sock.finish()
		<-sock.done
		return
	}
	defer g.detach(sock)
	// --max-time bounds the socket as it bounds an SSH connection, and
	// the game's own deadline bounds every socket of it.
	deadline := time.Now().Add(s.maxTime())
	if g.deadline.Before(deadline) {
		deadline = g.deadline
	}
	life, stop := context.WithDeadline(s.ctx, deadline)
	defer stop()
	go func() {
		select {
		case <-g.gone:
			sock.finish()
		case <-life.Done():
			sock.close("time is up for this connection")
		case <-sock.done:
		}
	}()
	s.read(life, sock, g)
}

// read hands the player's inputs to the game, at the room's key rate,
// until the socket closes.
func (s *Server) read(ctx context.Context, sock *socket, g *game) {
	for {
		m, err := readMessage(ctx, sock.c)
		if err != nil {
			return
		}
		if m.Type != "input" {
			sock.sendJSON(errorMsg{Type: "error", Message: fmt.Sprintf("a game takes input messages, not %q", textsafe.Line(m.Type))})
			continue
		}
		if err := g.keys.Take(ctx, len(m.Text)); err != nil {
			return
		}
		g.active()
		select {
		case g.input <- m.Text:
		case <-g.gone:
			return
		case <-ctx.Done():
			return
		case <-sock.done:
			return
		}
	}
}

// readMessage reads one JSON message.
func readMessage(ctx context.Context, c *websocket.Conn) (inbound, error) {
	var m inbound
	typ, data, err := c.Read(ctx)
	if err != nil {
		return m, err
	}
	if typ != websocket.MessageText {
		return m, errors.New("not a text message")
	}
	return m, json.Unmarshal(data, &m)
}

// seat is the game a socket's first message asks for: a new one (join)
// or one under way (resume); nil and why not, for the player.
func (s *Server) seat(m inbound, ip string) (*game, string) {
	if m.Version != 0 && m.Version != Version {
		return nil, fmt.Sprintf("This page speaks version %d of the game's protocol and the server %d: reload the page.", m.Version, Version)
	}
	switch m.Type {
	case "resume":
		s.mu.Lock()
		g := s.games[m.Token]
		s.mu.Unlock()
		if g == nil || m.Token == "" {
			return nil, "No game under way goes by that token (it ended, or the server restarted): reload the page to play again."
		}
		return g, ""
	case "join":
		if code := s.cfg.Code; code != "" && subtle.ConstantTimeCompare([]byte(strings.ToLower(strings.TrimSpace(m.Code))), []byte(strings.ToLower(code))) != 1 {
			return nil, "That is not the room's code: ask the speaker for it."
		}
		return s.start(cleanName(m.Name), ip)
	}
	return nil, fmt.Sprintf("A socket starts with a join or a resume message, not %q.", textsafe.Line(m.Type))
}

// start seats a new game in the room, or says why the room refused it.
func (s *Server) start(name, ip string) (*game, string) {
	if !s.enter() {
		return nil, "The server is stopping."
	}
	g := newGame(rand.Text(), name)
	g.deadline = time.Now().Add(s.maxTime())
	s.mu.Lock()
	s.games[g.token] = g
	s.mu.Unlock()
	refused := make(chan error, 1)
	go func() {
		defer s.wg.Done()
		defer func() {
			s.mu.Lock()
			delete(s.games, g.token)
			s.mu.Unlock()
		}()
		ctx, cancel := context.WithDeadlineCause(s.ctx, g.deadline, run.Stop(event.Disconnected))
		defer cancel()
		p := room.Player{Name: s.names.of(g.token), NamedFrom: "this game's token in your browser", Address: ip, Hangup: g.hangup}
		refused <- s.room.Play(ctx, p, g)
	}()
	select {
	case <-g.seated:
		return g, ""
	case err := <-refused:
		var r *room.Refused
		if errors.As(err, &r) {
			return nil, r.Reason
		}
		return nil, "The game could not start."
	}
}

// maxTime is the door's --max-time.
func (s *Server) maxTime() time.Duration {
	if s.cfg.MaxTime > 0 {
		return s.cfg.MaxTime
	}
	return defaultMaxTime
}

// cleanName is a typed name as the pages may show it: one line, no
// control character or bidi override, at most maxName characters.
func cleanName(name string) string {
	name = strings.TrimSpace(textsafe.Line(name))
	if utf8.RuneCountInString(name) > maxName {
		name = string([]rune(name)[:maxName])
	}
	if name == "" {
		name = "a player"
	}
	return name
}

// ipOf is the address a request came from, without its port.
func ipOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
