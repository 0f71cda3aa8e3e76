package serve

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/room"
)

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
	dir := filepath.Join(t.TempDir(), "rec")
	game := testGame(t, library.DefaultID, 10, dir)
	r, err := room.New(room.Config{Setup: SetupOf(game), Limits: room.Limits{Idle: time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, leave := context.WithCancel(context.Background())
	in := &keys{s: "\r", done: make(chan struct{})}
	var out syncBuffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.Play(ctx, room.Player{Name: "p-test", Address: "203.0.113.5", Hangup: func() {}},
			terminal{game: game, in: in, out: &out, env: []string{"TERM=xterm-256color"}, term: "xterm-256color", sizes: NewSizes(100, 30)})
	}()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(ansi.Strip(out.String()), "could not start") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	leave()
	close(in.done)
	<-done
	screen := ansi.Strip(out.String())
	if !strings.Contains(screen, "could not start") || strings.Contains(screen, dir) {
		t.Errorf("the player's screen should say the game could not start, naming no path:\n%s", screen)
	}
	if failures := strings.Join(r.Standing().Failures, "\n"); !strings.Contains(failures, "could not start") || !strings.Contains(failures, dir) {
		t.Errorf("the console should tell the host why: %q", failures)
	}
}
