package record

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/safefile"
)

// Bounds on what a recording may ask of its readers.
var (
	// MaxLineBytes caps one line of a recording. A header carries the
	// whole scenario (at most scenario.MaxFileBytes of YAML, about as much
	// JSON), and an event one model turn, so a longer line is not a
	// recording.
	MaxLineBytes = 8 << 20
	// MaxFileBytes caps a recording's size, checked before it is read
	// (OMNIGAP_MAX_RECORDING_BYTES in the app). A run of 10,000 turns
	// streamed in a million pieces takes about 150 MB.
	MaxFileBytes int64 = 256 << 20
	// MaxKeptBytes caps what ReadTurns holds of one recording: its
	// completed turns, annotations and errors, each counted as its line
	// and keptOverhead bytes more.
	MaxKeptBytes = 64 << 20
)

// keptOverhead is about what a decoded event costs beside its line.
const keptOverhead = 512

// open opens a recording for reading: a regular file within MaxFileBytes,
// of fsys when it is set, else on disk.
func open(fsys fs.FS, path string) (io.ReadCloser, error) {
	var f io.ReadCloser
	var err error
	if fsys != nil {
		f, err = safefile.OpenCappedFS(fsys, path, MaxFileBytes)
	} else {
		f, err = safefile.OpenCapped(path, MaxFileBytes)
	}
	if errors.Is(err, safefile.ErrTooLarge) {
		err = fmt.Errorf("%w (OMNIGAP_MAX_RECORDING_BYTES raises it)", err)
	}
	return f, err
}

// Read loads a recording. Only a regular file is read. A torn last line (a
// write cut short) is tolerated and reported through Recording.Torn; any
// other bad line is an error naming the file, line and field.
func Read(path string) (*Recording, error) {
	return ReadContext(context.Background(), path)
}

// ReadContext is Read that stops, with ctx's error, when ctx is done.
func ReadContext(ctx context.Context, path string) (*Recording, error) {
	f, err := open(nil, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return DecodeContext(ctx, path, f)
}

// ReadTurns reads a recording for what reports, cards and exports take
// from it: the completed turns, the annotations, the errors and the run's
// end. The other events (streamed text, reasoning, token usage, control,
// the start) are read and checked as Read does, then let go, so a
// recording streamed in a million pieces costs the memory of its turns.
// Holding more than MaxKeptBytes is an error naming the file and line.
func ReadTurns(ctx context.Context, path string) (*Recording, error) {
	f, err := open(nil, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d := newDecoder(path, f)
	if err := d.header(ctx); err != nil {
		return nil, err
	}
	held := 0
	for {
		ev, err := d.next(ctx)
		if err == io.EOF {
			return d.rec, nil
		}
		if err != nil {
			return nil, err
		}
		switch ev.Kind {
		case event.TurnCompleted, event.Annotated, event.Error, event.RunEnded:
		default:
			continue
		}
		if held += d.lineBytes + keptOverhead; held > MaxKeptBytes {
			return nil, fmt.Errorf("%s:%d: the run's turns, annotations and errors take more than %d MB to hold; a recording this large is not read whole",
				path, d.rec.Lines, MaxKeptBytes>>20)
		}
		d.rec.Events = append(d.rec.Events, ev)
	}
}

// Decode reads a recording from r; name is used in errors.
func Decode(name string, r io.Reader) (*Recording, error) {
	return DecodeContext(context.Background(), name, r)
}

// DecodeContext is Decode that stops, with ctx's error, when ctx is done.
func DecodeContext(ctx context.Context, name string, r io.Reader) (*Recording, error) {
	d := newDecoder(name, r)
	if err := d.header(ctx); err != nil {
		return nil, err
	}
	for {
		ev, err := d.next(ctx)
		if err == io.EOF {
			return d.rec, nil
		}
		if err != nil {
			return nil, err
		}
		d.rec.Events = append(d.rec.Events, ev)
	}
}

// parseLine decodes one line, once: the first as the header, every other
// as an event (a footer is an event-shaped line of kind footer). isEvent
// reports an event to pass on.
func (rec *Recording) parseLine(n int, line []byte) (ev event.Event, isEvent bool, err error) {
	if n == 1 {
		return ev, false, rec.parseHeader(line)
	}
	if err := json.Unmarshal(line, &ev); err != nil {
		return ev, false, fmt.Errorf("not a JSON event: %w", err)
	}
	switch {
	case rec.Footer != nil:
		return ev, false, fmt.Errorf("kind: line after the footer")
	case ev.Kind == headerKind:
		return ev, false, fmt.Errorf("kind: second header")
	case ev.Kind == footerKind:
		rec.Footer = &Footer{Kind: footerKind, Ending: ev.Ending}
		return ev, false, nil
	case ev.Kind == "":
		return ev, false, fmt.Errorf("kind: missing")
	}
	if err := rec.checkEvent(ev); err != nil {
		return ev, false, err
	}
	return ev, true, nil
}

func (rec *Recording) parseHeader(line []byte) error {
	h := &rec.Header
	if err := json.Unmarshal(line, h); err != nil {
		return fmt.Errorf("not a JSON header: %w", err)
	}
	if h.Kind != headerKind {
		return fmt.Errorf("kind: first line must be the header, got %q", clip(h.Kind))
	}
	if h.Format != FormatVersion {
		return fmt.Errorf("format: version %d is not supported (want %d)", h.Format, FormatVersion)
	}
	if h.Scenario == nil {
		return fmt.Errorf("scenario: missing from header")
	}
	if err := h.Scenario.Validate(); err != nil {
		return fmt.Errorf("scenario: %w", err)
	}
	h.Scenario.Normalize()
	return h.check()
}

// EndNote describes where a recording ends, for users replaying it.
func (rec *Recording) EndNote() string {
	switch {
	case rec.Torn:
		return fmt.Sprintf("%s: recording ends at line %d; the line after it was cut off mid-write", rec.Path, rec.Lines)
	case rec.Footer == nil:
		return fmt.Sprintf("%s: recording ends at line %d without a footer (the run did not finish)", rec.Path, rec.Lines)
	}
	return fmt.Sprintf("%s: complete, %d lines", rec.Path, rec.Lines)
}

// Files lists the recordings (*.jsonl) in dir, sorted by name. The folder
// is listed, never used as a pattern.
func Files(dir string) ([]string, error) {
	return safefile.List(dir, ".jsonl")
}
