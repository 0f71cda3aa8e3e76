package record

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/safefile"
)

// decoder reads a recording line by line into rec: the header first, then
// one event at a time, so a reader may keep the events or let them go.
type decoder struct {
	rec   *Recording
	lines *safefile.Lines
	done  bool
	// lineBytes is the length of the line read last.
	lineBytes int
}

func newDecoder(name string, r io.Reader) *decoder {
	return &decoder{rec: &Recording{Path: name}, lines: safefile.NewLines(r, MaxLineBytes)}
}

// header reads and checks the first line.
func (d *decoder) header(ctx context.Context) error {
	if _, _, err := d.line(ctx); err != nil && err != io.EOF {
		return err
	}
	if d.rec.Lines == 0 {
		return fmt.Errorf("%s:1: empty recording (no header)", d.rec.Path)
	}
	return nil
}

// next returns the next event, or io.EOF once the lines are over: after
// the footer, at the end of the stream, or at a torn last line (which
// sets rec.Torn). Reading the footer sets rec.Footer. Any other bad line
// is an error naming the file, the line and the field.
func (d *decoder) next(ctx context.Context) (event.Event, error) {
	for {
		ev, isEvent, err := d.line(ctx)
		if err != nil || isEvent {
			return ev, err
		}
	}
}

// line reads one line; isEvent reports an event to pass on.
func (d *decoder) line(ctx context.Context) (ev event.Event, isEvent bool, err error) {
	rec := d.rec
	if d.done {
		return ev, false, io.EOF
	}
	n := rec.Lines + 1
	if err := ctx.Err(); err != nil {
		return ev, false, fmt.Errorf("%s:%d: %w", rec.Path, n, err)
	}
	line, complete, err := d.lines.Next()
	d.lineBytes = len(line)
	if len(line) == 0 && err == io.EOF {
		d.done = true
		return ev, false, io.EOF
	}
	if err != nil && err != io.EOF {
		return ev, false, fmt.Errorf("%s:%d: %w", rec.Path, n, err)
	}
	ev, isEvent, perr := rec.parseLine(n, bytes.TrimSpace(line))
	if perr != nil {
		if !complete && n > 1 {
			rec.Torn, d.done = true, true
			return ev, false, io.EOF
		}
		return ev, false, fmt.Errorf("%s:%d: %w", rec.Path, n, perr)
	}
	rec.Lines = n
	d.done = !complete
	return ev, isEvent, nil
}

// ReadHeader reads only a recording's header: Events stays empty and
// Footer nil. Stream plays its events from the file afterwards.
func ReadHeader(ctx context.Context, path string) (*Recording, error) {
	return ReadHeaderFS(ctx, nil, path)
}

// ReadHeaderFS is ReadHeader of the recording name in fsys (recordings
// built into the binary), or on disk when fsys is nil. Its Stream reads
// from fsys too, within the same bounds as a file's.
func ReadHeaderFS(ctx context.Context, fsys fs.FS, name string) (*Recording, error) {
	f, err := open(fsys, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d := newDecoder(name, f)
	if err := d.header(ctx); err != nil {
		return nil, err
	}
	d.rec.fsys = fsys
	return d.rec, nil
}

// Stream reads a recording's events one at a time from its file, checking
// each line as Read does, without holding them.
type Stream struct {
	d *decoder
	f io.ReadCloser
}

// Stream opens rec's file again for its events. The header line is
// skipped: rec already holds it.
func (rec *Recording) Stream() (*Stream, error) {
	f, err := open(rec.fsys, rec.Path)
	if err != nil {
		return nil, err
	}
	d := newDecoder(rec.Path, f)
	d.rec.Header = rec.Header
	if _, _, err := d.lines.Next(); err != nil && err != io.EOF {
		f.Close()
		return nil, fmt.Errorf("%s:1: %w", rec.Path, err)
	}
	d.rec.Lines = 1
	return &Stream{d: d, f: f}, nil
}

// Next returns the next event, or io.EOF after the last.
func (s *Stream) Next(ctx context.Context) (event.Event, error) { return s.d.next(ctx) }

// Read is what has been read so far: the header, and once the events are
// over the footer, whether the last line was torn, and the line count.
func (s *Stream) Read() *Recording { return s.d.rec }

// Close closes the file.
func (s *Stream) Close() error { return s.f.Close() }
