//go:build unix

package replycache

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// lock takes the file's exclusive lock (flock), waiting up to wait while
// another process holds it, and returns its release.
func lock(f *os.File, wait time.Duration) (func(), error) {
	fd := int(f.Fd())
	for deadline := time.Now().Add(wait); ; time.Sleep(time.Millisecond) {
		err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { syscall.Flock(fd, syscall.LOCK_UN) }, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			return nil, err
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("another process has held the file's lock for %v", wait)
		}
	}
}
