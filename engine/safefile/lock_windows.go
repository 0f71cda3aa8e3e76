//go:build windows

package safefile

import (
	"errors"
	"fmt"
	"os"
	"time"

	"golang.org/x/sys/windows"
)

// lockOffset is where the locked byte is: far past any data, since a
// locked range on Windows also keeps other handles from reading it.
const lockOffset = 1 << 62

// Locking says that Lock locks here.
const Locking = true

// Lock takes an exclusive lock on one byte of the file (LockFileEx),
// waiting up to wait while another process holds it (then an error
// wrapping ErrLocked), and returns its release. The system lets it go
// when the process ends, however it ends.
func Lock(f *os.File, wait time.Duration) (func(), error) {
	h := windows.Handle(f.Fd())
	at := func() *windows.Overlapped { return &windows.Overlapped{OffsetHigh: lockOffset >> 32} }
	for deadline := time.Now().Add(wait); ; time.Sleep(time.Millisecond) {
		err := windows.LockFileEx(h, windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, at())
		if err == nil {
			return func() { windows.UnlockFileEx(h, 0, 1, 0, at()) }, nil
		}
		if !errors.Is(err, windows.ERROR_LOCK_VIOLATION) {
			return nil, err
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("%w for %v", ErrLocked, wait)
		}
	}
}
