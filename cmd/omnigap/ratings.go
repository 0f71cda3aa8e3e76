package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// addRatingsFlag adds --ratings, people's ratings of the episodes.
func addRatingsFlag(cmd *cobra.Command, paths *[]string) {
	cmd.Flags().StringArrayVar(paths, "ratings", nil, "people's ratings of the episodes: Sotopia-PI's rating CSV files, or the plain JSONL form (.jsonl); repeatable (docs/METRICS.md)")
}

// readPeople reads the rating files and joins them to the recordings at
// paths, naming on log every rating left out; nil without rating files.
func readPeople(ctx context.Context, ratings, paths []string, log io.Writer) (*people.Study, error) {
	if len(ratings) == 0 {
		return nil, nil
	}
	rs, err := people.Read(ctx, ratings)
	if ctx.Err() != nil {
		return nil, errInterrupted
	}
	if err != nil {
		return nil, fmt.Errorf("--ratings: %w", err)
	}
	for _, p := range rs.Problems {
		fmt.Fprintf(log, "omnigap: ratings: left out %s\n", textsafe.Line(p.Error()))
	}
	st := people.NewStudy(rs)
	if err := st.ReadRecordings(ctx, paths, log); err != nil {
		return nil, errInterrupted
	}
	for _, p := range st.Problems {
		fmt.Fprintf(log, "omnigap: ratings: no seat for %s\n", textsafe.Line(p.Error()))
	}
	return st, nil
}

// splitRatings moves the arguments that end in .csv to the rating files
// when --ratings is given: a shell expands --ratings ratings/*.csv into
// one flag and more arguments, and no recording ends in .csv.
func splitRatings(args, ratings []string) (recordings, rated []string) {
	if len(ratings) == 0 {
		return args, nil
	}
	rated = slices.Clone(ratings)
	for _, a := range args {
		if strings.EqualFold(filepath.Ext(a), ".csv") {
			rated = append(rated, a)
		} else {
			recordings = append(recordings, a)
		}
	}
	return recordings, rated
}
