package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/scenario"
)

// Glance is what a recording's first and last lines say, read without the
// lines between: enough to list a run (its scenario, mode, seed, players,
// source) and how it ended, at the cost of two reads however long the
// run. A study's thousands of recordings are listed this way (engine/browse).
type Glance struct {
	Path string
	// Header is the header line with the scenario left out (Scenario is
	// nil); its other fields are checked as Read checks them.
	Header Header
	// Scenario names the scenario the run played, unchecked: a reader of
	// the whole recording validates it.
	Scenario ScenarioName
	// Ending is the footer's ending, or the run_ended event's when the
	// last line is that event (a run that did not finish writing); nil
	// when the file ends before the run did. Its outcome has no Terms
	// (what the family's rules settled): the metrics measure them, and
	// Read decodes them.
	Ending *event.Ending
	// Footer says the last line is the footer.
	Footer bool
	// Torn says the file ends in a line cut off mid-write.
	Torn bool
}

// ScenarioName is a scenario's id, title and family.
type ScenarioName struct {
	ID     string          `json:"id"`
	Title  string          `json:"title"`
	Family scenario.Family `json:"family"`
}

// glanceChunk is the first read at each end of a file: a header line is
// a few KB, a footer line one or two. Readers at work share them.
const glanceChunk = 16 << 10

var chunks = sync.Pool{New: func() any { b := make([]byte, glanceChunk); return &b }}

// GlanceAt reads path's header line and its last line. Only a regular
// file within MaxFileBytes is read, and neither line may pass
// MaxLineBytes. A header that cannot be read is an error naming the file,
// line 1 and the field; a last line that is neither an ending nor
// anything else complete leaves Ending nil.
func GlanceAt(path string) (*Glance, error) {
	f, st, err := safefile.OpenInfo(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	switch {
	case st.Size() > MaxFileBytes:
		_, err := open(nil, path) // says so as every reader does
		return nil, err
	case st.Size() == 0:
		return nil, fmt.Errorf("%s:1: empty recording (no header)", path)
	}
	pooled := chunks.Get().(*[]byte)
	defer chunks.Put(pooled)
	buf := (*pooled)[:min(st.Size(), glanceChunk)]
	if st.Size() <= glanceChunk {
		// A file that fits the chunk is read once, for both its ends.
		return glanceWhole(path, f, buf)
	}
	head, err := firstLine(f, st.Size(), buf)
	if err != nil {
		return nil, fmt.Errorf("%s:1: %w", path, err)
	}
	g := &Glance{Path: path}
	if err := g.parseHeader(head); err != nil {
		return nil, fmt.Errorf("%s:1: %w", path, err)
	}
	last, complete, err := lastLine(f, st.Size(), buf)
	if err != nil {
		return nil, fmt.Errorf("%s: last line: %w", path, err)
	}
	if !complete {
		// A write cut short: the run's end, if any, is the line before.
		g.Torn = true
		if last, _, err = lastLine(f, st.Size()-int64(len(last)), buf); err != nil {
			return nil, fmt.Errorf("%s: last line: %w", path, err)
		}
	}
	g.parseEnd(last)
	return g, nil
}

// glanceWhole glances at a file read whole into buf.
func glanceWhole(path string, f *os.File, buf []byte) (*Glance, error) {
	n, err := io.ReadFull(f, buf)
	if err != nil && err != io.ErrUnexpectedEOF {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	data := buf[:n]
	head, _, _ := bytes.Cut(data, []byte("\n"))
	g := &Glance{Path: path}
	if err := g.parseHeader(bytes.TrimSpace(head)); err != nil {
		return nil, fmt.Errorf("%s:1: %w", path, err)
	}
	rest := data
	if !bytes.HasSuffix(rest, []byte("\n")) {
		// A write cut short: the run's end, if any, is the line before.
		g.Torn = true
		rest = rest[:bytes.LastIndexByte(rest, '\n')+1]
	}
	rest = bytes.TrimSuffix(rest, []byte("\n"))
	g.parseEnd(rest[bytes.LastIndexByte(rest, '\n')+1:])
	return g, nil
}

// parseHeader reads the header line as Read does, but for the scenario,
// of which it reads the name only: the scenario, most of the line, is
// passed over without being decoded (members).
func (g *Glance) parseHeader(line []byte) error {
	var h struct {
		Header
		Scenario *ScenarioName `json:"scenario"`
	}
	rest := make([]byte, 0, 1024)
	rest = append(rest, '{')
	var scen []byte
	err := members(line, func(key, member, value []byte) {
		if string(key) == `"scenario"` && scen == nil {
			scen = value
			return
		}
		if len(rest) > 1 {
			rest = append(rest, ',')
		}
		rest = append(rest, member...)
	})
	if err != nil {
		return fmt.Errorf("not a JSON header: %w", err)
	}
	if err := json.Unmarshal(append(rest, '}'), &h); err != nil {
		return fmt.Errorf("not a JSON header: %w", err)
	}
	if scen != nil && !bytes.Equal(scen, []byte("null")) {
		h.Scenario = &ScenarioName{}
		if err := members(scen, func(key, _, value []byte) {
			var dst any
			switch string(key) {
			case `"id"`:
				dst = &h.Scenario.ID
			case `"title"`:
				dst = &h.Scenario.Title
			case `"family"`:
				dst = &h.Scenario.Family
			default:
				return
			}
			if e := json.Unmarshal(value, dst); e != nil && err == nil {
				err = fmt.Errorf("scenario.%s: %w", bytes.Trim(key, `"`), e)
			}
		}); err != nil {
			return fmt.Errorf("scenario: %w", err)
		}
	}
	switch {
	case h.Kind != headerKind:
		return fmt.Errorf("kind: first line must be the header, got %q", clip(h.Kind))
	case h.Format != FormatVersion:
		return fmt.Errorf("format: version %d is not supported (want %d)", h.Format, FormatVersion)
	case h.Scenario == nil || h.Scenario.ID == "":
		return fmt.Errorf("scenario: missing from header")
	}
	g.Header, g.Scenario = h.Header, *h.Scenario
	return g.Header.check()
}

// parseEnd takes the run's ending from the last complete line: the
// footer, or a run_ended event. A line it cannot read leaves no ending.
func (g *Glance) parseEnd(line []byte) {
	var kind string
	var ending []byte
	err := members(line, func(key, _, value []byte) {
		switch string(key) {
		case `"kind"`:
			kind, _ = unquote(value)
		case `"ending"`:
			ending = value
		}
	})
	if err != nil || ending == nil || kind != footerKind && kind != string(event.RunEnded) {
		return
	}
	e, err := decodeEnding(ending)
	if err != nil {
		return
	}
	g.Ending, g.Footer = e, kind == footerKind
}

var errLineTooLong = errors.New("line is longer than the limit")

// firstLine is the file's first line, without its newline, read into buf
// and more when it is longer.
func firstLine(f *os.File, size int64, buf []byte) ([]byte, error) {
	for {
		n, err := f.ReadAt(buf, 0)
		if err != nil && err != io.EOF {
			return nil, err
		}
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return buf[:i], nil
		}
		if int64(n) >= size || n < len(buf) {
			return bytes.TrimSpace(buf[:n]), nil
		}
		if len(buf) >= MaxLineBytes {
			return nil, fmt.Errorf("%w of %d bytes", errLineTooLong, MaxLineBytes)
		}
		buf = make([]byte, min(2*len(buf), MaxLineBytes, int(size)))
	}
}

// lastLine is the last line of the file's first size bytes, without its
// newline, and whether it ended in one; the file's first line counts too.
func lastLine(f *os.File, size int64, buf []byte) ([]byte, bool, error) {
	for {
		from := max(size-int64(len(buf)), 0)
		n, err := f.ReadAt(buf[:size-from], from)
		if err != nil && err != io.EOF {
			return nil, false, err
		}
		chunk := buf[:n]
		complete := len(chunk) > 0 && chunk[len(chunk)-1] == '\n'
		if complete {
			chunk = chunk[:len(chunk)-1]
		}
		if i := bytes.LastIndexByte(chunk, '\n'); i >= 0 {
			return chunk[i+1:], complete, nil
		}
		if from == 0 {
			return chunk, complete, nil
		}
		if len(buf) > MaxLineBytes {
			return nil, false, fmt.Errorf("%w of %d bytes", errLineTooLong, MaxLineBytes)
		}
		buf = make([]byte, min(2*len(buf), MaxLineBytes+1, int(size)))
	}
}
