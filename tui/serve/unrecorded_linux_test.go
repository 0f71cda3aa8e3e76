package serve

import (
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/record"
)

// A recording that can no longer be written mid-game (a full disk, here
// a file size limit: Go ignores the SIGXFSZ it brings) is said at once:
// the host's log and console name the file and the error, and the
// player's screen says the game is no longer recorded, naming no path.
func TestAGameThatCanNoLongerBeRecordedSaysSo(t *testing.T) {
	var log syncBuffer
	srv := startServer(t, Config{Log: &log})
	p := join(t, srv.Addr().String(), 120, 40)
	if err := p.waitFor("enter starts", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := p.press("\r"); err != nil {
		t.Fatal(err)
	}
	if err := p.say(buyerMoves[0]); err != nil {
		t.Fatal(err)
	}
	paths, err := record.Files(srv.dir)
	if err != nil || len(paths) != 1 {
		t.Fatalf("recordings %v (%v)", paths, err)
	}
	st, err := os.Stat(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: uint64(st.Size()) + 1, Max: old.Max}); err != nil {
		t.Skipf("no file size limit here: %v", err)
	}
	restored := false
	restore := func() {
		if !restored {
			restored = true
			if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
				t.Fatal(err)
			}
		}
	}
	defer restore()
	// The recording's lines reach the file within record.FlushDelay of
	// being written, and fail there; the next event written says so. The
	// recording no longer tells whether a move went: the screen does.
	p.srv = nil
	for _, move := range buyerMoves[1:3] {
		if err := p.say(move); err != nil {
			t.Fatal(err)
		}
		time.Sleep(3 * record.FlushDelay)
	}
	err = p.waitFor("not recorded", 20*time.Second)
	restore()
	if err != nil {
		t.Fatalf("%v\nlog: %s", err, log.String())
	}
	if strings.Contains(p.out.text(), srv.dir) {
		t.Error("the player's screen names the server's folder")
	}
	failures := strings.Join(srv.room.Standing().Failures, "\n")
	for _, where := range []string{failures, log.String()} {
		if !strings.Contains(where, "no longer recorded") || !strings.Contains(where, paths[0]) || !strings.Contains(where, "file too large") {
			t.Errorf("the host should be told the file and the error: %q", where)
		}
	}
}
