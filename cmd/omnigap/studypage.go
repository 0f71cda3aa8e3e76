package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/omnigap/omnigap/engine/page"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// writeStudyPage writes report --html: the episode pages of the study's
// scenarios (a sample of page.MaxEpisodePages when there are more) in the
// folder FILE-episodes beside FILE, then the study page that links to
// them.
func writeStudyPage(ctx context.Context, log io.Writer, path string, r report.Report, scenarios *page.Scenarios, force bool, inputs []string) error {
	folder := strings.TrimSuffix(path, filepath.Ext(path)) + "-episodes"
	picked := scenarios.Sample(page.MaxEpisodePages)
	names := page.FileNames(picked)
	var links []page.Link
	if len(picked) > 0 {
		out, err := outputDir(folder, force, inputs)
		if err != nil {
			return err
		}
		defer out.Close()
		for i, sc := range picked {
			if ctx.Err() != nil {
				return errInterrupted
			}
			recs, err := readRecordings(ctx, sc.Paths)
			if err != nil {
				return err
			}
			if err := out.Write(names[i], func(w io.Writer) error { return page.WriteEpisode(w, recs) }); err != nil {
				return err
			}
			links = append(links, page.Link{Scenario: textsafe.Clean(sc.ID), Family: textsafe.Clean(sc.Family),
				Href: filepath.Base(folder) + "/" + names[i], Runs: len(sc.Paths)})
		}
	}
	if err := safefile.WriteFile(path, safefile.Policy{Replace: force, Inputs: inputs}, func(w io.Writer) error {
		return page.WriteStudy(w, r, links, scenarios.Len())
	}); err != nil {
		return err
	}
	fmt.Fprintf(log, "wrote %s and %d episode pages in %s\n", textsafe.Line(path), len(links), textsafe.Line(folder))
	return nil
}
