package main

import (
	"context"
	"fmt"
	"io"

	"github.com/omnigap/omnigap/engine/page"
	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// writeStudyPage writes report --html: the study page and its episode
// pages (page.WriteStudyFiles).
func writeStudyPage(ctx context.Context, log io.Writer, path string, r report.Report, scenarios *page.Scenarios, force bool, inputs []string, rated *people.Study) error {
	folder, n, err := page.WriteStudyFiles(ctx, path, r, scenarios, safefile.Policy{Replace: force, Inputs: inputs}, rated)
	if ctx.Err() != nil {
		return errInterrupted
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(log, "wrote %s and %d episode pages in %s\n", textsafe.Line(path), n, textsafe.Line(folder))
	return nil
}
