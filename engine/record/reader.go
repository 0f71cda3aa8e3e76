package record

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/omnigap/omnigap/engine/event"
)

// Read loads a recording. A torn last line (a write cut short) is tolerated
// and reported through Recording.Torn; any other bad line is an error naming
// the file and line.
func Read(path string) (*Recording, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Decode(path, f)
}

// Decode reads a recording from r; name is used in errors.
func Decode(name string, r io.Reader) (*Recording, error) {
	rec := &Recording{Path: name}
	br := bufio.NewReader(r)
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if len(line) == 0 && err == io.EOF {
			break
		}
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		complete := bytes.HasSuffix(line, []byte("\n"))
		if perr := rec.parseLine(n, bytes.TrimSpace(line)); perr != nil {
			if !complete && n > 1 {
				rec.Torn = true
				break
			}
			return nil, fmt.Errorf("%s:%d: %w", name, n, perr)
		}
		rec.Lines = n
		if !complete {
			break
		}
	}
	if rec.Lines == 0 {
		return nil, fmt.Errorf("%s:1: empty recording (no header)", name)
	}
	return rec, nil
}

func (rec *Recording) parseLine(n int, line []byte) error {
	var probe struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(line, &probe); err != nil {
		return fmt.Errorf("not a JSON object: %w", err)
	}
	switch {
	case n == 1:
		if probe.Kind != headerKind {
			return fmt.Errorf("kind: first line must be the header, got %q", probe.Kind)
		}
		if err := json.Unmarshal(line, &rec.Header); err != nil {
			return fmt.Errorf("header: %w", err)
		}
		if rec.Header.Format != FormatVersion {
			return fmt.Errorf("format: version %d is not supported (want %d)", rec.Header.Format, FormatVersion)
		}
		if rec.Header.Scenario == nil {
			return fmt.Errorf("scenario: missing from header")
		}
		if err := rec.Header.Scenario.Validate(); err != nil {
			return fmt.Errorf("scenario: %w", err)
		}
		rec.Header.Scenario.Normalize()
	case rec.Footer != nil:
		return fmt.Errorf("kind: line after the footer")
	case probe.Kind == headerKind:
		return fmt.Errorf("kind: second header")
	case probe.Kind == footerKind:
		rec.Footer = &Footer{}
		if err := json.Unmarshal(line, rec.Footer); err != nil {
			return fmt.Errorf("footer: %w", err)
		}
	default:
		var ev event.Event
		if err := json.Unmarshal(line, &ev); err != nil {
			return fmt.Errorf("event: %w", err)
		}
		if ev.Kind == "" {
			return fmt.Errorf("kind: missing")
		}
		rec.Events = append(rec.Events, ev)
	}
	return nil
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

// Files lists the recordings (*.jsonl) in dir, sorted by name.
func Files(dir string) ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	sort.Strings(paths)
	return paths, err
}
