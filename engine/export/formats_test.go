package export

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/record"
)

// A format is one row of Formats: the name --format takes, the help and
// the error that list the formats follow from it.
func TestAFormatIsARow(t *testing.T) {
	saved := slices.Clone(Formats)
	t.Cleanup(func() { Formats = saved })
	Formats = append(Formats, Format{Name: "lines", Help: "one line per turn,\nnothing else.",
		Each: func(io.Writer, []*record.Recording, Options) (Stats, error) { return Stats{}, nil }})
	if f, err := FormatOf("lines"); err != nil || f.Each == nil {
		t.Fatalf("FormatOf: %+v, %v", f, err)
	}
	if got := FormatNames(); got != "finetune, sotopia, recording, html or lines" {
		t.Errorf("names %q", got)
	}
	if help := FormatsHelp(); !strings.Contains(help, "  lines      one line per turn,\n             nothing else.\n") {
		t.Errorf("help:\n%s", help)
	}
	if _, err := FormatOf("nope"); err == nil || !strings.Contains(err.Error(), "or lines") {
		t.Errorf("unknown format: %v", err)
	}
	for _, f := range Formats {
		n := 0
		for _, w := range []bool{f.Each != nil, f.All != nil, f.Copy != nil} {
			if w {
				n++
			}
		}
		if n != 1 {
			t.Errorf("format %s has %d writers, want 1", f.Name, n)
		}
	}
}
