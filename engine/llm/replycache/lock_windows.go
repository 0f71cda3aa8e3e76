//go:build windows

package replycache

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

// lock takes an exclusive lock on one byte of the file (LockFileEx),
// waiting up to wait while another process holds it, and returns its
// release.
func lock(f *os.File, wait time.Duration) (func(), error) {
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
			return nil, fmt.Errorf("another process has held the file's lock for %v", wait)
		}
	}
}
