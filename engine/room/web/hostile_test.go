package web

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/omnigap/omnigap/engine/room"
)

// A socket opened by a page of another origin is refused: a page
// elsewhere cannot play in its visitor's name.
func TestASocketFromAnotherOriginIsRefused(t *testing.T) {
	d := startDoor(t, room0(), Config{})
	if c, resp, err := dial(d, "http://elsewhere.example"); err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		if c != nil {
			c.CloseNow()
		}
		t.Errorf("a socket from another origin: %v, %v", resp, err)
	}
	c, _, err := dial(d, "http://"+d.Addr().String())
	if err != nil {
		t.Fatalf("a socket from the page's own origin: %v", err)
	}
	c.CloseNow()
}

// A message over 4 KB (here 5 KB, and 1 MB) closes its own socket, and
// only it: another player's game goes on.
func TestAnOversizedMessageClosesOnlyItsSocket(t *testing.T) {
	d := startDoor(t, room0(), Config{})
	other := connect(t, d)
	if err := other.join("other", ""); err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{5 << 10, 1 << 20} {
		c := connect(t, d)
		if err := c.join("big", ""); err != nil {
			t.Fatal(err)
		}
		c.send(inbound{Type: "input", Text: strings.Repeat("a", size)})
		var err error
		for err == nil {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			_, _, err = c.c.Read(ctx)
			cancel()
		}
		if websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
			t.Errorf("a %d-byte message: the socket ended with %v, want closed as too big", size, err)
		}
	}
	if err := other.say(buyerMoves[0]); err != nil {
		t.Fatalf("the other player's game: %v", err)
	}
	if _, err := other.until("turn", 10*time.Second); err != nil {
		t.Fatalf("the other player's game: %v", err)
	}
}

// A socket that never joins is closed after the join wait, whatever it
// does meanwhile.
func TestASocketThatNeverJoinsIsClosed(t *testing.T) {
	defer func(w time.Duration) { joinWait = w }(joinWait)
	joinWait = 300 * time.Millisecond
	d := startDoor(t, room0(), Config{})
	c := connect(t, d)
	start := time.Now()
	typ := c.next(nil, 10*time.Second)
	if typ != "" || time.Since(start) > 5*time.Second {
		t.Errorf("a socket that never joined got %q after %v, want closed after %v", typ, time.Since(start), joinWait)
	}
}

// A thousand idle TCP connections do not keep a new player out: the
// door holds a bounded number, the newest closing the oldest that wait,
// and a player joins within 2 s.
func TestIdleConnectionsDoNotKeepAPlayerOut(t *testing.T) {
	d := startDoor(t, room.Limits{MaxSessions: 8}, Config{})
	var idle []net.Conn
	defer func() {
		for _, c := range idle {
			c.Close()
		}
	}()
	for range 1000 {
		c, err := net.Dial("tcp", d.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		idle = append(idle, c)
	}
	limit := 2*8 + spareConns          // twice the session cap and the spare ones
	time.Sleep(300 * time.Millisecond) // the last ones accepted
	if n := d.ln.count(); n > limit {
		t.Errorf("%d connections open, the cap is %d", n, limit)
	}
	start := time.Now()
	c := connect(t, d)
	if err := c.join("late", ""); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("joining beside 1,000 idle connections took %v", took)
	}
}

// count is the number of open connections.
func (l *limitListener) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open
}

// A request whose headers never end is closed after the header wait (no
// slowloris); headers over the cap, and a body, are refused.
func TestSlowAndLargeRequestsAreRefused(t *testing.T) {
	defer func(w time.Duration) { headerWait = w }(headerWait)
	headerWait = 300 * time.Millisecond
	d := startDoor(t, room0(), Config{})
	c, err := net.Dial("tcp", d.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n")
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.ReadAll(c); err != nil {
		t.Errorf("a request whose headers never end was not closed: %v", err)
	}
	req, _ := http.NewRequest("GET", "http://"+d.Addr().String()+"/", nil)
	req.Header.Set("X-Pad", strings.Repeat("a", 64<<10))
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
			t.Errorf("64 KB of headers: %s", resp.Status)
		}
	}
	resp, err := http.Post("http://"+d.Addr().String()+"/", "text/plain", strings.NewReader(strings.Repeat("a", 1<<20)))
	if err == nil {
		resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("a POST of 1 MB: %s", resp.Status)
		}
	}
}

// A client that stops reading is cut off once a message waits for it,
// without slowing another player; its game waits for a resume.
func TestAClientThatStopsReadingIsCutOff(t *testing.T) {
	defer func(w time.Duration) { writeWait = w }(writeWait)
	writeWait = 500 * time.Millisecond
	d := startDoor(t, room0(), Config{})
	other := connect(t, d)
	if err := other.join("other", ""); err != nil {
		t.Fatal(err)
	}
	// The hostile client's socket takes little into its kernel buffer
	// and reads nothing once joined; it asks for the moves again and
	// again, each answered with a kilobyte.
	dialer := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		var serr error
		rc.Control(func(fd uintptr) { serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
		return serr
	}}
	raw, err := dialer.Dial("tcp", d.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	io.WriteString(raw, "GET /play HTTP/1.1\r\nHost: "+d.Addr().String()+"\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
	br := bufio.NewReader(raw)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade: %v %v", resp, err)
	}
	writeFrame(raw, `{"type":"join","name":"deaf"}`)
	// Its game is seated and holds its socket first: a game being
	// started has no socket yet either, and is not one cut off.
	cut := func() bool { return d.gamesWithoutSocket() > 0 }
	for deadline := time.Now().Add(5 * time.Second); (d.room.Seated() != 2 || cut()) && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	start := time.Now()
	for i := 0; i < 20000 && !cut(); i++ {
		if writeFrame(raw, `{"type":"input","text":"/help"}`) != nil {
			break // the server reads no more of it
		}
	}
	for deadline := time.Now().Add(5 * time.Second); !cut() && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	if !cut() {
		t.Fatalf("a client that reads nothing was not cut off after %v", time.Since(start))
	}
	t.Logf("cut off after %v", time.Since(start))
	if d.room.Seated() != 2 {
		t.Errorf("%d games seated: the cut-off game should wait for a resume", d.room.Seated())
	}
	for _, move := range buyerMoves {
		if err := other.say(move); err != nil {
			t.Fatalf("the other player's game: %v", err)
		}
	}
	if _, err := other.until("reveal", 30*time.Second); err != nil {
		t.Fatal(err)
	}
}

// gamesWithoutSocket counts the games under way that wait for a resume.
func (s *Server) gamesWithoutSocket() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, g := range s.games {
		g.mu.Lock()
		if g.sock == nil && !g.over {
			n++
		}
		g.mu.Unlock()
	}
	return n
}

// writeFrame writes one masked text frame, as a client must.
func writeFrame(w io.Writer, text string) error {
	frame := []byte{0x81}
	n := len(text)
	switch {
	case n < 126:
		frame = append(frame, 0x80|byte(n))
	default:
		frame = append(frame, 0x80|126, byte(n>>8), byte(n))
	}
	mask := []byte{1, 2, 3, 4}
	frame = append(frame, mask...)
	for i := range n {
		frame = append(frame, text[i]^mask[i%4])
	}
	if c, ok := w.(net.Conn); ok {
		c.SetWriteDeadline(time.Now().Add(2 * time.Second))
	}
	_, err := w.Write(frame)
	return err
}

// A full room says so to the one who tries to join, at once; and input
// past the key rate waits for it.
func TestAFullRoomAndTheKeyRate(t *testing.T) {
	d := startDoor(t, room.Limits{MaxSessions: 1, KeyRate: 100, KeyBurst: 100}, Config{})
	first := connect(t, d)
	if err := first.join("first", ""); err != nil {
		t.Fatal(err)
	}
	second := connect(t, d)
	start := time.Now()
	err := second.join("second", "")
	if err == nil || !strings.Contains(err.Error(), "The room is full") || time.Since(start) > 2*time.Second {
		t.Errorf("joining a full room: %v after %v", err, time.Since(start))
	}
	// 300 bytes of input at 100 a second after a burst of 100: the
	// third refusal comes two seconds after the first.
	if _, err := first.until("your_turn", 10*time.Second); err != nil {
		t.Fatal(err)
	}
	text := "/" + strings.Repeat("x", 99)
	var at []time.Time
	for range 3 {
		first.send(inbound{Type: "input", Text: text})
	}
	for range 3 {
		if _, err := first.until("refused", 10*time.Second); err != nil {
			t.Fatal(err)
		}
		at = append(at, time.Now())
	}
	if gap := at[2].Sub(start); gap < 1500*time.Millisecond {
		t.Errorf("300 bytes at 100 a second after a burst of 100 were all answered within %v", gap)
	}
}

// The room's code: a join without it is refused, and beyond loopback the
// door opens only with a code or --public.
func TestTheRoomCode(t *testing.T) {
	d := startDoor(t, room0(), Config{Code: "Tulip"})
	c := connect(t, d)
	if err := c.join("x", "rose"); err == nil || !strings.Contains(err.Error(), "not the room's code") {
		t.Errorf("a wrong code: %v", err)
	}
	c = connect(t, d)
	if err := c.join("x", " tulip "); err != nil {
		t.Errorf("the right code: %v", err)
	}
	for _, tc := range []struct {
		code   string
		public bool
		ok     bool
	}{{"", false, false}, {"tulip", false, true}, {"", true, true}} {
		_, err := checkExposure("0.0.0.0:8080", tc.code != "", tc.public)
		if (err == nil) != tc.ok {
			t.Errorf("0.0.0.0 with code %q, public %v: %v", tc.code, tc.public, err)
		}
	}
}
