package record

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/omnigap/omnigap/engine"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// Writer appends a run's lines to a file. Lines are buffered and reach
// the file at most FlushDelay after they were written, when the buffer
// fills, and on Close. A run of the built-in engine then costs a write or
// two instead of one per event, and a crash loses at most the last
// FlushDelay of a run; the reader tolerates a line cut off mid-write.
type Writer struct {
	mu      sync.Mutex
	f       *os.File
	out     *lineFile // f, counting what reached it
	bw      *bufio.Writer
	path    string
	buf     []byte
	pending *time.Timer // armed while lines wait in bw
	// ended is the ending of the run-ended event and endedJSON its
	// encoding, which the footer of the same ending repeats.
	ended     *event.Ending
	endedJSON []byte
}

// FlushDelay is the longest a written line waits in the buffer.
const FlushDelay = 100 * time.Millisecond

// Create starts a recording at path with the given header: the one way a
// recording is written. The file is created new (safefile.CreateNew):
// anything at path already, a link above all, is refused with an error
// wrapping fs.ErrExist, so no file is written through or over. The
// header's kind, format, app version and annotation rules are filled in.
// If the header cannot be written the file is removed, so no empty
// recording is left behind.
func Create(path string, h Header) (*Writer, error) {
	f, err := safefile.CreateNew(path)
	if err != nil {
		return nil, err
	}
	b := buffers.Get().(*buffer)
	out := &lineFile{f: f}
	b.bw.Reset(out)
	w := &Writer{f: f, out: out, bw: b.bw, buf: b.line, path: path}
	writing.add(w)
	h.Kind, h.Format, h.App, h.Rules = headerKind, FormatVersion, engine.Version, event.AnnotationRules
	if err := w.header(h); err != nil {
		f.Close()
		os.Remove(path)
		w.release()
		return nil, err
	}
	return w, nil
}

// buffers are the writers' buffers, reused: a study creates a recording
// per episode, and a buffer is bigger than most built-in recordings.
var buffers = sync.Pool{New: func() any { return &buffer{bw: bufio.NewWriterSize(nil, 32<<10)} }}

type buffer struct {
	bw   *bufio.Writer
	line []byte
}

func (w *Writer) release() {
	writing.remove(w)
	w.bw.Reset(nil)
	buffers.Put(&buffer{bw: w.bw, line: w.buf[:0]})
	w.bw, w.buf = nil, nil
}

// Path returns the file being written.
func (w *Writer) Path() string { return w.path }

// header writes the first line at once, so a recording that exists has
// one.
func (w *Writer) header(h Header) error {
	b, err := json.Marshal(h)
	if err != nil {
		return fmt.Errorf("%s: encode: %w", w.path, err)
	}
	line := append(textsafe.EscapeJSON(b), '\n')
	if _, err := w.f.Write(line); err != nil {
		return fmt.Errorf("%s: %w", w.path, err)
	}
	n := int64(len(line))
	w.out.written, w.out.whole, w.out.queued = n, n, n
	return nil
}

// Event appends one event.
func (w *Writer) Event(ev event.Event) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.bw == nil {
		return fmt.Errorf("%s: event after the footer", w.path)
	}
	b, ending, err := appendEvent(w.buf[:0], &ev)
	w.buf = b
	if err != nil {
		return fmt.Errorf("%s: encode: %w", w.path, err)
	}
	if ending >= 0 {
		w.ended, w.endedJSON = ev.Ending, append(w.endedJSON[:0], b[ending:len(b)-1]...)
	}
	if err := w.write(); err != nil {
		return err
	}
	if w.pending == nil {
		w.pending = time.AfterFunc(FlushDelay, w.flushPending)
	}
	return nil
}

// Close writes the footer, flushes and closes the file. An ending that is
// the one of the run-ended event written last (the same pointer) is not
// encoded again.
func (w *Writer) Close(end *event.Ending) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.bw == nil {
		return fmt.Errorf("%s: closed twice", w.path)
	}
	if w.pending != nil {
		w.pending.Stop()
		w.pending = nil
	}
	var encoded []byte
	if end != nil && end == w.ended {
		encoded = w.endedJSON
	}
	b, err := appendFooter(w.buf[:0], end, encoded)
	if err != nil {
		err = fmt.Errorf("%s: encode: %w", w.path, err)
	} else {
		w.buf = b
		err = w.write()
	}
	if ferr := w.bw.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("%s: %w", w.path, ferr)
	}
	if err != nil {
		err = errors.Join(err, w.out.cut())
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	w.release()
	return err
}

// write adds w.buf, one line, to the buffer. A failed flush of earlier
// lines stays with bw and is returned here.
func (w *Writer) write() error {
	w.buf = append(w.buf, '\n')
	w.out.queue(len(w.buf))
	if _, err := w.bw.Write(w.buf); err != nil {
		return fmt.Errorf("%s: %w", w.path, err)
	}
	return nil
}

// lineFile is a recording's file as the buffer writes to it: it knows
// where the last whole line that reached the file ends, so a recording
// whose writes failed (a full disk) is cut back to whole lines, never
// left cut mid-line.
type lineFile struct {
	f       *os.File
	written int64   // bytes that reached the file
	queued  int64   // bytes handed to the buffer
	ends    []int64 // where the lines queued and not yet written end
	whole   int64   // where the last line that reached the file ends
}

func (l *lineFile) Write(p []byte) (int, error) {
	n, err := l.f.Write(p)
	l.written += int64(n)
	i := 0
	for i < len(l.ends) && l.ends[i] <= l.written {
		l.whole = l.ends[i]
		i++
	}
	l.ends = append(l.ends[:0], l.ends[i:]...)
	return n, err
}

// queue notes a line of n bytes handed to the buffer.
func (l *lineFile) queue(n int) {
	l.queued += int64(n)
	l.ends = append(l.ends, l.queued)
}

// cut leaves the file with its whole lines only, after a failed write:
// a readable recording without a footer (the run did not end in it).
func (l *lineFile) cut() error {
	if l.written == l.whole {
		return nil
	}
	return l.f.Truncate(l.whole)
}

// openWriters are the recordings being written, for FlushAll.
type openWriters struct {
	mu sync.Mutex
	ws map[*Writer]struct{}
}

var writing = openWriters{ws: map[*Writer]struct{}{}}

func (o *openWriters) add(w *Writer) {
	o.mu.Lock()
	o.ws[w] = struct{}{}
	o.mu.Unlock()
}

func (o *openWriters) remove(w *Writer) {
	o.mu.Lock()
	delete(o.ws, w)
	o.mu.Unlock()
}

// FlushAll writes out the buffered lines of every recording being
// written, for a process about to exit without closing them (a second
// ctrl-c).
func FlushAll() {
	writing.mu.Lock()
	ws := make([]*Writer, 0, len(writing.ws))
	for w := range writing.ws {
		ws = append(ws, w)
	}
	writing.mu.Unlock()
	for _, w := range ws {
		w.mu.Lock()
		if w.bw != nil {
			w.bw.Flush()
		}
		w.mu.Unlock()
	}
}

// flushPending writes the buffered lines out, FlushDelay after the first
// of them.
func (w *Writer) flushPending() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.pending == nil {
		return // closed meanwhile
	}
	w.pending = nil
	w.bw.Flush() // an error stays with bw: the next Event or Close returns it
}
