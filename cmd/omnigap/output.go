package main

import (
	"os"

	"github.com/omnigap/omnigap/engine/safefile"
)

// outputDir makes the folder out (and its parents) when missing and opens
// it for the command's files: none is written through a link or over one
// of the inputs, and an existing one is replaced only with --force.
func outputDir(out string, force bool, inputs []string) (*safefile.Dir, error) {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	return safefile.OpenDir(out, safefile.Policy{Replace: force, Inputs: inputs})
}
