package room

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/builtin"
	_ "github.com/omnigap/omnigap/engine/builtin/all" // the built-in players of each family
	_ "github.com/omnigap/omnigap/engine/family/all"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
)

func testRoom(t *testing.T, limits Limits) *Room {
	t.Helper()
	sc, err := library.Resolve(library.DefaultID, 1)
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(Config{Limits: limits, Setup: Setup{Scenario: sc, Seat: 1, Seed: 1,
		Factory: builtin.Factory{}, Annotate: leak.Annotate, RecordDir: t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// drawing is a game with no run: it reads its player's input through the
// table and draws a frame every 20 ms until it ends, as a game at a
// terminal does.
type drawing struct {
	in  io.Reader
	out io.Writer
}

func (g drawing) Play(ctx context.Context, t *Table) error {
	go io.Copy(io.Discard, t.Input(ctx, g.in))
	out := t.Output(g.out)
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(20 * time.Millisecond):
			if _, err := out.Write([]byte("frame\n")); err != nil {
				return nil
			}
		}
	}
}

// typist sends a key every 50 ms until hung up: a player who is active.
type typist struct{ done chan struct{} }

func (k typist) Read(p []byte) (int, error) {
	select {
	case <-k.done:
		return 0, io.EOF
	case <-time.After(50 * time.Millisecond):
		p[0] = 'a'
		return 1, nil
	}
}

// playFor plays one drawing game for a player whose input and output are
// given, hanging up with hangup, and says how long the game lasted.
func playFor(t *testing.T, r *Room, addr string, in io.Reader, out io.Writer, hangup func()) (time.Duration, error) {
	t.Helper()
	start := time.Now()
	err := r.Play(context.Background(), Player{Name: "p-test", Address: addr, Hangup: hangup}, drawing{in: in, out: out})
	return time.Since(start), err
}

// A player whose client takes none of the game's output is hung up once
// a write has waited --idle, however much they type; the room's seat is
// given back.
func TestAClientThatReadsNothingIsHungUpAtIdle(t *testing.T) {
	const idle = 500 * time.Millisecond
	r := testRoom(t, Limits{Idle: idle})
	done := make(chan struct{})
	pr, pw := io.Pipe() // nobody reads pr: every write waits
	var hangups atomic.Int32
	took, err := playFor(t, r, "203.0.113.5", typist{done}, pw, func() {
		if hangups.Add(1) == 1 {
			close(done)
			pr.CloseWithError(errors.New("hung up"))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if hangups.Load() == 0 || took > idle+5*time.Second {
		t.Errorf("hung up %d times, after %v (idle %v)", hangups.Load(), took, idle)
	}
	if r.Seated() != 0 {
		t.Errorf("%d seats still taken", r.Seated())
	}
}

// A player who sends nothing is ended at --idle, though the game draws.
func TestAPlayerWhoDoesNothingIsEndedAtIdle(t *testing.T) {
	const idle = 500 * time.Millisecond
	r := testRoom(t, Limits{Idle: idle})
	pr, pw := io.Pipe() // no input ever, until hung up
	took, err := playFor(t, r, "203.0.113.5", pr, io.Discard, func() { pw.Close() })
	if err != nil {
		t.Fatal(err)
	}
	if took < idle || took > idle+5*time.Second {
		t.Errorf("the game lasted %v, want about %v", took, idle)
	}
}

// A player who is active (Table.Active: a page that came back) is not
// ended at --idle.
func TestActivityPutsOffIdle(t *testing.T) {
	const idle = 400 * time.Millisecond
	r := testRoom(t, Limits{Idle: idle})
	ctx, leave := context.WithTimeout(context.Background(), 3*idle)
	defer leave()
	var ended error
	err := r.Play(ctx, Player{Name: "p-test", Address: "203.0.113.5"}, gameFunc(func(ctx context.Context, t *Table) error {
		for ctx.Err() == nil {
			t.Active()
			time.Sleep(idle / 8)
		}
		ended = context.Cause(ctx)
		return nil
	}))
	if err != nil || !errors.Is(ended, context.DeadlineExceeded) {
		t.Errorf("an active player's game ended by %v (%v), want by the player's own deadline", ended, err)
	}
}

// gameFunc is a Game of a function.
type gameFunc func(ctx context.Context, t *Table) error

func (f gameFunc) Play(ctx context.Context, t *Table) error { return f(ctx, t) }

// Past the cap per address the player is told their address has too
// many games, in those words, and the room starts nothing; past the
// room's cap, that the room is full.
func TestTheCapsSayWhatWasRefused(t *testing.T) {
	r := testRoom(t, Limits{MaxSessions: 2, MaxPerAddress: 1, Idle: time.Minute})
	ctx, leave := context.WithCancel(context.Background())
	var games atomic.Int32
	wait := gameFunc(func(ctx context.Context, t *Table) error { games.Add(1); <-ctx.Done(); return nil })
	done := make(chan struct{}, 2)
	for _, addr := range []string{"203.0.113.5", "203.0.113.6"} {
		go func() {
			r.Play(ctx, Player{Name: "p-first", Address: addr}, wait)
			done <- struct{}{}
		}()
	}
	for r.Seated() < 2 {
		time.Sleep(10 * time.Millisecond)
	}
	var refused *Refused
	err := r.Play(context.Background(), Player{Name: "p-third", Address: "203.0.113.5"}, wait)
	if !errors.As(err, &refused) || !strings.Contains(refused.Reason, "The room is full") {
		t.Errorf("a third game in a room of two: %v", err)
	}
	leave()
	<-done
	<-done
	r2 := testRoom(t, Limits{MaxPerAddress: 1, Idle: time.Minute})
	ctx, leave = context.WithCancel(context.Background())
	go func() { r2.Play(ctx, Player{Name: "p-first", Address: "203.0.113.5"}, wait); done <- struct{}{} }()
	for r2.Seated() == 0 {
		time.Sleep(10 * time.Millisecond)
	}
	err = r2.Play(context.Background(), Player{Name: "p-second", Address: "203.0.113.5"}, wait)
	if !errors.As(err, &refused) || !strings.Contains(refused.Reason, "Too many games from your address") {
		t.Errorf("a second game from one address: %v", err)
	}
	leave()
	<-done
	if games.Load() != 3 {
		t.Errorf("%d games started, want the 3 admitted", games.Load())
	}
}

// The key rate holds a reader of whole messages: past the burst, Take
// waits for the rate.
func TestBucketWaitsPastTheBurst(t *testing.T) {
	b := newBucket(1000, 100)
	ctx := context.Background()
	start := time.Now()
	for range 3 {
		if err := b.Take(ctx, 100); err != nil {
			t.Fatal(err)
		}
	}
	if took := time.Since(start); took < 150*time.Millisecond {
		t.Errorf("300 bytes at 1000 a second after a burst of 100 took %v, want at least 200 ms", took)
	}
	ctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := b.Take(ctx, 100); err == nil {
		t.Error("Take in debt with its context over should fail")
	}
}
