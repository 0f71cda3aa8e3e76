package main

import (
	"bytes"
	"io"

	"github.com/spf13/cobra"
)

// notesOf is where a command's packages write their notes (a recording
// skipped, a shard missing): its standard error, each line opened with
// the command's name ("omnigap report: "), which no engine package
// knows.
func notesOf(cmd *cobra.Command) io.Writer {
	return &linePrefixer{w: cmd.ErrOrStderr(), prefix: []byte(cmd.CommandPath() + ": "), start: true}
}

// linePrefixer writes what it is given with a prefix before each line.
type linePrefixer struct {
	w      io.Writer
	prefix []byte
	start  bool // the next byte opens a line
}

func (p *linePrefixer) Write(b []byte) (int, error) {
	var out []byte
	for _, line := range bytes.SplitAfter(b, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		if p.start {
			out = append(out, p.prefix...)
		}
		out = append(out, line...)
		p.start = line[len(line)-1] == '\n'
	}
	if _, err := p.w.Write(out); err != nil {
		return 0, err
	}
	return len(b), nil
}
