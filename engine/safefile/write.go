package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// ErrExists is wrapped when an output is already there and Policy.Replace
// was not given.
var ErrExists = errors.New("already exists (--force replaces it)")

// Policy says what writing an output may do besides creating a new file.
type Policy struct {
	// Replace lets a write replace an existing regular file (--force).
	// A link, a folder or any other file that is not regular is never
	// replaced or written through.
	Replace bool
	// Inputs are the files the command reads: an output that is one of
	// them (under any name) is refused, Replace or not.
	Inputs []string
	// Mode is a new file's permissions (before the umask), 0644 when
	// zero: 0600 keeps a key to its owner from its first byte.
	Mode fs.FileMode
}

// Dir is an output folder, opened once: every write works on the folder
// itself, so a folder swapped for a link after it was opened changes
// nothing, and only names directly in it are written.
type Dir struct {
	root   *os.Root
	path   string
	policy Policy
	inputs []os.FileInfo
}

// OpenDir opens the folder at path (which must exist; a link to a folder
// is followed, as the user named it) for writing outputs into.
func OpenDir(path string, p Policy) (*Dir, error) {
	root, err := os.OpenRoot(path)
	if err != nil {
		return nil, err
	}
	d := &Dir{root: root, path: path, policy: p}
	for _, in := range p.Inputs {
		if st, err := os.Stat(in); err == nil {
			d.inputs = append(d.inputs, st)
		}
	}
	return d, nil
}

// Path is the folder's path as given.
func (d *Dir) Path() string { return d.path }

// Close lets the folder go.
func (d *Dir) Close() error { return d.root.Close() }

// WriteFile writes the file at path whole, as Dir.Write does in its
// folder.
func WriteFile(path string, p Policy, write func(io.Writer) error) error {
	d, err := OpenDir(filepath.Dir(path), p)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Write(filepath.Base(path), write)
}

// Write writes the file name in the folder whole: what write produces goes
// to a new temporary file beside it, which is synced and moved into place
// only when complete. Nothing is written through a link: a name that is a
// link, a folder or another file that is not regular is refused, as is one
// of the policy's inputs, and an existing file unless the policy replaces
// files. On any error the temporary file is removed and the folder is as
// it was.
func (d *Dir) Write(name string, write func(io.Writer) error) (err error) {
	path := filepath.Join(d.path, name)
	existed, err := d.check(name, path)
	if err != nil {
		return err
	}
	tmp, f, err := d.temp(name)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			d.root.Remove(tmp)
		}
	}()
	if err = write(f); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return d.place(tmp, name, path, existed)
}

// check looks at what is at name, a name directly in the folder, now:
// nothing, or a regular file the policy lets the write replace.
func (d *Dir) check(name, path string) (existed bool, err error) {
	if name != filepath.Base(name) || name == "." || name == ".." {
		return false, fmt.Errorf("%s: not a file name in %s", name, d.path)
	}
	st, err := d.root.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	switch {
	case st.Mode()&fs.ModeSymlink != 0:
		return true, fmt.Errorf("%s: is a symbolic link; refusing to write through it", path)
	case !st.Mode().IsRegular():
		return true, notRegular(path, st.Mode())
	}
	for _, in := range d.inputs {
		if os.SameFile(st, in) {
			return true, fmt.Errorf("%s: is one of the files this command reads; refusing to write over it", path)
		}
	}
	if !d.policy.Replace {
		return true, fmt.Errorf("%s: %w", path, ErrExists)
	}
	return true, nil
}

// temp creates a new, empty temporary file in the folder for name.
func (d *Dir) temp(name string) (string, *os.File, error) {
	prefix := name
	if len(prefix) > 64 {
		prefix = prefix[:64]
	}
	mode := d.policy.Mode
	if mode == 0 {
		mode = 0o644
	}
	for {
		tmp := fmt.Sprintf(".%s.tmp-%08x", prefix, rand.Uint32())
		f, err := d.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
		if !errors.Is(err, fs.ErrExist) {
			return tmp, f, err
		}
	}
}

// place moves the finished temporary file to name. A new file is linked
// in, which fails rather than replace a file that appeared meanwhile; on
// a file system without links it is renamed after one more look. A file
// the policy replaces is renamed over (a rename replaces a link that took
// its place, never what the link points to).
func (d *Dir) place(tmp, name, path string, existed bool) error {
	if existed {
		if err := d.root.Rename(tmp, name); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		return nil
	}
	err := d.root.Link(tmp, name)
	switch {
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("%s: %w", path, ErrExists)
	case err != nil:
		if _, lerr := d.root.Lstat(name); !errors.Is(lerr, fs.ErrNotExist) {
			return fmt.Errorf("%s: %w", path, ErrExists)
		}
		if err := d.root.Rename(tmp, name); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		return nil
	}
	return d.root.Remove(tmp)
}

// Clear makes room in the folder for a new file name, to be created with
// CreateNew (an append-only file, which never replaces one): nothing there
// is fine; a regular file is removed when the policy replaces files and is
// not one of the inputs; anything else is refused as Write refuses it.
func (d *Dir) Clear(name string) error {
	path := filepath.Join(d.path, name)
	existed, err := d.check(name, path)
	if err != nil || !existed {
		return err
	}
	if err := d.root.Remove(name); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// Remove removes the file name of the folder: one the caller wrote, or
// one it has taken the place of (a link there is removed, never what it
// points to).
func (d *Dir) Remove(name string) error {
	if err := d.root.Remove(name); err != nil {
		return fmt.Errorf("%s: %w", filepath.Join(d.path, name), err)
	}
	return nil
}
