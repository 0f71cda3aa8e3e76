package serve

import (
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// stuckScreen takes the first write and then never returns from the next
// one: a client that stops reading, so the SSH channel's window fills
// and the server's writes to that session block.
type stuckScreen struct {
	first   chan struct{}
	release chan struct{}
	n       int
}

func (s *stuckScreen) Write(p []byte) (int, error) {
	s.n++
	if s.n == 1 {
		close(s.first)
		return len(p), nil
	}
	<-s.release
	return 0, io.ErrClosedPipe
}

// TestAClientThatNeverReadsCostsOnlyItsOwnGame: a player whose client
// stops reading while the server redraws fills its window; the server's
// writes to it block. The room goes on (another player's game is played
// and recorded), the stuck game ends with the idle timeout, its recording
// is valid and ended "disconnected", and its goroutines go with it.
func TestAClientThatNeverReadsCostsOnlyItsOwnGame(t *testing.T) {
	const idle = 3 * time.Second
	before := runtime.NumGoroutine()
	srv := startServer(t, Config{Idle: idle})
	addr := srv.Addr().String()

	client, err := gossh.Dial("tcp", addr, clientConfig(nil))
	if err != nil {
		t.Fatal(err)
	}
	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	stuck := &stuckScreen{first: make(chan struct{}), release: make(chan struct{})}
	sess.Stdout, sess.Stderr = stuck, io.Discard
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-stuck.first:
	case <-time.After(30 * time.Second):
		t.Fatal("no first frame within 30 s")
	}
	// Start the game, then make the server redraw whole screens (each
	// resize does) until well past the channel's window: the client
	// consumes none of it.
	if _, err := io.WriteString(in, "\r"); err != nil {
		t.Fatal(err)
	}
	for i := range 400 {
		if err := sess.WindowChange(24, 80+i%2); err != nil {
			break // the server may have given up on the session already
		}
	}

	// The room plays on beside it.
	other := join(t, addr, 100, 30)
	if err := other.waitFor("enter starts", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := other.press("\r"); err != nil {
		t.Fatal(err)
	}
	for _, move := range buyerMoves {
		if err := other.say(move); err != nil {
			t.Fatal(err)
		}
	}
	if err := other.waitFor("How it went", 60*time.Second); err != nil {
		t.Fatalf("another player's game did not end while one client was stuck: %v", err)
	}
	if err := other.send("q"); err != nil {
		t.Fatal(err)
	}
	other.sess.Wait()
	other.close()

	// The stuck game ends with the idle timeout, not with the server.
	deadline := time.Now().Add(idle + 20*time.Second)
	for srv.Playing() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d games still under way %v after the stuck client's last input", srv.Playing(), idle+20*time.Second)
		}
		time.Sleep(50 * time.Millisecond)
	}
	_, recs := folderReport(t, srv.dir)
	reasons := map[string]int{}
	for _, rec := range recs {
		if rec.Footer == nil {
			t.Fatalf("%s: no footer", rec.Path)
		}
		reasons[string(rec.Footer.Ending.Reason)]++
	}
	if len(recs) != 2 || reasons["disconnected"] != 1 {
		t.Errorf("recordings ended %v, want two with one disconnected", reasons)
	}
	// The client's own goroutines go with it, the server's with it.
	close(stuck.release)
	client.Close()
	srv.shutdown(t)
	if n, stacks := settledGoroutines(before, 10*time.Second); stacks != "" {
		t.Errorf("%d goroutines after the stuck game ended and the server stopped, %d before it:\n%s", n, before, firstStacks(stacks, "serve"))
	}
}

// firstStacks keeps the goroutine stacks that mention pkg.
func firstStacks(all, pkg string) string {
	var keep []string
	for _, g := range strings.Split(all, "\n\n") {
		if strings.Contains(g, pkg) {
			keep = append(keep, g)
		}
	}
	return strings.Join(keep, "\n\n")
}
