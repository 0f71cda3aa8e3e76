package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/omnigap/omnigap/engine/builtin"
	_ "github.com/omnigap/omnigap/engine/builtin/all" // the built-in players of each family
	_ "github.com/omnigap/omnigap/engine/family/all"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/room"
)

// door is a web door serving a room in the background until the test
// ends.
type door struct {
	*Server
	dir  string
	stop context.CancelFunc
	done chan error
}

// startDoor serves the default Craigslist scenario cut to ten turns, the
// player as the buyer against the built-in seller at once (no pace),
// recorded to the door's dir.
func startDoor(t testing.TB, limits room.Limits, cfg Config, log ...io.Writer) *door {
	t.Helper()
	return startDoorOf(t, 10, limits, cfg, log...)
}

// startDoorOf is startDoor with games of maxTurns turns.
func startDoorOf(t testing.TB, maxTurns int, limits room.Limits, cfg Config, log ...io.Writer) *door {
	t.Helper()
	sc, err := library.Resolve(library.DefaultID, 1)
	if err != nil {
		t.Fatal(err)
	}
	sc.MaxTurns = maxTurns
	dir := filepath.Join(t.TempDir(), "rec")
	rc := room.Config{Limits: limits, Setup: room.Setup{Scenario: sc, Seat: 1, Seed: 1,
		Factory: builtin.Factory{}, Annotate: leak.Annotate, RecordDir: dir}}
	if len(log) > 0 {
		rc.Log = log[0]
	}
	r, err := room.New(rc)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Listen == "" {
		cfg.Listen = "127.0.0.1:0"
	}
	cfg.Room = r
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	d := &door{Server: s, dir: dir, stop: stop, done: make(chan error, 1)}
	go func() { d.done <- s.Serve(ctx) }()
	t.Cleanup(func() { d.shutdown(t) })
	return d
}

// shutdown stops the door and waits for every game to end.
func (d *door) shutdown(t testing.TB) {
	t.Helper()
	if d.stop == nil {
		return
	}
	d.stop()
	d.stop = nil
	select {
	case err := <-d.done:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the door did not stop within 30 s")
	}
}

// client is a program speaking the protocol, as docs/SERVE.md gives it.
type client struct {
	t    testing.TB
	c    *websocket.Conn
	seat seatMsg
	// got are the messages read so far, by type.
	got map[string][]json.RawMessage
}

// dial opens a socket to the door's /play (with the Origin header given,
// when set).
func dial(d *door, origin string) (*websocket.Conn, *http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	opts := &websocket.DialOptions{}
	if origin != "" {
		opts.HTTPHeader = http.Header{"Origin": {origin}}
	}
	return websocket.Dial(ctx, "ws://"+d.Addr().String()+"/play", opts)
}

// connect opens a socket and reads the hello.
func connect(t testing.TB, d *door) *client {
	t.Helper()
	c, _, err := dial(d, "")
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(1 << 20)
	cl := &client{t: t, c: c, got: map[string][]json.RawMessage{}}
	t.Cleanup(func() { c.CloseNow() })
	var h hello
	if typ := cl.next(&h, 10*time.Second); typ != "hello" || h.Version != Version {
		t.Fatalf("first message %q, version %d: want a hello of version %d", typ, h.Version, Version)
	}
	return cl
}

// send writes one message.
func (c *client) send(m any) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return c.c.Write(ctx, websocket.MessageText, b)
}

// next reads the next message into v (when not nil) and returns its
// type, or "" when the socket closed or nothing came within limit.
func (c *client) next(v any, limit time.Duration) string {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	_, data, err := c.c.Read(ctx)
	if err != nil {
		return ""
	}
	var m struct {
		Type string `json:"type"`
	}
	if json.Unmarshal(data, &m) != nil {
		c.t.Errorf("not JSON: %q", data)
		return ""
	}
	c.got[m.Type] = append(c.got[m.Type], data)
	if v != nil {
		if err := json.Unmarshal(data, v); err != nil {
			c.t.Errorf("%s: %v", data, err)
		}
	}
	if m.Type == "seat" {
		_ = json.Unmarshal(data, &c.seat)
	}
	return m.Type
}

// until reads messages until one of type want, and returns it raw.
func (c *client) until(want string, limit time.Duration) (json.RawMessage, error) {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		typ := c.next(nil, time.Until(deadline))
		if typ == "" {
			return nil, fmt.Errorf("no %s: the socket closed, or nothing came within %v (got %v)", want, limit, c.types())
		}
		if typ == want {
			l := c.got[want]
			return l[len(l)-1], nil
		}
		if typ == "error" {
			l := c.got["error"]
			return nil, fmt.Errorf("error while waiting for %s: %s", want, l[len(l)-1])
		}
	}
	return nil, fmt.Errorf("no %s within %v", want, limit)
}

func (c *client) types() map[string]int {
	out := map[string]int{}
	for k, v := range c.got {
		out[k] = len(v)
	}
	return out
}

// join joins a game as name and reads the seat.
func (c *client) join(name, code string) error {
	if err := c.send(inbound{Type: "join", Version: Version, Name: name, Code: code}); err != nil {
		return err
	}
	_, err := c.until("seat", 20*time.Second)
	return err
}

// say sends a move once it is the player's turn.
func (c *client) say(text string) error {
	if _, err := c.until("your_turn", 30*time.Second); err != nil {
		return err
	}
	return c.send(inbound{Type: "input", Text: text})
}

// buyerMoves are the player's five turns of a ten-turn game: questions,
// no offer, so the built-in seller plays on to the turn limit.
var buyerMoves = []string{
	"Hello, is the bike still for sale?",
	"How old are the tires?",
	"Does it shift smoothly on hills?",
	"Any scratches or dents on the frame?",
	"Thanks, tell me a bit more about it.",
}

// room0 are the room's limits the tests play with: the defaults.
func room0() room.Limits { return room.Limits{} }
