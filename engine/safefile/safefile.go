// Package safefile reads and writes files the way a long unattended study
// needs: only regular files are read (never a device, a FIFO or a socket a
// link points at), reads are capped, folders are listed rather than globbed,
// and outputs are replaced atomically without following links.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ErrTooLarge is wrapped by ReadCapped when a file exceeds its cap.
var ErrTooLarge = errors.New("file too large")

// Open opens path for reading if it is a regular file (after following
// links). A FIFO, device or socket is refused before it is opened, so
// nothing blocks or streams for ever; the opened file is checked again.
func Open(path string) (*os.File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(path, st.Mode())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if st, err = f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = notRegular(path, st.Mode())
		}
		return nil, err
	}
	return f, nil
}

func notRegular(path string, m fs.FileMode) error {
	kind := "not a regular file"
	switch {
	case m.IsDir():
		kind = "a folder, not a file"
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe, not a regular file"
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		kind = "a device, not a regular file"
	case m&fs.ModeSocket != 0:
		kind = "a socket, not a regular file"
	}
	return fmt.Errorf("%s: %s", path, kind)
}

// ReadCapped reads a regular file of at most limit bytes. A larger file is
// refused with an error wrapping ErrTooLarge; the returned data then holds
// the first limit bytes, so callers can say where the cap was reached.
func ReadCapped(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return data[:limit], fmt.Errorf("%w (more than %d bytes)", ErrTooLarge, limit)
	}
	return data, nil
}

// List returns the entries of dir whose names end in suffix, except
// folders, sorted by name. Links, pipes and devices are listed so that
// their reader can refuse them by name. The folder name is used as is:
// brackets, stars and question marks in it are just characters.
func List(dir, suffix string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), suffix) {
			continue
		}
		if !e.IsDir() {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	sort.Strings(out)
	return out, nil
}

// Write replaces path with what write produces, atomically: the data goes
// to a new temporary file beside it, which is synced and renamed over path
// only when complete. A path that is a link, folder or other non-regular
// file is refused rather than followed or replaced. On any error the
// temporary file is removed and path is left as it was.
func Write(path string, write func(io.Writer) error) (err error) {
	if st, lerr := os.Lstat(path); lerr == nil && !st.Mode().IsRegular() {
		if st.Mode()&fs.ModeSymlink != 0 {
			return fmt.Errorf("%s: is a symbolic link; refusing to write through it", path)
		}
		return notRegular(path, st.Mode())
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Chmod(0o644); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
