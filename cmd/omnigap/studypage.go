package main

import (
	"context"
	"fmt"
	"io"

	"github.com/omnigap/omnigap/engine/browse"
	"github.com/omnigap/omnigap/engine/page"
	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// writeStudyPage writes report --html: the study page, its index of the
// episodes args hold (engine/browse) and at most pages of their episode
// pages (page.WriteStudyFiles), with the people's ratings when rated
// holds them.
func writeStudyPage(ctx context.Context, log io.Writer, path string, args []string, r report.Report, pages int, force bool, inputs []string, rated *people.Study) error {
	ix, err := browse.Read(ctx, args, io.Discard, nil)
	if ctx.Err() != nil {
		return errInterrupted
	}
	if err != nil {
		return err
	}
	folder, n, err := page.WriteStudyFiles(ctx, path, r, page.ListingOf(ix), pages, safefile.Policy{Replace: force, Inputs: inputs}, rated)
	if ctx.Err() != nil {
		return errInterrupted
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(log, "wrote %s and %d episode pages in %s\n", textsafe.Line(path), n, textsafe.Line(folder))
	return nil
}
