package record

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"

	"github.com/omnigap/omnigap/engine"
	"github.com/omnigap/omnigap/engine/event"
)

// Writer appends a run's lines to a file, one write per line, so a crash
// loses at most the line being written.
type Writer struct {
	mu   sync.Mutex
	f    *os.File
	path string
	buf  []byte
}

// Create starts a recording at path with the given header. The header's
// kind, format and app version are filled in.
func Create(path string, h Header) (*Writer, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	w := &Writer{f: f, path: path}
	h.Kind, h.Format, h.App = headerKind, FormatVersion, engine.Version
	if err := w.line(h); err != nil {
		f.Close()
		return nil, err
	}
	return w, nil
}

// Path returns the file being written.
func (w *Writer) Path() string { return w.path }

// Event appends one event.
func (w *Writer) Event(ev event.Event) error { return w.line(ev) }

// Close writes the footer and closes the file.
func (w *Writer) Close(end *event.Ending) error {
	err := w.line(Footer{Kind: footerKind, Ending: end})
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	return err
}

func (w *Writer) line(v any) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("%s: encode: %w", w.path, err)
	}
	w.buf = append(append(w.buf[:0], b...), '\n')
	if _, err := w.f.Write(w.buf); err != nil {
		return fmt.Errorf("%s: %w", w.path, err)
	}
	return nil
}
