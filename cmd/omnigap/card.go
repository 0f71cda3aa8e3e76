package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/card"
	"github.com/omnigap/omnigap/engine/record"
)

func newCardCmd() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "card RECORDING...",
		Short: "Write the simulation card of recorded runs as Markdown",
		Long: `Write a simulation card: how the runs were simulated (one writer or separate
agents), a who-knew-what table rendered from the Views each participant was
given, the backends, seeds, endpoint and sampling parameters (when the runs
recorded them), turn limit, ending rule and evaluation, the outcomes with
95% intervals, and the annotation counts. The same card shows in the app
with c.`,
		Example: `  omnigap card recordings/craigslist_road-bike-*.jsonl --out card.md`,
		Args:    usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			recs, err := readRecordings(args)
			if err != nil {
				return err
			}
			var b bytes.Buffer
			if err := card.Write(&b, recs); err != nil {
				return err
			}
			if out == "" {
				_, err = cmd.OutOrStdout().Write(b.Bytes())
				return err
			}
			if err := os.WriteFile(out, b.Bytes(), 0o644); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", out)
			return nil
		},
	}
	cmd.Flags().StringVarP(&out, "out", "o", "", "file to write (default standard output)")
	return cmd
}

// readRecordings reads every recording named, stopping at the first that
// cannot be read.
func readRecordings(paths []string) ([]*record.Recording, error) {
	recs := make([]*record.Recording, 0, len(paths))
	for _, p := range paths {
		r, err := record.Read(p)
		if err != nil {
			return nil, err
		}
		recs = append(recs, r)
	}
	return recs, nil
}
