package termtest

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A session shows what its command prints, takes keys and literal text,
// and its command's exit status arrives in the status file.
func TestTermRunsACommandAndTakesKeys(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	status := filepath.Join(dir, "status")
	tm := Start(t, "termtest", Session{Name: "main", Dir: dir, Width: 200, Height: 5,
		Command: WithStatus(`printf 'ready in %s\n' "$(pwd)"; read line; echo "got [$line]"; sh -c 'exit 3'`, status) + "; sleep 60"})
	tm.WaitFor("the prompt", 10*time.Second, func(s string) bool { return strings.Contains(s, "ready in "+dir) })
	tm.Type("it's me")
	tm.Keys("Enter")
	s := tm.WaitFor("the answer", 10*time.Second, func(s string) bool { return strings.Contains(s, "got [it's me]") })
	if !strings.Contains(s, "got [it's me]") {
		t.Errorf("screen:\n%s", s)
	}
	if code, ok := Poll(10*time.Second, func() (string, bool) { c := ReadStatus(status); return c, c != "" }); !ok || code != "3" {
		t.Errorf("exit status %q", code)
	}
	if ReadStatus(filepath.Join(dir, "none")) != "" {
		t.Error("a missing status file reads as a status")
	}
}

// Poll looks until it is done, and gives up at its limit with the last
// answer.
func TestPollStopsWhenDoneOrAtItsLimit(t *testing.T) {
	n := 0
	if v, ok := Poll(5*time.Second, func() (int, bool) { n++; return n, n == 3 }); !ok || v != 3 {
		t.Errorf("got %d, %v", v, ok)
	}
	start := time.Now()
	if v, ok := Poll(120*time.Millisecond, func() (string, bool) { return "last", false }); ok || v != "last" {
		t.Errorf("got %q, %v", v, ok)
	}
	if waited := time.Since(start); waited < 120*time.Millisecond || waited > 2*time.Second {
		t.Errorf("gave up after %v", waited)
	}
}

func TestWriteFileMakesItsFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "c.txt")
	WriteFile(t, path, "x")
	if b, err := os.ReadFile(path); err != nil || string(b) != "x" {
		t.Errorf("%q %v", b, err)
	}
}

func TestFreePortIsFreeAndWaitListeningSeesAListener(t *testing.T) {
	port := FreePort(t)
	l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
	if err != nil {
		t.Fatalf("the free port %d is taken: %v", port, err)
	}
	defer l.Close()
	WaitListening(t, port, 5*time.Second)
}
