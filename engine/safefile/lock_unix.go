//go:build unix

package safefile

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// Locking says that Lock locks here.
const Locking = true

// Lock takes f's exclusive lock, shared by every process of the machine
// (flock), waiting up to wait while another process holds it (then an
// error wrapping ErrLocked), and returns its release. The system lets it
// go when the process ends, however it ends.
func Lock(f *os.File, wait time.Duration) (func(), error) {
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
			return nil, fmt.Errorf("%w for %v", ErrLocked, wait)
		}
	}
}
