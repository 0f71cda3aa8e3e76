package room

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// minFreeSpace is the least free space a recording folder must have at
// start: a game's recording is tens of kilobytes, so this is room for
// hundreds of games.
const minFreeSpace = 16 << 20

// checkRecordDir makes sure the games can be recorded before anyone
// connects: the folder is created when missing, no folder on its path
// is a link another user could have placed (CheckPath), a file can be
// created in it, and its disk has space left.
func checkRecordDir(dir string) error {
	if err := CheckPath(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := CheckPath(dir); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".omnigap-serve-check-*")
	if err != nil {
		return fmt.Errorf("cannot write in it: %w", err)
	}
	name := f.Name()
	_, werr := f.Write([]byte("check\n"))
	cerr := f.Close()
	os.Remove(name)
	if err := errors.Join(werr, cerr); err != nil {
		return fmt.Errorf("cannot write in it: %w", err)
	}
	free, ok := freeSpace(dir)
	if ok && free < minFreeSpace {
		return fmt.Errorf("only %d KB free on its disk (at least %d MB needed)", free>>10, minFreeSpace>>20)
	}
	return nil
}

// CheckPath refuses a path through a link (the path itself, or any
// folder above it) that is not the system's own (owned by root, such as
// /tmp on macOS): a link placed by another user could send the files
// elsewhere. It goes from the root down, so the first folder that is
// wrong is the one named; what does not exist yet is not checked.
func CheckPath(path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	p := string(filepath.Separator)
	for _, part := range strings.Split(strings.TrimPrefix(abs, p), string(filepath.Separator)) {
		p = filepath.Join(p, part)
		st, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if st.Mode()&fs.ModeSymlink != 0 {
			if !ownedByRoot(st) {
				target, _ := os.Readlink(p)
				return fmt.Errorf("%s is a link (to %s): give the folder itself", p, target)
			}
			if st, err = os.Stat(p); err != nil {
				return err
			}
		}
		if p != abs && !st.IsDir() {
			return fmt.Errorf("%s is not a folder", p)
		}
	}
	return nil
}
