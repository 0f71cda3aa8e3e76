//go:build !unix

package record

import "os"

// createNew creates path for writing, failing if it exists.
func createNew(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
}
