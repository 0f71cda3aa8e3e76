package page

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/omnigap/omnigap/engine/people"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// WriteStudyFiles writes report --html's files: the episode pages of the
// scenarios Sample picks in the folder beside path named after it
// (study-episodes/ for study.html), then the study page at path, which
// links to them, each with the people's ratings when rated holds them.
// Files are written as p allows (never over an input, an existing one
// only with Replace). It returns the folder and how many episode pages
// it wrote; it stops between two pages when ctx is done.
func WriteStudyFiles(ctx context.Context, path string, r report.Report, scs *Scenarios, p safefile.Policy, rated *people.Study) (string, int, error) {
	folder := strings.TrimSuffix(path, filepath.Ext(path)) + "-episodes"
	picked := scs.Sample(MaxEpisodePages)
	names := FileNames(picked)
	var links []Link
	if len(picked) > 0 {
		if err := os.MkdirAll(folder, 0o755); err != nil {
			return folder, 0, err
		}
		dir, err := safefile.OpenDir(folder, p)
		if err != nil {
			return folder, 0, err
		}
		defer dir.Close()
		for i, sc := range picked {
			recs := make([]*record.Recording, 0, len(sc.Paths))
			for _, path := range sc.Paths {
				rec, err := record.ReadTurns(ctx, path)
				if err != nil {
					return folder, len(links), err
				}
				recs = append(recs, rec)
			}
			if err := dir.Write(names[i], func(w io.Writer) error { return WriteEpisode(w, recs, rated) }); err != nil {
				return folder, len(links), err
			}
			links = append(links, Link{Scenario: textsafe.Clean(sc.ID), Family: textsafe.Clean(sc.Family),
				Href: filepath.Base(folder) + "/" + names[i], Runs: len(sc.Paths)})
		}
	}
	err := safefile.WriteFile(path, p, func(w io.Writer) error { return WriteStudy(w, r, links, scs.Len(), rated) })
	return folder, len(links), err
}
