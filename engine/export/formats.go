package export

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/omnigap/omnigap/engine/page"
	"github.com/omnigap/omnigap/engine/record"
)

// Format is one way `omnigap export` writes recordings: its name (the
// value of --format), its paragraph in the command's help, and its
// writer, one of three shapes.
type Format struct {
	Name string
	// Help says what the format writes, in lines of at most 70
	// characters.
	Help string
	// Each writes the recordings of one file to the output; it is called
	// file after file, so memory holds one file's at a time.
	Each func(io.Writer, []*record.Recording, Options) (Stats, error)
	// All writes the recordings of every file at once: for a format that
	// sets them side by side.
	All func(io.Writer, []*record.Recording, Options) (Stats, error)
	// Copy writes one file per recording into the --out folder: the copy
	// of the recording at path.
	Copy func(ctx context.Context, w io.Writer, path string) error
	// Check refuses options the format cannot honour, before anything is
	// read or written; nil takes any.
	Check func(Options) error
}

// Formats are export's formats, in the order its help lists them. A new
// format is a row here.
var Formats = []Format{
	{Name: "finetune", Each: Finetune, Help: `chat fine-tuning JSONL from SCRIPT recordings, one example per seat:
the seat's AGENTS View as the system message, the partner's lines as
user messages, its own lines as assistant messages (the training data
of the study's AGENTS-ft experiment). Each example's metadata carries
its seat's annotation counts; --drop-leaky leaves out the examples
whose seat said a private fact it could not have known, and --bare
writes only the messages. A seat that speaks first gets a stage
direction as its opening user message; lines after the seat's last
one are left out, so each example ends with the seat's line.`},
	{Name: "sotopia", Each: Sotopia, Help: `Sotopia EpisodeLog-style JSONL, one line per recording.`},
	{Name: "recording", Copy: Recording, Check: needsRedact, Help: `a copy of each recording, with --redact; --out names a folder.`},
	{Name: "html", All: Page, Check: refusesRedact, Help: `one self-contained page of one scenario's runs side by side, every
annotation marked and explained (docs/PAGES.md).`},
}

// FormatOf is the format named name, or an error that lists them.
func FormatOf(name string) (Format, error) {
	for _, f := range Formats {
		if f.Name == name {
			return f, nil
		}
	}
	return Format{}, fmt.Errorf("--format %q: want %s", name, FormatNames())
}

// FormatNames lists the formats' names: "a, b or c".
func FormatNames() string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = f.Name
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// FormatsHelp is the formats' paragraphs for the command's help, each
// name in a column before its text.
func FormatsHelp() string {
	var b strings.Builder
	for _, f := range Formats {
		for i, line := range strings.Split(f.Help, "\n") {
			name := ""
			if i == 0 {
				name = f.Name
			}
			fmt.Fprintf(&b, "  %-10s %s\n", name, line)
		}
	}
	return b.String()
}

func needsRedact(o Options) error {
	if !o.Redact {
		return fmt.Errorf("--format recording writes redacted copies: add --redact")
	}
	return nil
}

// A page shows the private facts it marks, so it is not redacted.
func refusesRedact(o Options) error {
	if o.Redact {
		return fmt.Errorf("--format html shows the private facts it marks: --redact does not apply")
	}
	return nil
}

// Page writes one page of the recordings of one scenario (engine/page),
// with people's ratings when o has them.
func Page(w io.Writer, recs []*record.Recording, o Options) (Stats, error) {
	if err := page.WriteEpisode(w, recs, o.Rated); err != nil {
		return Stats{}, err
	}
	return Stats{Written: len(recs)}, nil
}
