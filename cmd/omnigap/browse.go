package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/browse"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/tui"
)

func newBrowseCmd() *cobra.Command {
	w := newWatchOptions()
	var ratings []string
	cmd := &cobra.Command{
		Use:   "browse PATH...",
		Short: "List every episode of a study, twins side by side, sorted by the gap and searched to the turn",
		Long: `List the recordings PATH names (folders, files, shard folders; a cocoa
transcript file counts as HUMANS runs, one per dialogue, as report reads
them), one row per episode: its twins, the recordings of one scenario and
seed or of one imported source episode, in every mode they were played
in. A row shows the scenario, the episode's id (what replay --episode
takes), each mode's goal measure (named under the title as the report
names it: goal completion by rule or by judge, or the imported
evaluator's), ending, turns and annotation counts (the legend's markers:
! leaks, ~ mind-reads, ? guesses, + disclosures), the models and the
family; and the gap, SCRIPT − AGENTS of the goal measure (or of the deal),
blank when the episode lacks one of them or a figure was not measured.
A recording that cannot be read is a row that says why.

The list opens sorted by the gap, the biggest first; < and > sort by the
column to the left or right, r reverses the order, and what has no figure
sorts last. f filters: ` + browse.FilterHelp + `. / searches the text of every turn of the episodes listed
(read in the background the first time, with its progress shown) and
lists the turns that hold the words; enter opens the selected episode,
or the hit's episode at its turn, side by side in the replay's panes,
played at once, with every key of a replay ({ } / i p c, f to fork); q or
esc goes back to the list as it was, q in the list quits, ? lists the
keys. The list reads only each recording's first and last lines, so a
study of thousands of episodes opens in a second (docs/PERFORMANCE.md).

When standard output is not a terminal, the list is printed as
tab-separated lines, sorted by the gap.`,
		Example: `  omnigap browse out/cl
  omnigap browse out/cl out/imported
  omnigap browse out/cl | head`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error { return w.browse(cmd, args, ratings) },
	}
	addRatingsFlag(cmd, &ratings)
	cmd.Flags().StringVar(&w.recordDir, "record", "", "folder for the forks of an episode opened (f); by default a forks/ folder beside the recording forked")
	addMaxUtteranceFlag(cmd, &w.maxUtterance)
	w.backends.addFlags(cmd)
	return cmd
}

// browse lists the episodes args hold: in the app on a terminal, else
// as lines.
func (w *watchOptions) browse(cmd *cobra.Command, args, ratings []string) error {
	ctx := cmd.Context()
	args, ratings = splitRatings(args, ratings)
	ix, err := unlessInterrupted(ctx, func() (*browse.Index, error) { return browse.Read(ctx, args, notesOf(cmd), nil) })
	if errors.Is(err, context.Canceled) {
		return errInterrupted
	}
	if err != nil {
		return err
	}
	// People's ratings join the runs listed, for the scores panel (e)
	// and the card (c) of an episode opened.
	if w.rated, err = readPeople(ctx, ratings, ix.Paths(), cmd.ErrOrStderr()); err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	if f, ok := out.(*os.File); !ok || !term.IsTerminal(f.Fd()) {
		return writeIndex(out, ix)
	}
	return tui.Run(ctx, tui.Options{
		Browse:       &tui.BrowseOptions{Index: ix, Open: func(g *browse.Group) (tui.Comparison, error) { return groupComparison(ctx, g) }},
		Annotate:     w.backends.annotate(leak.Annotate),
		ForkBackends: w.forkBackends(nil, ""),
		RecordDir:    w.recordDir,
		MaxUtterance: w.maxUtterance,
		Rated:        w.rated,
	})
}

// writeIndex prints the list as tab-separated lines, a heading first,
// sorted by the gap (biggest first); an unreadable recording's line
// says why in its scenario's place.
func writeIndex(out io.Writer, ix *browse.Index) error {
	cols := ix.Columns()
	gap, _ := browse.ColumnByKey(cols, browse.Gap)
	browse.Sort(ix.Groups, gap, true)
	// The group's own columns come first: gap, scenario, ...
	heads := make([]string, len(cols))
	for i, c := range cols {
		heads[i] = c.Key
	}
	if _, err := fmt.Fprintln(out, strings.Join(heads, "\t")); err != nil {
		return err
	}
	cells := make([]string, len(cols))
	for _, g := range ix.Groups {
		for i, c := range cols {
			cells[i] = strings.ReplaceAll(c.Cell(g).Text, "\t", " ")
		}
		if p := g.Problem(); p != "" {
			cells[1] = "unreadable: " + strings.ReplaceAll(p, "\t", " ")
		}
		if _, err := fmt.Fprintln(out, strings.Join(cells, "\t")); err != nil {
			return err
		}
	}
	return nil
}
