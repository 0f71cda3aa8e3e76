package main

import (
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/omnigap/omnigap/engine/page"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/report/slide"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/study"
	"github.com/omnigap/omnigap/engine/textsafe"
)

func newReportCmd() *cobra.Command {
	var jsonPath, csvPath, svgPath, pngPath string
	var htmlPath string
	var pages int
	var force bool
	var by []string
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
over the scenarios and seeds both played.`,
		Example: `  omnigap report out/cl
  omnigap report out/cl out/mf --json report.json --csv report.csv --svg report.svg --png report.png
  omnigap report out/gpt-4o out/llama --by model --svg models.svg`,
		Args: usageArgs(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			dims, err := report.ParseDims(by)
			if err != nil {
				return err
			}
			if pages < 0 {
				return fmt.Errorf("--pages %d: give how many episode pages to write at most, 0 for none", pages)
			}
			// Each episode is tallied as it is read and dropped, so memory
			// does not hold every recording's figures.
			a := report.NewAggregator(dims)
			sources, err := study.Gather(args, slices.Contains(dims, report.ByStudy), cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			guard := study.Guard{}
			n, err := study.Episodes(cmd.Context(), sources, cmd.ErrOrStderr(), func(src study.Source, ep report.Episode) error {
				if len(dims) == 0 {
					if err := guard.Check(ep.Family, src.Study); err != nil {
						return err
					}
				}
				ep.Study = src.Label
				a.Add(ep)
				return nil
			})
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
				return fmt.Errorf("no readable recordings in %v", args)
			}
			r := a.Report()
			out := cmd.OutOrStdout()
			if err := r.WriteTable(out, tableWidth(out)); err != nil {
				return err
			}
			if err := r.WriteBars(out); err != nil {
				return err
			}
			for _, exp := range []struct {
				path  string
				write func(io.Writer) error
			}{{jsonPath, r.WriteJSON}, {csvPath, r.WriteCSV},
				{svgPath, func(w io.Writer) error { return slide.WriteSVG(w, r.Chart()) }},
				{pngPath, func(w io.Writer) error { return slide.WritePNG(w, r.Chart()) }}} {
				if exp.path != "" {
					if err := safefile.WriteFile(exp.path, safefile.Policy{Replace: force, Inputs: inputs}, exp.write); err != nil {
						return err
					}
					fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", textsafe.Line(exp.path))
				}
			}
			if htmlPath != "" {
				return writeStudyPage(cmd.Context(), cmd.ErrOrStderr(), htmlPath, args, r, pages, force, inputs)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&jsonPath, "json", "", "write the report as JSON to this file")
	f.StringVar(&csvPath, "csv", "", "write one CSV row per family, mode and metric to this file")
	f.StringVar(&htmlPath, "html", "", "write a self-contained page of the report and its charts to this file, with an index of every episode, and episode pages in the folder FILE-episodes beside it (docs/PAGES.md)")
	f.IntVar(&pages, "pages", page.MaxPages, "with --html, write at most this many episode pages, the biggest gaps first")
	f.StringVar(&svgPath, "svg", "", "write a slide (SVG) of the charted metrics to this file")
	f.StringVar(&pngPath, "png", "", "write the same slide as a PNG to this file")
	f.BoolVar(&force, "force", false, "replace the --json, --csv, --svg and --png files if they exist")
	f.StringSliceVar(&by, "by", nil, "group by study, model, prompt (the SCRIPT writer's instruction) or scenario as well as family and mode (comma-separated or repeated, in column order)")
	return cmd
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
