package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/omnigap/omnigap/internal/termtest"
)

// --http beyond loopback without --code or --public is refused at start,
// and so is --code without the web door.
func TestServeRefusesAnOpenWebDoor(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "--http", "0.0.0.0:0"},
		{"serve", "--http", "0.0.0.0:0", "--listen", "127.0.0.1:0"},
		{"serve", "--code", "tulip"},
	} {
		out, err := omnigap(t, args...)
		if err == nil || !strings.Contains(err.Error(), "--code") {
			t.Errorf("omnigap %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// omnigap serve --http 127.0.0.1:PORT --record DIR: a client speaking
// the documented protocol joins, plays a Craigslist buyer's game to its
// end with input messages, gets ended and the reveal, and report counts
// its game in DIR as the people's.
func TestServeWebDoorPlaysAGameThatReportCounts(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("OPENAI_BASE_URL", "")
	dir := filepath.Join(t.TempDir(), "talk")
	port := termtest.FreePort(t)
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	cmd := newRootCmd()
	var out lockedBuffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs([]string{"serve", "--http", fmt.Sprintf("127.0.0.1:%d", port), "--record", dir, "--pace", "0", "--baseline", "0"})
	done := make(chan error, 1)
	go func() { done <- cmd.ExecuteContext(ctx) }()
	join := regexp.MustCompile(`phones join at (http://127\.0\.0\.1:\d+/)`)
	var url string
	for deadline := time.Now().Add(20 * time.Second); url == "" && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if m := join.FindStringSubmatch(out.String()); m != nil {
			url = m[1]
		}
	}
	if url == "" || strings.Contains(out.String(), "ssh -p") {
		t.Fatalf("want the join address and no SSH door:\n%s", out.String())
	}
	got, err := playOverTheProtocol(strings.Replace(url, "http://", "ws://", 1)+"play", []string{
		"Hi, is the bike still for sale?", "How old are the tires?", "/offer 560", "Thanks.", "Thanks again.", "Bye for now.",
	})
	if err != nil {
		t.Fatalf("%v (got %v)", err, got)
	}
	if got["ended"] != 1 || got["reveal"] != 1 {
		t.Errorf("messages %v: want one ended and one reveal", got)
	}
	stop()
	if err := <-done; err != nil {
		t.Fatalf("serve: %v\n%s", err, out.String())
	}
	rep, err := omnigap(t, "report", dir)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^craigslist: episodes PEOPLE 1$`).MatchString(rep) {
		t.Errorf("report %s does not count the game as the people's:\n%s", dir, rep)
	}
}

// playOverTheProtocol joins at addr and answers each your_turn with the
// next move (an offer twice, as its warning asks), until the reveal; it
// counts the messages by type.
func playOverTheProtocol(addr string, moves []string) (map[string]int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, _, err := websocket.Dial(ctx, addr, nil)
	if err != nil {
		return nil, err
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	send := func(m map[string]any) error {
		b, _ := json.Marshal(m)
		return c.Write(ctx, websocket.MessageText, b)
	}
	if err := send(map[string]any{"type": "join", "version": 1, "name": "Ada"}); err != nil {
		return nil, err
	}
	got := map[string]int{}
	last := ""
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			return got, err
		}
		var m struct {
			Type, Reason, Message string
			Warning               bool
		}
		if err := json.Unmarshal(data, &m); err != nil {
			return got, err
		}
		got[m.Type]++
		switch m.Type {
		case "your_turn":
			if len(moves) == 0 {
				return got, fmt.Errorf("the game wants more moves than %d", got["your_turn"])
			}
			last, moves = moves[0], moves[1:]
			if err := send(map[string]any{"type": "input", "text": last}); err != nil {
				return got, err
			}
		case "refused":
			if !m.Warning {
				return got, fmt.Errorf("refused: %s", m.Reason)
			}
			if err := send(map[string]any{"type": "input", "text": last}); err != nil {
				return got, err
			}
		case "error":
			return got, fmt.Errorf("error: %s", m.Message)
		case "reveal":
			return got, nil
		}
	}
}

// lockedBuffer is a buffer written by the command and read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
