package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/export"
)

func newExportCmd() *cobra.Command {
	var (
		format, out string
		opts        export.Options
	)
	cmd := &cobra.Command{
		Use:   "export --format FORMAT RECORDING...",
		Short: "Write recordings as fine-tuning data, Sotopia episode logs or redacted copies",
		Long: `Write recordings in another format:

  finetune   chat fine-tuning JSONL from SCRIPT recordings, one example per seat:
             the seat's AGENTS View as the system message, the partner's lines as
             user messages, its own lines as assistant messages (the training data
             of the study's AGENTS-ft experiment). Each example's metadata carries
             its seat's annotation counts; --drop-leaky leaves out the examples
             whose seat said a private fact it could not have known, and --bare
             writes only the messages. A seat that speaks first gets a stage
             direction as its opening user message; lines after the seat's last
             one are left out, so each example ends with the seat's line.
  sotopia    Sotopia EpisodeLog-style JSONL, one line per recording.
  recording  a copy of each recording, with --redact; --out names a folder.

--redact replaces every private fact with a placeholder that is the same for
the same fact in every file ([seat0-fact2], [env-fact1]), and a character's
secret, quoted whole, with [seat0-secret]. A redacted recording
is for reading and sharing; it no longer replays.`,
		Example: `  omnigap export --format finetune recordings/*-script-*.jsonl --drop-leaky --out train.jsonl
  omnigap export --format sotopia --redact recordings/*.jsonl --out episodes.jsonl
  omnigap export --format recording --redact recordings/*.jsonl --out shared/`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.DropLeaky && format != "finetune" {
				return fmt.Errorf("--drop-leaky applies to --format finetune only")
			}
			if format == "recording" {
				return redactCopies(cmd.ErrOrStderr(), args, out, opts.Redact)
			}
			recs, err := readRecordings(args)
			if err != nil {
				return err
			}
			var b bytes.Buffer
			var st export.Stats
			switch format {
			case "finetune":
				st, err = export.Finetune(&b, recs, opts)
			case "sotopia":
				st, err = export.Sotopia(&b, recs, opts)
			default:
				return fmt.Errorf("--format %q: want finetune, sotopia or recording", format)
			}
			if err != nil {
				return err
			}
			if out == "" {
				_, err = cmd.OutOrStdout().Write(b.Bytes())
			} else {
				err = os.WriteFile(out, b.Bytes(), 0o644)
			}
			if err != nil {
				return err
			}
			note := fmt.Sprintf("%d written", st.Written)
			if opts.DropLeaky {
				note += fmt.Sprintf(", %d dropped as leaky", st.Dropped)
			}
			if st.Silent > 0 {
				note += fmt.Sprintf(", %d left out (the seat never spoke)", st.Silent)
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "%s: %s\n", format, note)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&format, "format", "", "finetune, sotopia or recording")
	f.StringVarP(&out, "out", "o", "", "file to write (a folder for --format recording; default standard output)")
	f.BoolVar(&opts.DropLeaky, "drop-leaky", false, "leave out fine-tuning examples whose seat leaked a private fact")
	f.BoolVar(&opts.Redact, "redact", false, "replace private facts with stable placeholders")
	f.BoolVar(&opts.Bare, "bare", false, "fine-tuning examples without their metadata (for services that refuse other keys)")
	cmd.MarkFlagRequired("format")
	return cmd
}

// redactCopies writes a redacted copy of each recording into dir under
// its own name.
func redactCopies(log io.Writer, paths []string, dir string, redact bool) error {
	if !redact {
		return fmt.Errorf("--format recording writes redacted copies: add --redact")
	}
	if dir == "" {
		return fmt.Errorf("--format recording needs --out FOLDER")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, p := range paths {
		dst := filepath.Join(dir, filepath.Base(p))
		if abs, _ := filepath.Abs(p); abs == mustAbs(dst) {
			return fmt.Errorf("%s: the copy would overwrite the recording; pick another --out folder", p)
		}
		var b bytes.Buffer
		if err := export.Recording(&b, p); err != nil {
			return err
		}
		if err := os.WriteFile(dst, b.Bytes(), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(log, "wrote %s\n", dst)
	}
	return nil
}

func mustAbs(p string) string {
	a, _ := filepath.Abs(p)
	return a
}
