package page

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/safefile"
)

// The study page links to the episode pages written beside it, and
// files that exist are kept without Replace.
func TestStudyFilesLinkToTheirEpisodePages(t *testing.T) {
	paths, _ := filepath.Glob("../../recordings/*.jsonl")
	var s Scenarios
	var eps []report.Episode
	for _, p := range paths {
		r, err := record.ReadTurns(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		ep := report.FromRecording(r)
		eps = append(eps, ep)
		s.Add(p, ep)
	}
	out := filepath.Join(t.TempDir(), "study.html")
	folder, n, err := WriteStudyFiles(context.Background(), out, report.Aggregate(eps), &s, safefile.Policy{Inputs: paths}, nil)
	if err != nil || n != 2 || folder != strings.TrimSuffix(out, ".html")+"-episodes" {
		t.Fatalf("folder %s, %d pages, %v", folder, n, err)
	}
	study, _ := os.ReadFile(out)
	for _, name := range []string{"craigslist-road-bike.html", "mutualfriends-alumni-mixer.html"} {
		if !strings.Contains(string(study), `href="study-episodes/`+name+`"`) {
			t.Errorf("no link to %s", name)
		}
		if b, err := os.ReadFile(filepath.Join(folder, name)); err != nil || !strings.Contains(string(b), `<body class="episode">`) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, _, err := WriteStudyFiles(context.Background(), out, report.Aggregate(eps), &s, safefile.Policy{Inputs: paths}, nil); err == nil {
		t.Error("existing pages were written over without Replace")
	}
}
