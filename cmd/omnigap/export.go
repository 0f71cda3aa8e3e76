package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/export"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/textsafe"
)

func newExportCmd() *cobra.Command {
	var (
		format, out string
		force       bool
		opts        export.Options
		ratings     []string
	)
	cmd := &cobra.Command{
		Use:   "export --format FORMAT RECORDING...",
		Short: "Write recordings as fine-tuning data, Sotopia episode logs, redacted copies or a page of one scenario's runs",
		Long: `Write recordings in another format:

` + export.FormatsHelp() + `
--redact replaces every private fact with a placeholder that is the same for
the same fact in every file ([seat0-fact2], [env-fact1]), and a character's
secret, quoted whole, with [seat0-secret]. A redacted recording
is for reading and sharing; it no longer replays. Text is written whole,
control characters escaped. An existing --out file is kept unless --force,
and a recording is never written over.`,
		Example: `  omnigap export --format finetune recordings/*-script-*.jsonl --drop-leaky --out train.jsonl
  omnigap export --format sotopia --redact recordings/*.jsonl --out episodes.jsonl
  omnigap export --format recording --redact recordings/*.jsonl --out shared/
  omnigap export --format html recordings/craigslist_road-bike-*.jsonl --out road-bike.html`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.DropLeaky && format != "finetune" {
				return fmt.Errorf("--drop-leaky applies to --format finetune only")
			}
			args, ratings = splitRatings(args, ratings)
			if len(ratings) > 0 && format != "html" {
				return fmt.Errorf("--ratings applies to --format html only")
			}
			rated, err := readPeople(cmd.Context(), ratings, args, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			opts.Rated = rated
			form, err := export.FormatOf(format)
			if err != nil {
				return err
			}
			if form.Check != nil {
				if err := form.Check(opts); err != nil {
					return err
				}
			}
			if form.Copy != nil {
				return copies(cmd.Context(), cmd.ErrOrStderr(), args, out, force, form)
			}
			var st export.Stats
			add := func(s export.Stats) {
				st.Written, st.Dropped, st.Silent = st.Written+s.Written, st.Dropped+s.Dropped, st.Silent+s.Silent
			}
			write := func(w io.Writer) error {
				if form.All != nil {
					recs, err := readRecordings(cmd.Context(), args)
					if err != nil {
						return err
					}
					s, err := form.All(w, recs, opts)
					add(s)
					return err
				}
				// One recording at a time: memory holds one, however
				// many there are.
				for _, p := range args {
					recs, err := readRecordings(cmd.Context(), []string{p})
					if err != nil {
						return err
					}
					s, err := form.Each(w, recs, opts)
					if err != nil {
						return err
					}
					add(s)
				}
				return nil
			}
			if out == "" {
				var b bytes.Buffer
				if err = write(&b); err == nil {
					_, err = cmd.OutOrStdout().Write(b.Bytes())
				}
			} else {
				err = safefile.WriteFile(out, safefile.Policy{Replace: force, Inputs: args}, write)
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
	f.StringVar(&format, "format", "", export.FormatNames())
	f.StringVarP(&out, "out", "o", "", "file to write (a folder for --format recording; default standard output)")
	f.BoolVar(&force, "force", false, "replace the --out file (or the copies in the --out folder) if they exist")
	f.BoolVar(&opts.DropLeaky, "drop-leaky", false, "leave out fine-tuning examples whose seat leaked a private fact")
	f.BoolVar(&opts.Redact, "redact", false, "replace private facts with stable placeholders")
	addRatingsFlag(cmd, &ratings)
	f.BoolVar(&opts.Bare, "bare", false, "fine-tuning examples without their metadata (for services that refuse other keys)")
	cmd.MarkFlagRequired("format")
	return cmd
}

// copies writes each recording's copy in form into dir under its own
// name, whole, never over a recording it reads.
func copies(ctx context.Context, log io.Writer, paths []string, dir string, force bool, form export.Format) error {
	if dir == "" {
		return fmt.Errorf("--format %s needs --out FOLDER", form.Name)
	}
	out, err := outputDir(dir, force, paths)
	if err != nil {
		return err
	}
	defer out.Close()
	written := map[string]string{} // name -> the recording copied under it
	for _, p := range paths {
		if ctx.Err() != nil {
			return errInterrupted
		}
		name := filepath.Base(p)
		if was, ok := written[name]; ok {
			return fmt.Errorf("%s: its copy would take the name of the copy of %s; copy them to two folders", p, was)
		}
		if err := out.Write(name, func(w io.Writer) error { return form.Copy(ctx, w, p) }); err != nil {
			if ctx.Err() != nil {
				return errInterrupted
			}
			return err
		}
		written[name] = p
		fmt.Fprintf(log, "wrote %s\n", textsafe.Line(filepath.Join(dir, name)))
	}
	return nil
}
