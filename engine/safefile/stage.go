package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// An import makes each file whole in a hidden staging folder of its
// output folder, named stagePrefix and digits, and moves it in only when
// it is done: a stop leaves nothing cut short in the folder. Its process
// holds the lock of the file stageLock in it for as long as it runs,
// and the system lets the lock go when the process ends, however it
// ends: a staging folder whose lock nobody holds was left by an import
// that was killed (SIGKILL, a power cut) before it could remove it.
const (
	stagePrefix = ".importing-"
	stageLock   = "lock"
	// stagedSuffix ends every file an import makes in its staging
	// folder (recordings).
	stagedSuffix = ".jsonl"
)

// Staging is a staging folder of an output folder (Dir.Stage).
type Staging struct {
	d      *Dir
	name   string
	unlock func()
	lock   *os.File
}

// Leftover is a staging folder that an import left in the folder, and
// what Stage did with it.
type Leftover struct {
	Name    string
	Removed bool
	// Files counts what was in it besides its lock: recordings an
	// import was making when it was killed, never moved in.
	Files int
	// Why says why a leftover is kept.
	Why string
}

func (l Leftover) String() string {
	if l.Removed {
		return fmt.Sprintf("removed %s, left by an import that was killed before it ended (%d unfinished %s in it, never moved in)", l.Name, l.Files, plural(l.Files, "file"))
	}
	return fmt.Sprintf("kept %s, a staging folder an import left: %s", l.Name, l.Why)
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// Stage makes a new staging folder in d, locked for as long as this
// process runs or until Close, after removing the ones that imports
// killed before they ended left there. A leftover is removed only when
// it is a real folder (not a link) with a staging folder's name, and
// either its lock is free and it holds nothing but the lock and the
// recordings its import was making, or (made by an omnigap from before
// the lock) it is empty. Any other leftover is kept and said: a lock
// held (an import running now) is kept silently; on a system without
// the locks omnigap uses (Locking) only empty ones are removed. What was
// removed and kept is returned, to be said.
func (d *Dir) Stage() (*Staging, []Leftover, error) {
	left, err := d.sweep()
	if err != nil {
		return nil, nil, err
	}
	// Another import may sweep the new folder away before it is locked:
	// then another is made.
	for range 5 {
		s, err := d.newStaging()
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			return s, left, err
		}
	}
	return nil, nil, fmt.Errorf("%s: a staging folder made there was removed again and again", d.path)
}

// newStaging makes a staging folder and takes its lock; ErrNotExist when
// another import's sweep removed it meanwhile.
func (d *Dir) newStaging() (*Staging, error) {
	name := ""
	for {
		name = fmt.Sprintf("%s%d", stagePrefix, rand.Uint32())
		err := d.root.Mkdir(name, 0o755)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("%s: %w", d.path, err)
		}
	}
	lockName := filepath.Join(name, stageLock)
	f, err := d.root.OpenFile(lockName, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	unlock, err := Lock(f, 0)
	if err != nil {
		f.Close()
		if errors.Is(err, ErrLocked) {
			return nil, fs.ErrNotExist // a sweep holds it, to remove it
		}
		return nil, err
	}
	// A sweep that took the lock first removed the file before letting
	// it go: the lock held must be on the file still there.
	mine, err1 := f.Stat()
	there, err2 := d.root.Lstat(lockName)
	if err1 != nil || err2 != nil || !os.SameFile(mine, there) {
		unlock()
		f.Close()
		return nil, fs.ErrNotExist
	}
	return &Staging{d: d, name: name, unlock: unlock, lock: f}, nil
}

// Path is the staging folder's path, for writers that create files by
// path in it (the recorder).
func (s *Staging) Path() string { return filepath.Join(s.d.path, s.name) }

// Move moves the finished file staged (its name in the staging folder)
// to name in the output folder. A regular file at name is replaced: make
// room first with Dir.Clear, which keeps what the policy keeps, unless
// the file there is the caller's own. A link, a folder or an input there
// is refused, as Dir.Write refuses it.
func (s *Staging) Move(staged, name string) error {
	if _, err := s.d.check(name, filepath.Join(s.d.path, name)); err != nil && !errors.Is(err, ErrExists) {
		return err
	}
	if err := s.d.root.Rename(filepath.Join(s.name, staged), name); err != nil {
		return fmt.Errorf("%s: %w", filepath.Join(s.d.path, name), err)
	}
	return nil
}

// Close removes the staging folder, what is left in it and its lock.
func (s *Staging) Close() error {
	err := s.d.removeStaged(s.name)
	s.unlock()
	s.lock.Close()
	return errors.Join(err, s.d.removeLock(s.name))
}

// removeStaged removes the files of the staging folder name but its lock.
func (d *Dir) removeStaged(name string) error {
	entries, err := d.entries(name)
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range entries {
		if e.Name() != stageLock {
			errs = append(errs, d.removeGone(filepath.Join(name, e.Name())))
		}
	}
	return errors.Join(errs...)
}

// removeLock removes the lock of the staging folder name, then the
// folder, emptied.
func (d *Dir) removeLock(name string) error {
	return errors.Join(d.removeGone(filepath.Join(name, stageLock)), d.removeGone(name))
}

// removeGone removes name of d; that another process removed it first is
// fine (a sweep and the import closing its folder at once).
func (d *Dir) removeGone(name string) error {
	if err := d.root.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: %w", filepath.Join(d.path, name), err)
	}
	return nil
}

// entries lists the folder name of d, without following a link.
func (d *Dir) entries(name string) ([]fs.DirEntry, error) {
	sub, err := d.root.OpenRoot(name)
	if err != nil {
		return nil, err
	}
	defer sub.Close()
	f, err := sub.Open(".")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.ReadDir(-1)
}

// sweep removes the staging folders that killed imports left in d (see
// Stage) and says what it found.
func (d *Dir) sweep() ([]Leftover, error) {
	entries, err := d.entries(".")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", d.path, err)
	}
	var out []Leftover
	for _, e := range entries {
		if !isStaging(e) {
			continue
		}
		l, busy := d.leftover(e.Name())
		if !busy {
			out = append(out, l)
		}
	}
	return out, nil
}

// isStaging reports whether e is a folder named as a staging folder.
func isStaging(e fs.DirEntry) bool {
	digits, ok := strings.CutPrefix(e.Name(), stagePrefix)
	if !ok || digits == "" || !e.IsDir() {
		return false
	}
	return strings.Trim(digits, "0123456789") == ""
}

// leftover removes the staging folder name when it can tell that an
// import left it (Stage), or says why not; busy: an import running now
// holds it.
func (d *Dir) leftover(name string) (l Leftover, busy bool) {
	l = Leftover{Name: filepath.Join(d.path, name)}
	entries, err := d.entries(name)
	if err != nil {
		l.Why = Explain(err).Error()
		return l, false
	}
	locked := false
	for _, e := range entries {
		switch {
		case e.Name() == stageLock && e.Type().IsRegular():
			locked = true
		case e.Type().IsRegular() && strings.HasSuffix(e.Name(), stagedSuffix):
			l.Files++
		default:
			l.Why = fmt.Sprintf("it holds %s, which no import puts there", e.Name())
			return l, false
		}
	}
	if !locked {
		if l.Files > 0 {
			l.Why = "it has no lock, so it may belong to an older omnigap's import running now; remove it once none is"
			return l, false
		}
		// Empty: nothing is lost. It fails when an import has just made
		// it its own (its lock is there now).
		l.Removed = d.root.Remove(name) == nil
		return l, !l.Removed
	}
	if !Locking {
		l.Why = "this system has no file locks to tell whether its import still runs; remove it once none does"
		return l, false
	}
	f, err := d.root.OpenFile(filepath.Join(name, stageLock), os.O_RDWR, 0)
	if err != nil {
		l.Why = Explain(err).Error()
		return l, false
	}
	defer f.Close()
	unlock, err := Lock(f, 0)
	if errors.Is(err, ErrLocked) {
		return l, true
	}
	if err != nil {
		l.Why = Explain(err).Error()
		return l, false
	}
	// Removed holding the lock, the lock's file last: an import that
	// makes this folder its own meanwhile finds its lock's file gone
	// (newStaging).
	defer unlock()
	if err := errors.Join(d.removeStaged(name), d.removeLock(name)); err != nil {
		l.Why = Explain(err).Error()
		return l, false
	}
	l.Removed = true
	return l, false
}
