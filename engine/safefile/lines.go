package safefile

import (
	"bufio"
	"fmt"
	"io"
)

// LineTooLong is Lines.Next's error for a line over the cap.
type LineTooLong struct{ Max int }

func (e *LineTooLong) Error() string { return fmt.Sprintf("line is longer than %d bytes", e.Max) }

// Lines splits a stream into lines of at most max bytes without ever
// holding more than that of one line.
type Lines struct {
	br  *bufio.Reader
	max int
	buf []byte
	// read is set when Next refused a line it had already read to its
	// end (the line fit the reader's buffer): SkipLine then has nothing
	// to skip, and returns end, what ended the line.
	read bool
	end  error
}

// NewLines reads r line by line, refusing lines longer than max bytes.
func NewLines(r io.Reader, max int) *Lines {
	return &Lines{br: bufio.NewReaderSize(r, 64<<10), max: max}
}

// Next returns the next line (with its newline, if it had one), whether
// it ended in a newline, and io.EOF after the last. The line is valid
// until the next call. A line longer than max is a *LineTooLong error,
// returned once its first max bytes are read; the rest of it is still
// unread, for SkipLine or for nothing.
func (l *Lines) Next() ([]byte, bool, error) {
	l.buf = l.buf[:0]
	l.read = false
	for {
		chunk, err := l.br.ReadSlice('\n')
		if len(l.buf)+len(chunk) > l.max {
			l.read, l.end = err != bufio.ErrBufferFull, err
			return nil, false, &LineTooLong{l.max}
		}
		l.buf = append(l.buf, chunk...)
		switch err {
		case nil:
			return l.buf, true, nil
		case bufio.ErrBufferFull:
			continue
		default:
			return l.buf, false, err
		}
	}
}

// SkipLine reads past the end of the current line without keeping it,
// after Next refused it as too long.
func (l *Lines) SkipLine() error {
	if l.read {
		l.read = false
		return l.end
	}
	for {
		_, err := l.br.ReadSlice('\n')
		if err != bufio.ErrBufferFull {
			return err
		}
	}
}
