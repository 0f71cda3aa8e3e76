package safefile

import (
	"errors"
	"io/fs"
	"os"
	"strings"
)

// Explain says err as its reader needs it: every file error in it (an
// fs.PathError, an os.LinkError) as what went wrong and then the path as
// the user gave it, "no such file or directory: notes/a.json", without
// the system call that failed ("lstat notes/a.json: no such file or
// directory"), which tells the user nothing. A path said just before
// the error is not said twice. The result still wraps err (errors.Is and
// errors.As see through it); nil stays nil.
func Explain(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	said := msg
	for _, e := range fileErrors(err, nil) {
		var plain, full string
		switch e := e.(type) {
		case *fs.PathError:
			full, plain = e.Error(), e.Err.Error()+": "+e.Path
			said = strings.ReplaceAll(said, e.Path+": "+full, plain)
		case *os.LinkError:
			full, plain = e.Error(), e.Err.Error()+": "+e.Old+" (moving it to "+e.New+")"
		}
		said = strings.ReplaceAll(said, full, plain)
	}
	if said == msg {
		return err
	}
	return &explained{said, err}
}

// fileErrors appends the file errors of err's tree to into, outermost
// first.
func fileErrors(err error, into []error) []error {
	switch e := err.(type) {
	case *fs.PathError, *os.LinkError:
		return append(into, e)
	case interface{ Unwrap() []error }:
		for _, inner := range e.Unwrap() {
			into = fileErrors(inner, into)
		}
		return into
	}
	if inner := errors.Unwrap(err); inner != nil {
		return fileErrors(inner, into)
	}
	return into
}

type explained struct {
	msg string
	err error
}

func (e *explained) Error() string { return e.msg }
func (e *explained) Unwrap() error { return e.err }
