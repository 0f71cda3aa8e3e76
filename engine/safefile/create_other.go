//go:build !unix

package safefile

import "os"

// CreateNew creates a new, empty file at path for appending, failing when
// anything is at path already (see the unix version).
func CreateNew(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|os.O_EXCL, 0o644)
}
