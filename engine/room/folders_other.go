//go:build !unix

package room

import "io/fs"

// freeSpace is not known on this system: the check is skipped.
func freeSpace(string) (uint64, bool) { return 0, false }

func ownedByRoot(fs.FileInfo) bool { return false }
