package termtest

import (
	"fmt"
	"net"
	"testing"
	"time"
)

// FreePort is a loopback port nothing listens on.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// WaitListening waits until something accepts connections on the
// loopback port; after limit the test fails.
func WaitListening(t testing.TB, port int, limit time.Duration) {
	t.Helper()
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	if _, ok := Poll(limit, func() (struct{}, bool) {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
		}
		return struct{}{}, err == nil
	}); !ok {
		t.Fatalf("nothing listens on port %d", port)
	}
}
