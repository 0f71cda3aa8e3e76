package main

import (
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/page"
	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/report/slide"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/study"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// reportOptions are report's flags.
type reportOptions struct {
	jsonPath, csvPath, svgPath, pngPath string
	htmlPath, peopleCSV                 string
	pages                               int
	force                               bool
	by, ratings                         []string
}

func newReportCmd() *cobra.Command {
	var o reportOptions
	cmd := &cobra.Command{
		Use:   "report DIR|FILE...",
		Short: "Aggregate recordings by family and mode (or by study, model, prompt, scenario): the headline first, means with 95% intervals, bar charts, slides, exports",
		Long: `Read recordings (every *.jsonl in a folder, or the files named) and print
first the headline: SCRIPT vs AGENTS vs MINDREADERS over every family, the
measures every family has (goal completion by rule and by judge, each
pooled over the families that have it, leaks, mind-reads, guesses,
disclosures, words per turn) with 95% intervals and the paired
differences between modes on the same scenarios and seeds. Then, per
scenario family and mode, the mean and 95% confidence interval of goal
completion, deal rate, agreed price, success rate, first-mention position,
words per turn, leaks, mind-reads and disclosures, then bar charts of the
charted figures. Intervals are clipped to what a measure can be (a 0-10
score's stay within 0..10), and tables fit the terminal's width. --svg
and --png write a slide of the charted figures. A cocoa Deal-or-No-Deal transcript file counts as HUMANS
runs, one per dialogue, annotated and measured like the model runs. A
recording that cannot be read is named on stderr with its line and left out. Metric definitions: docs/METRICS.md.

The shards of a study (omnigap run --shard) are read together: a folder
holding shard-K-of-N folders, or the shard folders themselves, give the
figures one run of the whole study gives. Folders of different studies
that played the same family are refused unless --by says how to set them
apart: --by study (a column group per study), --by model (per model),
--by prompt (per SCRIPT writer's instruction, --writer-prompt; model runs
recorded before it was named count as careful, the built-in engine's as
none), --by scenario (per scenario), combinable (--by study,model); family
always splits the tables and mode the columns (--by mode,model puts the
models side by side within each mode). A grouped report adds the paired
differences between groups that differ in one dimension, mode by mode,
over the scenarios and seeds both played.

--ratings FILE... sets people's ratings of the episodes (Sotopia-PI's
rating CSV files, or the plain JSONL form) beside every automated scorer
(an evaluator's imported with the episodes, omnigap's judge, the rules
that map to a dimension), per Sotopia dimension, every recording pooled
and per model or mode: the people's mean, the raters' Krippendorff alpha,
and each scorer's mean, bias, Pearson and Spearman correlations and mean
absolute error, naming where a scorer flatters; --json carries them under
"people", --people-csv writes the joined ratings (docs/METRICS.md).`,
		Example: `  omnigap report out/cl
  omnigap report out/cl out/mf --json report.json --csv report.csv --svg report.svg --png report.png
  omnigap report out/gpt-4o out/llama --by model --svg models.svg
  omnigap report out/pi-judged --ratings ratings/*_final.csv --json report.json`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error { return o.report(cmd, args) },
	}
	f := cmd.Flags()
	f.StringVar(&o.jsonPath, "json", "", "write the report as JSON to this file")
	f.StringVar(&o.csvPath, "csv", "", "write one CSV row per family, mode and metric to this file")
	f.StringVar(&o.htmlPath, "html", "", "write a self-contained page of the report and its charts to this file, with an index of every episode, and episode pages in the folder FILE-episodes beside it (docs/PAGES.md)")
	f.IntVar(&o.pages, "pages", page.MaxPages, "with --html, write at most this many episode pages, the biggest gaps first")
	f.StringVar(&o.svgPath, "svg", "", "write a slide (SVG) of the charted metrics to this file")
	f.StringVar(&o.pngPath, "png", "", "write the same slide as a PNG to this file")
	f.BoolVar(&o.force, "force", false, "replace the --json, --csv, --svg and --png files if they exist")
	addRatingsFlag(cmd, &o.ratings)
	f.StringVar(&o.peopleCSV, "people-csv", "", "with --ratings: write the joined ratings to this file, a row per rating with each scorer's score of the same seat and dimension beside it")
	f.StringSliceVar(&o.by, "by", nil, "group by study, model, prompt (the SCRIPT writer's instruction) or scenario as well as family and mode (comma-separated or repeated, in column order)")
	return cmd
}

// report reads the recordings args name, episode by episode, and prints
// and writes their report.
func (o *reportOptions) report(cmd *cobra.Command, args []string) error {
	args, ratings := splitRatings(args, o.ratings)
	if o.peopleCSV != "" && len(ratings) == 0 {
		return fmt.Errorf("--people-csv writes the ratings --ratings reads: give --ratings too")
	}
	dims, err := report.ParseDims(o.by)
	if err != nil {
		return err
	}
	if o.pages < 0 {
		return fmt.Errorf("--pages %d: give how many episode pages to write at most, 0 for none", o.pages)
	}
	sources, err := study.Gather(args, slices.Contains(dims, report.ByStudy), notesOf(cmd))
	if err != nil {
		return err
	}
	a, n, err := o.read(cmd, sources, dims)
	if err != nil && cmd.Context().Err() != nil {
		return errInterrupted
	}
	if err != nil {
		return err
	}
	inputs := make([]string, len(sources))
	for i, src := range sources {
		inputs[i] = src.Path
	}
	if n == 0 {
		return study.NoRecordings(args)
	}
	rated, err := readPeople(cmd.Context(), ratings, inputs, cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	return o.write(cmd, args, a.Report(), rated, inputs)
}

// read tallies the episodes of sources as it reads them; n counts them.
func (o *reportOptions) read(cmd *cobra.Command, sources []study.Source, dims []report.Dim) (a *report.Aggregator, n int, err error) {
	// Each episode is tallied as it is read and dropped, so memory
	// does not hold every recording's figures.
	a = report.NewAggregator(dims)
	guard := study.Guard{}
	n, err = study.Episodes(cmd.Context(), sources, notesOf(cmd), func(src study.Source, ep report.Episode) error {
		if len(dims) == 0 {
			if err := guard.Check(ep.Family, src.Study); err != nil {
				return err
			}
		}
		ep.Study = src.Label
		a.Add(ep)
		return nil
	})
	return a, n, err
}

// write prints the report's tables and bars and writes the files the
// flags ask for (args are the paths read, for the study page's index).
func (o *reportOptions) write(cmd *cobra.Command, args []string, r report.Report, rated *people.Study, inputs []string) error {
	out := cmd.OutOrStdout()
	if err := r.WriteTable(out, tableWidth(out)); err != nil {
		return err
	}
	if err := r.WriteBars(out); err != nil {
		return err
	}
	if rated != nil {
		if err := rated.WriteText(out, tableWidth(out)); err != nil {
			return err
		}
	}
	for _, exp := range []struct {
		path  string
		write func(io.Writer) error
	}{{o.jsonPath, func(w io.Writer) error { return people.WriteReportJSON(w, r, rated) }}, {o.csvPath, r.WriteCSV},
		{o.svgPath, func(w io.Writer) error { return slide.WriteSVG(w, r.Chart()) }},
		{o.pngPath, func(w io.Writer) error { return slide.WritePNG(w, r.Chart()) }},
		{o.peopleCSV, func(w io.Writer) error { return rated.WriteCSV(w) }}} {
		if exp.path != "" {
			if err := safefile.WriteFile(exp.path, safefile.Policy{Replace: o.force, Inputs: inputs}, exp.write); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", textsafe.Line(exp.path))
		}
	}
	if o.htmlPath != "" {
		return writeStudyPage(cmd.Context(), cmd.ErrOrStderr(), o.htmlPath, args, r, o.pages, o.force, inputs, rated)
	}
	return nil
}

// tableWidth is the width report tables are laid out to: the terminal's
// when out is one, else report.TableWidth.
func tableWidth(out io.Writer) int {
	if f, ok := out.(*os.File); ok && term.IsTerminal(f.Fd()) {
		if w, _, err := term.GetSize(f.Fd()); err == nil && w > 0 {
			return w
		}
	}
	return report.TableWidth
}
