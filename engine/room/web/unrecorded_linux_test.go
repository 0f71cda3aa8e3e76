package web

import (
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/record"
)

// A recording that can no longer be written mid-game (a full disk, here
// a file size limit: Go ignores the SIGXFSZ it brings) is said at once:
// the host's log and console name the file and the error, and the
// player is told that the game is no longer recorded, and plays on.
func TestAGameThatCanNoLongerBeRecordedSaysSo(t *testing.T) {
	var log lockedLog
	d := startDoor(t, room0(), Config{}, &log)
	c := connect(t, d)
	if err := c.join("Di", ""); err != nil {
		t.Fatal(err)
	}
	if err := c.say(buyerMoves[0]); err != nil {
		t.Fatal(err)
	}
	paths, err := record.Files(d.dir)
	if err != nil || len(paths) != 1 {
		t.Fatalf("recordings %v (%v)", paths, err)
	}
	st, err := os.Stat(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	restore := limitFileSize(t, uint64(st.Size())+1)
	defer restore()
	// The recording's buffered lines reach the file within
	// record.FlushDelay, and fail there; the next event written says so.
	time.Sleep(3 * record.FlushDelay)
	if err := c.say(buyerMoves[1]); err != nil {
		t.Fatal(err)
	}
	raw, err := c.until("notice", 20*time.Second)
	restore()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(c.got["turn"]); n >= 10 || len(c.got["ended"]) > 0 {
		t.Errorf("the player was told after %d turns, when the game had ended: not at once", n)
	}
	for _, move := range buyerMoves[2:] {
		if err := c.say(move); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(string(raw), "no longer recorded") || strings.Contains(string(raw), d.dir) {
		t.Errorf("the player was told %s: want that the game is no longer recorded, naming no path", raw)
	}
	if _, err := c.until("reveal", 30*time.Second); err != nil {
		t.Errorf("the game did not play on to its end: %v", err)
	}
	failures := strings.Join(d.room.Standing().Failures, "\n")
	for _, where := range []string{failures, log.String()} {
		if !strings.Contains(where, "no longer recorded") || !strings.Contains(where, paths[0]) || !strings.Contains(where, "file too large") {
			t.Errorf("the host should be told the file and the error: %q", where)
		}
	}
}

// limitFileSize makes every file this process writes fail past n bytes,
// until the returned function is called.
func limitFileSize(t *testing.T, n uint64) func() {
	t.Helper()
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: old.Max}); err != nil {
		t.Skipf("no file size limit here: %v", err)
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// lockedLog is a log the room may write from any goroutine.
type lockedLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
