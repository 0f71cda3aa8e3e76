package web

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/omnigap/omnigap/engine/room"
)

// BenchmarkWebPlayers200 measures 200 web players in games at once over
// loopback (the built-in seller at no pace, the clients in the same
// process), each sending a move every 2 to 5 s at its own moments: the
// time from a move sent to the first delta or turn of the partner's
// answer (p50 and p99 over every move of every player), and the memory
// each player adds, server and client sides together (heap and stacks
// in use after a GC, less before the door started: with every game
// joined, and again after every move, the games still under way). b.N is the moves of each player:
//
//	go test ./engine/room/web -run '^$' -bench WebPlayers200 -benchtime 5x
func BenchmarkWebPlayers200(b *testing.B) {
	const players = 200
	before := inUse()
	d := startDoorOf(b, 2*b.N+4, room.Limits{MaxSessions: players}, Config{})
	cs := make([]*benchClient, players)
	for i := range cs {
		c, _, err := dial(d, "")
		if err != nil {
			b.Fatal(err)
		}
		defer c.CloseNow()
		cs[i] = newBenchClient(c)
		if err := cs[i].join(); err != nil {
			b.Fatalf("player %d: %v", i, err)
		}
	}
	perPlayer := float64(inUse()-before) / players

	b.ResetTimer()
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	for i, c := range cs {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(i), 11))
			time.Sleep(time.Duration(rng.IntN(3000)) * time.Millisecond)
			mine := make([]time.Duration, 0, b.N)
			for k := range b.N {
				took, err := c.move("How about the tires, and the frame?")
				if err != nil {
					b.Errorf("move %d: %v", k+1, err)
					return
				}
				mine = append(mine, took)
				time.Sleep(time.Duration(2000+rng.IntN(3000)) * time.Millisecond)
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	b.StopTimer()
	perPlayerEnd := float64(inUse()-before) / players
	if len(lat) == 0 {
		b.Fatal("no move answered")
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(perPlayer/(1<<20), "MB/player")
	b.ReportMetric(perPlayerEnd/(1<<20), "MB/player-end")
}

// benchClient is a player whose reader notes the moment of each message
// that matters: the game waiting for its move, and the partner's answer.
type benchClient struct {
	c      *websocket.Conn
	seat   int
	turns  chan int       // the turn a your_turn waits in
	answer chan time.Time // the first delta or turn of the partner after a move
	mu     sync.Mutex
	after  int // the turn of the last move sent
	err    chan error
}

func newBenchClient(c *websocket.Conn) *benchClient {
	return &benchClient{c: c, turns: make(chan int, 1), answer: make(chan time.Time, 1), err: make(chan error, 1), seat: -1}
}

func (c *benchClient) join() error {
	b, _ := json.Marshal(inbound{Type: "join", Version: Version, Name: "bench"})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.c.Write(ctx, websocket.MessageText, b); err != nil {
		return err
	}
	seated := make(chan int, 1)
	go c.read(seated)
	select {
	case seat := <-seated:
		c.seat = seat
		return nil
	case err := <-c.err:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// read follows the messages until the socket closes.
func (c *benchClient) read(seated chan<- int) {
	for {
		_, data, err := c.c.Read(context.Background())
		at := time.Now()
		if err != nil {
			c.err <- err
			return
		}
		var m struct {
			Type string `json:"type"`
			Seat int    `json:"seat"`
			Turn int    `json:"turn"`
		}
		if json.Unmarshal(data, &m) != nil {
			continue
		}
		switch m.Type {
		case "seat":
			seated <- m.Seat
		case "your_turn":
			select {
			case c.turns <- m.Turn:
			default:
			}
		case "delta", "turn":
			c.mu.Lock()
			if m.Seat != c.seat && c.after > 0 && m.Turn > c.after {
				c.after = 0
				c.answer <- at
			}
			c.mu.Unlock()
		}
	}
}

// move waits for the player's turn, sends a move and says how long the
// partner's answer took to begin.
func (c *benchClient) move(text string) (time.Duration, error) {
	var turn int
	select {
	case turn = <-c.turns:
	case err := <-c.err:
		return 0, err
	case <-time.After(time.Minute):
		return 0, context.DeadlineExceeded
	}
	b, _ := json.Marshal(inbound{Type: "input", Text: text})
	c.mu.Lock()
	c.after = turn
	c.mu.Unlock()
	sent := time.Now()
	if err := c.c.Write(context.Background(), websocket.MessageText, b); err != nil {
		return 0, err
	}
	select {
	case at := <-c.answer:
		return at.Sub(sent), nil
	case err := <-c.err:
		return 0, err
	case <-time.After(time.Minute):
		return 0, context.DeadlineExceeded
	}
}

// inUse is the heap and stack memory in use after a collection.
func inUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse + m.StackInuse
}
