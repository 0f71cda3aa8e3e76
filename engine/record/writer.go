package record

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sync"

	"github.com/omnigap/omnigap/engine"
	"github.com/omnigap/omnigap/engine/event"
)

// Writer appends a run's lines to a file. Lines are buffered and written
// at turn boundaries: every event but a text delta or a usage report
// flushes the buffer, and so does Close. A crash loses at most the
// streamed text of the turn in progress, and the reader tolerates a line
// cut off mid-write.
type Writer struct {
	mu   sync.Mutex
	f    *os.File
	bw   *bufio.Writer
	path string
	buf  []byte
}

// Create starts a recording at path with the given header. The header's
// kind, format and app version are filled in. If the header cannot be
// written the file is removed, so no empty recording is left behind.
func Create(path string, h Header) (*Writer, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	w := &Writer{f: f, bw: bufio.NewWriterSize(f, 32<<10), path: path}
	h.Kind, h.Format, h.App = headerKind, FormatVersion, engine.Version
	if err := w.line(h, true); err != nil {
		f.Close()
		os.Remove(path)
		return nil, err
	}
	return w, nil
}

// Path returns the file being written.
func (w *Writer) Path() string { return w.path }

// Event appends one event.
func (w *Writer) Event(ev event.Event) error {
	return w.line(ev, ev.Kind != event.Delta && ev.Kind != event.UsageReported)
}

// Close writes the footer, flushes and closes the file.
func (w *Writer) Close(end *event.Ending) error {
	err := w.line(Footer{Kind: footerKind, Ending: end}, true)
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	return err
}

func (w *Writer) line(v any, flush bool) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("%s: encode: %w", w.path, err)
	}
	w.buf = append(append(w.buf[:0], b...), '\n')
	if _, err := w.bw.Write(w.buf); err != nil {
		return fmt.Errorf("%s: %w", w.path, err)
	}
	if flush {
		if err := w.bw.Flush(); err != nil {
			return fmt.Errorf("%s: %w", w.path, err)
		}
	}
	return nil
}
