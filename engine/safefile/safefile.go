// Package safefile is how omnigap reads and writes files. Only regular
// files are read (never a device, a FIFO or a socket a link points at),
// reads are capped before they start, folders are listed rather than
// globbed. Every file is written one of two ways, neither of which follows
// a link where the file goes: whole (WriteFile, Dir.Write: a temporary
// file renamed into place, never over an existing file unless asked, never
// over an input) or appended to a file created new (CreateNew).
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

// ErrLocked is wrapped by Lock when another process held the lock for
// longer than it would wait.
var ErrLocked = errors.New("another process has held the file's lock")

// ErrTooLarge is wrapped by ReadCapped and OpenCapped when a file exceeds
// its cap.
var ErrTooLarge = errors.New("file too large")

// tooLarge says which file is over which cap.
func tooLarge(path string, limit int64) error {
	return fmt.Errorf("%s: %w: larger than the limit of %d bytes", path, ErrTooLarge, limit)
}

// Open opens path for reading if it is a regular file (after following
// links). A FIFO, device or socket is refused before it is opened, so
// nothing blocks or streams for ever; the opened file is checked again.
func Open(path string) (*os.File, error) {
	f, _, err := OpenInfo(path)
	return f, err
}

// OpenInfo is Open that also returns what the opened file's Stat says
// (its size), which readers of a file's ends would ask again.
func OpenInfo(path string) (*os.File, fs.FileInfo, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, nil, notRegular(path, st.Mode())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	if st, err = f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = notRegular(path, st.Mode())
		}
		return nil, nil, err
	}
	return f, st, nil
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
// refused with an error naming it and the cap and wrapping ErrTooLarge;
// the returned data then holds the first limit bytes, so callers can say
// where the cap was reached. At most limit+1 bytes are read.
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
		return data[:limit], tooLarge(path, limit)
	}
	return data, nil
}

// OpenCapped opens a regular file of at most limit bytes for reading in a
// stream. A file whose size is over the cap is refused before anything is
// read, with an error naming it and the cap and wrapping ErrTooLarge; a
// file that grows past the cap while it is read (or claims a size it does
// not have) fails the read that crosses it with the same error.
func OpenCapped(path string, limit int64) (io.ReadCloser, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err != nil || st.Size() > limit {
		f.Close()
		if err == nil {
			err = tooLarge(path, limit)
		}
		return nil, err
	}
	return &cappedFile{f: f, path: path, limit: limit, left: limit}, nil
}

// OpenCappedFS is OpenCapped for a file of fsys (a file built into the
// binary with go:embed): only a regular file of at most limit bytes is
// opened, and reading past the cap fails in the same way.
func OpenCappedFS(fsys fs.FS, name string, limit int64) (io.ReadCloser, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	switch {
	case err != nil:
	case !st.Mode().IsRegular():
		err = notRegular(name, st.Mode())
	case st.Size() > limit:
		err = tooLarge(name, limit)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return &cappedFile{f: f, path: name, limit: limit, left: limit}, nil
}

type cappedFile struct {
	f           io.ReadCloser
	path        string
	limit, left int64
}

func (c *cappedFile) Read(p []byte) (int, error) {
	if c.left <= 0 {
		// One byte more tells a file of exactly limit bytes from a longer one.
		var one [1]byte
		if n, _ := c.f.Read(one[:]); n > 0 {
			return 0, tooLarge(c.path, c.limit)
		}
		return 0, io.EOF
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.f.Read(p)
	c.left -= int64(n)
	return n, err
}

func (c *cappedFile) Close() error { return c.f.Close() }

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
