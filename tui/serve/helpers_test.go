package serve

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/room"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui"
)

// testGame is the game the tests serve: the default Craigslist scenario
// cut to maxTurns turns, the player as the buyer against the built-in
// seller, streamed at once, recorded to dir.
func testGame(t testing.TB, ref string, maxTurns int, dir string) tui.Options {
	t.Helper()
	sc, err := library.Resolve(ref, 1)
	if err != nil {
		t.Fatal(err)
	}
	if maxTurns > 0 {
		sc.MaxTurns = maxTurns
	}
	return tui.Options{Scenario: sc, Modes: []view.Mode{view.Agents}, Seed: 1, Factory: builtin.Factory{},
		RecordDir: dir, Annotate: leak.Annotate, Play: &tui.PlayOptions{Seat: 1}}
}

// started is a server serving in the background until the test ends.
type started struct {
	*Server
	room   *room.Room
	dir    string
	stop   context.CancelFunc
	done   chan error
	closed bool
}

// startServer starts a server of cfg (its game from testGame when unset)
// on a free loopback port, with a room counting its games.
func startServer(t testing.TB, cfg Config) *started {
	t.Helper()
	dir := t.TempDir()
	if cfg.Game.Play == nil {
		cfg.Game = testGame(t, library.DefaultID, 10, filepath.Join(dir, "rec"))
	}
	if cfg.Listen == "" {
		cfg.Listen = "127.0.0.1:0"
	}
	if cfg.HostKey == "" {
		cfg.HostKey = filepath.Join(dir, "host_key")
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	s := &started{Server: srv, room: srv.Room(), dir: filepath.Join(dir, "rec"), stop: stop, done: make(chan error, 1)}
	servers.Store(srv.Addr().String(), s)
	go func() { s.done <- srv.Serve(ctx) }()
	t.Cleanup(func() { s.shutdown(t) })
	return s
}

// shutdown stops the server and waits for every session to end.
func (s *started) shutdown(t testing.TB) {
	t.Helper()
	if s.closed {
		return
	}
	s.closed = true
	s.stop()
	select {
	case err := <-s.done:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not stop within 30 s")
	}
}

// player is one SSH client in a game.
type player struct {
	t      testing.TB
	client *gossh.Client
	sess   *gossh.Session
	in     io.WriteCloser
	out    *screen
	// srv is the server, when the test started it (servers); rec the
	// player's recording, once found; turns the moves of theirs it holds.
	srv   *started
	rec   string
	turns int
}

// servers are the servers the tests started, by address.
var servers sync.Map

// screen keeps what the server sent, and when it last sent anything.
type screen struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	last   time.Time
	writes int
	drop   bool          // keep no text
	wrote  chan struct{} // signalled on each write
}

func newScreen() *screen { return &screen{wrote: make(chan struct{}, 1), last: time.Now()} }

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	if !s.drop {
		s.buf.Write(p)
	}
	s.last = time.Now()
	s.writes++
	s.mu.Unlock()
	select {
	case s.wrote <- struct{}{}:
	default:
	}
	return len(p), nil
}

// forget drops what was sent so far (a benchmark's players keep only
// the time of the last frame).
func (s *screen) forget() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buf = bytes.Buffer{}
	s.drop = true
}

// waitWrite waits until more than writes frames have come, up to limit.
func (s *screen) waitWrite(writes int, limit time.Duration) bool {
	deadline := time.After(limit)
	for {
		if _, n := s.lastWrite(); n > writes {
			return true
		}
		select {
		case <-s.wrote:
		case <-deadline:
			return false
		}
	}
}

// text is everything sent so far without escape sequences.
func (s *screen) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return ansi.Strip(s.buf.String())
}

// size is how many bytes were sent so far.
func (s *screen) size() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Len()
}

// textSince is what was sent after the first n bytes, without escape
// sequences.
func (s *screen) textSince(n int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return ansi.Strip(string(s.buf.Bytes()[n:]))
}

func (s *screen) lastWrite() (time.Time, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last, s.writes
}

// clientConfig logs in without a key (the open server's keyboard-
// interactive exchange) unless a key is given.
func clientConfig(signer gossh.Signer) *gossh.ClientConfig {
	auth := []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })}
	if signer != nil {
		auth = []gossh.AuthMethod{gossh.PublicKeys(signer)}
	}
	return &gossh.ClientConfig{User: "player", Auth: auth, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 20 * time.Second}
}

// dial connects to srv without a key, closed when the test ends.
func dial(t *testing.T, srv *started) *gossh.Client {
	t.Helper()
	client, err := gossh.Dial("tcp", srv.Addr().String(), clientConfig(nil))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	return client
}

// join connects to addr with a w x h terminal and asks for the game.
func join(t testing.TB, addr string, w, h int) *player {
	t.Helper()
	p, err := tryJoin(addr, w, h, nil)
	if err != nil {
		t.Fatal(err)
	}
	p.t = t
	return p
}

func tryJoin(addr string, w, h int, signer gossh.Signer) (*player, error) {
	client, err := gossh.Dial("tcp", addr, clientConfig(signer))
	if err != nil {
		return nil, err
	}
	p, err := shell(client, w, h)
	if err == nil {
		if srv, ok := servers.Load(addr); ok && signer == nil {
			p.srv = srv.(*started)
		}
	}
	return p, err
}

// shell asks client for a game at a w x h terminal.
func shell(client *gossh.Client, w, h int) (*player, error) {
	sess, err := client.NewSession()
	if err != nil {
		client.Close()
		return nil, err
	}
	if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		client.Close()
		return nil, err
	}
	in, err := sess.StdinPipe()
	if err != nil {
		client.Close()
		return nil, err
	}
	out := newScreen()
	sess.Stdout, sess.Stderr = out, out
	if err := sess.Shell(); err != nil {
		client.Close()
		return nil, err
	}
	return &player{client: client, sess: sess, in: in, out: out}, nil
}

// waitFor waits until the text sent so far contains want.
func (p *player) waitFor(want string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for !strings.Contains(p.out.text(), want) {
		if time.Now().After(deadline) {
			return fmt.Errorf("no %q within %v; the screen's text ends:\n%s", want, limit, tail(p.out.text(), 600))
		}
		select {
		case <-p.out.wrote:
		case <-time.After(50 * time.Millisecond):
		}
	}
	return nil
}

// settle waits, after input, for the server to answer it with a frame
// and then to send nothing for a moment (each up to limit), so the next
// keystroke meets a settled screen.
func (p *player) settle(writesBefore int, limit time.Duration) {
	const calm = 75 * time.Millisecond
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		last, writes := p.out.lastWrite()
		if writes > writesBefore && time.Since(last) >= calm {
			return
		}
		time.Sleep(calm / 3)
	}
}

// press sends keys and waits for the screen to settle (a key that
// changes nothing on screen, such as a second refused enter, brings no
// frame: then it waits a second).
func (p *player) press(s string) error {
	_, before := p.out.lastWrite()
	if err := p.send(s); err != nil {
		return err
	}
	p.settle(before, time.Second)
	return nil
}

func (p *player) send(s string) error {
	_, err := io.WriteString(p.in, s)
	return err
}

// say types a move and presses enter until it goes. A move sent before
// the player's turn is refused, with "not your turn", and the refusal
// empties the input box (it quotes the move), so the move is typed
// again. The screen is drawn by differences, so a refusal that repeats
// the last one may send no text: where the test knows the server's
// recording folder, the player's recording says whether the move went.
func (p *player) say(move string) error {
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); {
		if err := p.press(move); err != nil {
			return err
		}
		seen := p.out.size()
		if err := p.press("\r"); err != nil {
			return err
		}
		if p.srv == nil {
			if !strings.Contains(p.out.textSince(seen), "not your turn") {
				return nil
			}
			continue
		}
		for wait := time.Now().Add(5 * time.Second); time.Now().Before(wait); time.Sleep(50 * time.Millisecond) {
			if n := p.recordedTurns(); n > p.turns {
				p.turns = n
				return nil
			}
			if strings.Contains(p.out.textSince(seen), "not your turn") {
				break
			}
		}
	}
	return fmt.Errorf("%q was not taken as the player's move for 30 s", move)
}

// recordedTurns is how many turns the player's recording holds of the
// person's seat (0 before it is found): the recording whose header
// names the player as the server names them, by a salted hash of the
// session.
func (p *player) recordedTurns() int {
	if p.rec == "" {
		name := p.srv.players.of("session", []byte(hex.EncodeToString(p.client.SessionID())))
		paths, _ := record.Files(p.srv.room.Setup().RecordDir)
		for _, path := range paths {
			if rec, err := record.ReadHeader(context.Background(), path); err == nil && rec.Header.Player == name {
				p.rec = path
			}
		}
		if p.rec == "" {
			return 0
		}
	}
	rec, err := record.Read(p.rec)
	if err != nil {
		return 0
	}
	seat := slices.Index(rec.Header.Backends[:], "human")
	n := 0
	for _, ev := range rec.Events {
		if ev.Kind == event.TurnCompleted && ev.Seat == seat {
			n++
		}
	}
	return n
}

func (p *player) close() { p.client.Close() }

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// folderReport aggregates every recording in dir as omnigap report does.
func folderReport(t testing.TB, dir string) (report.Report, []*record.Recording) {
	t.Helper()
	paths, err := record.Files(dir)
	if err != nil {
		t.Fatal(err)
	}
	var a report.Aggregator
	var recs []*record.Recording
	for _, p := range paths {
		rec, err := record.Read(p)
		if err != nil {
			t.Errorf("recording %s: %v", p, err)
			continue
		}
		recs = append(recs, rec)
		a.Add(report.FromRecording(rec))
	}
	return a.Report(), recs
}

// settledGoroutines waits for the goroutine count to fall to at most
// want, and returns it with the stacks when it does not.
func settledGoroutines(want int, limit time.Duration) (int, string) {
	deadline := time.Now().Add(limit)
	for {
		n := runtime.NumGoroutine()
		if n <= want || time.Now().After(deadline) {
			if n <= want {
				return n, ""
			}
			buf := make([]byte, 1<<20)
			return n, string(buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// dialFrom opens a TCP connection to addr from the loopback address
// local (127.0.0.0/8 is all this machine's), as a client elsewhere
// would.
func dialFrom(local, addr string) (net.Conn, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 10 * time.Second}
	return d.Dial("tcp", addr)
}

// joinFrom is join from the loopback address local.
func joinFrom(t testing.TB, local, addr string) *player {
	t.Helper()
	c, err := dialFrom(local, addr)
	if err != nil {
		t.Fatal(err)
	}
	conn, chans, reqs, err := gossh.NewClientConn(c, addr, clientConfig(nil))
	if err != nil {
		t.Fatal(err)
	}
	p, err := shell(gossh.NewClient(conn, chans, reqs), 80, 24)
	if err != nil {
		t.Fatal(err)
	}
	p.t = t
	return p
}
