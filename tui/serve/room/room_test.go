package room

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/builtin"
	_ "github.com/omnigap/omnigap/engine/builtin/all" // the built-in players of each family
	_ "github.com/omnigap/omnigap/engine/family/all"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/tui"
)

func testRoom(t *testing.T, limits Limits) *Room {
	t.Helper()
	sc, err := library.Resolve(library.DefaultID, 1)
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(Config{Limits: limits, Game: tui.Options{Scenario: sc, Modes: []view.Mode{view.Agents}, Seed: 1,
		Factory: builtin.Factory{}, Annotate: leak.Annotate, RecordDir: t.TempDir(), Play: &tui.PlayOptions{Seat: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	return r
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

// playFor plays one game for a player whose input and output are given,
// hanging up by closing both, and says how long the game lasted.
func playFor(t *testing.T, r *Room, addr string, in io.Reader, out io.Writer, hangup func()) (time.Duration, error) {
	t.Helper()
	start := time.Now()
	err := r.Play(context.Background(), Player{Name: "p-test", Address: addr, In: in, Out: out,
		Env: []string{"TERM=xterm-256color"}, Sizes: NewSizes(80, 24), Hangup: hangup})
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

// Past the cap per address the player is told their address has too
// many games, in those words, and the room starts nothing.
func TestTheCapPerAddressSaysWhatWasRefused(t *testing.T) {
	r := testRoom(t, Limits{MaxPerAddress: 1, Idle: time.Minute})
	pr, pw := io.Pipe()
	ctx, leave := context.WithCancel(context.Background())
	first := make(chan struct{})
	go func() {
		defer close(first)
		r.Play(ctx, Player{Name: "p-first", Address: "203.0.113.5", In: pr, Out: io.Discard, Sizes: NewSizes(80, 24), Hangup: func() { pw.Close() }})
	}()
	for r.Seated() == 0 {
		time.Sleep(10 * time.Millisecond)
	}
	var out strings.Builder
	_, err := playFor(t, r, "203.0.113.5", strings.NewReader(""), &out, nil)
	var refused *Refused
	if !errors.As(err, &refused) || !strings.Contains(out.String(), "Too many games from your address") {
		t.Errorf("a second game from one address: %v, told %q", err, out.String())
	}
	leave()
	<-first
}

// Window changes never wait for the game: a flood while nobody takes
// them costs nothing, and the game is handed the latest.
func TestSizesKeepOnlyTheLatest(t *testing.T) {
	s := NewSizes(80, 24)
	done := make(chan struct{})
	go func() {
		for i := range 100_000 {
			s.Set(100+i%7, 30)
		}
		s.Set(123, 45)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("setting sizes with nobody reading them waited")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := make(chan tea.Msg)
	go s.relay(ctx, out)
	if got := (<-out).(tea.WindowSizeMsg); got.Width != 123 || got.Height != 45 {
		t.Errorf("relayed %v, want the latest 123x45", got)
	}
}

// Typed text is cleaned as the transcript is: a bidi override or an
// escape typed is dropped, and a paste is cleaned.
func TestTypedTextIsCleaned(t *testing.T) {
	if got := filter(nil, tea.KeyPressMsg{Text: "\u202e", Code: '\u202e'}); got != nil {
		t.Errorf("a typed bidi override passed as %v", got)
	}
	if got := filter(nil, tea.PasteMsg{Content: "a\u2066b\x1b[2Jc"}).(tea.PasteMsg); got.Content != "abc" {
		t.Errorf("a paste passed as %q", got.Content)
	}
	if got := filter(nil, tea.KeyPressMsg{Text: "é", Code: 'é'}).(tea.KeyPressMsg); got.Text != "é" {
		t.Errorf("a plain key became %q", got.Text)
	}
}

// keys types s, then nothing until hung up.
type keys struct {
	s    string
	done chan struct{}
}

func (k *keys) Read(p []byte) (int, error) {
	if k.s != "" {
		n := copy(p, k.s)
		k.s = k.s[n:]
		return n, nil
	}
	<-k.done
	return 0, io.EOF
}

// syncBuffer is a strings.Builder safe for the program's writer.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A game that cannot start (its recording folder gone bad after the
// start) tells the host why, in the console's notes, and the player only
// that it did not start: no server path reaches them.
func TestAGameThatCannotStartTellsTheHostNotThePlayer(t *testing.T) {
	r := testRoom(t, Limits{Idle: time.Minute})
	bad := filepath.Join(t.TempDir(), "not-a-folder")
	if err := os.WriteFile(bad, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	r.cfg.Game.RecordDir = bad
	ctx, leave := context.WithCancel(context.Background())
	in := &keys{s: "\r", done: make(chan struct{})}
	var out syncBuffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.Play(ctx, Player{Name: "p-test", Address: "203.0.113.5", In: in, Out: &out, Env: []string{"TERM=xterm-256color"}, Sizes: NewSizes(100, 30), Hangup: func() {}})
	}()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(ansi.Strip(out.String()), "could not start") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	leave()
	close(in.done)
	<-done
	screen := ansi.Strip(out.String())
	if !strings.Contains(screen, "could not start") || strings.Contains(screen, bad) || strings.Contains(screen, "not-a-folder") {
		t.Errorf("the player's screen should say the game could not start, naming no path:\n%s", screen)
	}
	if notes := strings.Join(r.Standing().Notes, "\n"); !strings.Contains(notes, "could not start") || !strings.Contains(notes, bad) {
		t.Errorf("the console's notes should tell the host why: %q", notes)
	}
}
