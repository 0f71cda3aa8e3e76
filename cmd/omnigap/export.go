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

// exportOptions are export's flags.
type exportOptions struct {
	format, out string
	force       bool
	opts        export.Options
	ratings     []string
}

func newExportCmd() *cobra.Command {
	var o exportOptions
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
		RunE: func(cmd *cobra.Command, args []string) error { return o.export(cmd, args) },
	}
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "", export.FormatNames())
	f.StringVarP(&o.out, "out", "o", "", "file to write (a folder for --format recording; default standard output)")
	f.BoolVar(&o.force, "force", false, "replace the --out file (or the copies in the --out folder) if they exist")
	f.BoolVar(&o.opts.DropLeaky, "drop-leaky", false, "leave out fine-tuning examples whose seat leaked a private fact")
	f.BoolVar(&o.opts.Redact, "redact", false, "replace private facts with stable placeholders")
	addRatingsFlag(cmd, &o.ratings)
	f.BoolVar(&o.opts.Bare, "bare", false, "fine-tuning examples without their metadata (for services that refuse other keys)")
	cmd.MarkFlagRequired("format")
	return cmd
}

// export writes the recordings args in the format asked, to --out or
// to standard output, and says how many it wrote.
func (o *exportOptions) export(cmd *cobra.Command, args []string) error {
	if o.opts.DropLeaky && o.format != "finetune" {
		return fmt.Errorf("--drop-leaky applies to --format finetune only")
	}
	args, err := o.rate(cmd, args)
	if err != nil {
		return err
	}
	form, err := export.FormatOf(o.format)
	if err != nil {
		return err
	}
	if form.Check != nil {
		if err := form.Check(o.opts); err != nil {
			return err
		}
	}
	if form.Copy != nil {
		return copies(cmd.Context(), cmd.ErrOrStderr(), args, o.out, o.force, form)
	}
	var st export.Stats
	write := func(w io.Writer) error { return o.write(cmd.Context(), w, form, args, &st) }
	if o.out == "" {
		var b bytes.Buffer
		if err = write(&b); err == nil {
			_, err = cmd.OutOrStdout().Write(b.Bytes())
		}
	} else {
		err = safefile.WriteFile(o.out, safefile.Policy{Replace: o.force, Inputs: args}, write)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "%s: %s\n", o.format, o.note(st))
	return nil
}

// write writes the recordings at paths in form to w, adding to st what
// it wrote.
func (o *exportOptions) write(ctx context.Context, w io.Writer, form export.Format, paths []string, st *export.Stats) error {
	add := func(s export.Stats) {
		st.Written, st.Dropped, st.Silent = st.Written+s.Written, st.Dropped+s.Dropped, st.Silent+s.Silent
	}
	if form.All != nil {
		recs, err := readRecordings(ctx, paths)
		if err != nil {
			return err
		}
		s, err := form.All(w, recs, o.opts)
		add(s)
		return err
	}
	// One recording at a time: memory holds one, however many there are.
	for _, p := range paths {
		recs, err := readRecordings(ctx, []string{p})
		if err != nil {
			return err
		}
		s, err := form.Each(w, recs, o.opts)
		if err != nil {
			return err
		}
		add(s)
	}
	return nil
}

// note says what an export wrote.
func (o *exportOptions) note(st export.Stats) string {
	note := fmt.Sprintf("%d written", st.Written)
	if o.opts.DropLeaky {
		note += fmt.Sprintf(", %d dropped as leaky", st.Dropped)
	}
	if st.Silent > 0 {
		note += fmt.Sprintf(", %d left out (the seat never spoke)", st.Silent)
	}
	return note
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

// rate reads the people's ratings given (--ratings, and any .csv after
// it among the arguments) for the page's seats, and returns the
// recordings the arguments name.
func (o *exportOptions) rate(cmd *cobra.Command, args []string) ([]string, error) {
	args, ratings := splitRatings(args, o.ratings)
	if len(ratings) > 0 && o.format != "html" {
		return nil, fmt.Errorf("--ratings applies to --format html only")
	}
	rated, err := readPeople(cmd.Context(), ratings, args, cmd.ErrOrStderr())
	o.opts.Rated = rated
	return args, err
}
