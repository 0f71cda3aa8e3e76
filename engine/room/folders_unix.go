//go:build unix

package room

import (
	"io/fs"
	"syscall"
)

// freeSpace is the space left to an unprivileged user on dir's disk.
func freeSpace(dir string) (uint64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, false
	}
	// The conversions are needed: the fields' types differ between systems.
	return uint64(st.Bavail) * uint64(st.Bsize), true
}

func ownedByRoot(st fs.FileInfo) bool {
	sys, ok := st.Sys().(*syscall.Stat_t)
	return ok && sys.Uid == 0
}
