package page

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/browse"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/safefile"
)

// listFolders lists the groups of twins in folders as report --html
// does.
func listFolders(t testing.TB, dirs ...string) Listing {
	t.Helper()
	ix, err := browse.Read(context.Background(), dirs, io.Discard, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ListingOf(ix)
}

// shipped reads the shipped recordings as report and browse do: their
// report and their listing of groups of twins.
func shipped(t testing.TB) (report.Report, Listing, []string) {
	t.Helper()
	paths, err := filepath.Glob("../../recordings/*.jsonl")
	if err != nil || len(paths) == 0 {
		t.Fatal(paths, err)
	}
	var eps []report.Episode
	for _, p := range paths {
		r, err := record.ReadTurns(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		eps = append(eps, report.FromRecording(r))
	}
	return report.Aggregate(eps), listFolders(t, "../../recordings"), paths
}

// hrefs are the index's links to episode pages, in its order.
var hrefs = regexp.MustCompile(`<tr data-n="[0-9]+" [^>]*? data-href="([^"]+)">`)

// The study page's index lists every group of twins and links to the
// episode pages written beside it, the biggest gaps first when they are
// capped, and says so; files that exist are kept without Replace.
func TestStudyFilesLinkToTheirEpisodePages(t *testing.T) {
	r, ix, paths := shipped(t)
	out := filepath.Join(t.TempDir(), "study.html")
	folder, n, err := WriteStudyFiles(context.Background(), out, r, ix, MaxPages, safefile.Policy{Inputs: paths}, nil)
	if err != nil || n != 2 || folder != strings.TrimSuffix(out, ".html")+"-episodes" {
		t.Fatalf("folder %s, %d pages, %v", folder, n, err)
	}
	study, _ := os.ReadFile(out)
	for _, name := range []string{"craigslist_road-bike-s1.html", "mutualfriends_alumni-mixer-s1.html"} {
		if !strings.Contains(string(study), `data-href="study-episodes/`+name+`"`) || !strings.Contains(string(study), `<a href="study-episodes/`+name+`">`) {
			t.Errorf("no link to %s", name)
		}
		b, err := os.ReadFile(filepath.Join(folder, name))
		if err != nil || !strings.Contains(string(b), `<body class="episode">`) || strings.Count(string(b), `<th data-col=`) != 3 {
			t.Errorf("%s is no page of the group's three runs: %v", name, err)
		}
	}
	if _, _, err := WriteStudyFiles(context.Background(), out, r, ix, MaxPages, safefile.Policy{Inputs: paths}, nil); err == nil {
		t.Error("existing pages were written over without Replace")
	}

	// Capped at one page: the group with the bigger gap has it.
	out = filepath.Join(t.TempDir(), "one.html")
	if _, n, err := WriteStudyFiles(context.Background(), out, r, ix, 1, safefile.Policy{Inputs: paths}, nil); err != nil || n != 1 {
		t.Fatalf("%d pages, %v", n, err)
	}
	study, _ = os.ReadFile(out)
	links := hrefs.FindAllStringSubmatch(string(study), -1)
	if len(links) != 1 || strings.Count(string(study), `<tr data-n=`) != 2 {
		t.Fatalf("capped at 1: %d links among %d rows", len(links), strings.Count(string(study), `<tr data-n=`))
	}
	gaps := regexp.MustCompile(`<td data-key="gap" data-v="([^"]+)"`).FindAllStringSubmatch(string(study), -1)
	if len(gaps) != 2 || !strings.Contains(string(study), `data-n="0" data-id="`+strings.TrimSuffix(filepath.Base(links[0][1]), ".html")+`"`) {
		t.Errorf("the page is not the first row's, the biggest gap's: %v %v", links, gaps)
	}
	for _, s := range []string{"1 of them have a page: the 1 with the biggest gaps", "no page: past the 1 biggest gaps"} {
		if !strings.Contains(string(study), s) {
			t.Errorf("the capped page does not say %q", s)
		}
	}
}

func TestFileNames(t *testing.T) {
	names := FileNames([]string{"cl/a", "cl a", "../x", "", "CL-A"})
	if strings.Join(names, " ") != "cl-a.html cl-a-2.html -x.html episode.html CL-A-3.html" {
		t.Errorf("file names %v", names)
	}
}
