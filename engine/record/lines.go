package record

import (
	"bufio"
	"fmt"
	"io"
)

// lineReader splits a stream into lines of at most max bytes without ever
// holding more than that of one line.
type lineReader struct {
	br  *bufio.Reader
	max int
	buf []byte
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns the next line, whether it ended in a newline, and io.EOF
// after the last. A line longer than max is an error; the rest of the
// stream is not read.
func (l *lineReader) next() ([]byte, bool, error) {
	l.buf = l.buf[:0]
	for {
		chunk, err := l.br.ReadSlice('\n')
		if len(l.buf)+len(chunk) > l.max {
			return nil, false, fmt.Errorf("line is longer than %d bytes", l.max)
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
