package main

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/card"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/textsafe"
)

func newCardCmd() *cobra.Command {
	var out string
	var force bool
	var ratings []string
	cmd := &cobra.Command{
		Use:   "card RECORDING...",
		Short: "Write the simulation card of recorded runs as Markdown",
		Long: `Write a simulation card: how the runs were simulated (one writer or separate
agents), a who-knew-what table rendered from the Views each participant was
given, the backends, seeds, endpoint and sampling parameters (when the runs
recorded them), turn limit, ending rule and evaluation, the outcomes with
95% intervals, and the annotation counts; with --ratings, each rated
seat's scores by the judges and by each rater, with what they said. The
same card shows in the app with c. An existing --out file is kept unless
--force.`,
		Example: `  omnigap card recordings/craigslist_road-bike-*.jsonl --out card.md`,
		Args:    usageArgs(cobra.MinimumNArgs(1)),
		RunE:    func(cmd *cobra.Command, args []string) error { return writeCard(cmd, args, ratings, out, force) },
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "file to write (default standard output)")
	cmd.Flags().BoolVar(&force, "force", false, "replace the --out file if it exists")
	addRatingsFlag(cmd, &ratings)
	return cmd
}

// writeCard writes the card of the recordings args to the file out
// (replaced only with force), or to standard output.
func writeCard(cmd *cobra.Command, args, ratings []string, out string, force bool) error {
	args, ratings = splitRatings(args, ratings)
	recs, err := readRecordings(cmd.Context(), args)
	if err != nil {
		return err
	}
	rated, err := readPeople(cmd.Context(), ratings, args, cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	write := func(w io.Writer) error {
		if err := card.Write(w, recs); err != nil {
			return err
		}
		return rated.WriteCard(w, recs)
	}
	if out == "" {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			return err
		}
		_, err = cmd.OutOrStdout().Write(b.Bytes())
		return err
	}
	if err := safefile.WriteFile(out, safefile.Policy{Replace: force, Inputs: args}, write); err != nil {
		return err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", textsafe.Line(out))
	return nil
}

// readRecordings reads every recording named, for what a card or an export
// takes from it (record.ReadTurns: not its streamed pieces), stopping at
// the first that cannot be read.
func readRecordings(ctx context.Context, paths []string) ([]*record.Recording, error) {
	recs := make([]*record.Recording, 0, len(paths))
	for _, p := range paths {
		r, err := record.ReadTurns(ctx, p)
		if ctx.Err() != nil {
			return nil, errInterrupted
		}
		if err != nil {
			return nil, err
		}
		recs = append(recs, r)
	}
	return recs, nil
}
