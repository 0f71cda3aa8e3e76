package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/study"
	"github.com/omnigap/omnigap/engine/view"
)

// omnigap report --json --csv --svg writes the report it prints: the JSON
// is the aggregate of the recordings, the CSV parses with its columns,
// the SVG is XML. Each file is replaced whole, through a temporary file
// that does not stay behind, and a link is not written through.
func TestReportExportsAreTheReportAndReplaceFilesWhole(t *testing.T) {
	recs := t.TempDir()
	opts := batch.Options{
		Refs: []string{"craigslist/gen-*"}, Modes: view.Modes, Episodes: 6, Seed: 1,
		Concurrency: 2, OutDir: recs, Resolve: library.Resolve, Factory: builtin.Factory{}, Annotate: leak.Annotate,
	}
	if _, err := batch.Study(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	var eps []report.Episode
	_, _, err := study.ReadEpisodes(context.Background(), []string{recs}, io.Discard, func(ep report.Episode) { eps = append(eps, ep) })
	if err != nil {
		t.Fatal(err)
	}
	want := report.Aggregate(eps)

	out := t.TempDir()
	jsonPath, csvPath, svgPath := filepath.Join(out, "r.json"), filepath.Join(out, "r.csv"), filepath.Join(out, "r.svg")
	// An older, longer report: kept without --force, and replaced whole
	// with it (a write that did not replace the file whole would leave
	// its tail behind).
	old := bytes.Repeat([]byte("x"), 1<<20)
	if err := os.WriteFile(jsonPath, old, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := omnigap(t, "report", recs, "--json", jsonPath); err == nil || !strings.Contains(err.Error(), jsonPath+": already exists (--force replaces it)") {
		t.Errorf("an existing --json file without --force: %v", err)
	}
	if data, _ := os.ReadFile(jsonPath); !bytes.Equal(data, old) {
		t.Error("the existing --json file was changed without --force")
	}
	stdout, err := omnigap(t, "report", recs, "--json", jsonPath, "--csv", csvPath, "--svg", svgPath, "--force")
	if err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	var table strings.Builder
	if err := want.WriteTable(&table, report.TableWidth); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stdout, table.String()) {
		t.Errorf("stdout does not start with the report's table:\n%s", stdout)
	}

	data, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	var got report.Report
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("the JSON export does not parse (old content left?): %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the JSON export is not the report of the recordings:\n%+v\n%+v", got, want)
	}

	f, err := os.Open(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("the CSV export does not parse: %v", err)
	}
	if strings.Join(rows[0], ",") != "family,mode,episodes,metric,n,mean,ci95_lo,ci95_hi" {
		t.Errorf("CSV header %v", rows[0])
	}
	rowsWanted := 0
	for _, g := range append(want.Headline.Groups, want.Groups...) {
		rowsWanted += len(g.Stats)
	}
	if len(rows)-1 != rowsWanted {
		t.Errorf("%d CSV rows, want one per group (the headline's too) and statistic: %d", len(rows)-1, rowsWanted)
	}

	svg, err := os.ReadFile(svgPath)
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		if _, err := dec.Token(); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("the SVG export is not XML: %v", err)
		}
	}

	// A link is refused, and what it points at stays as it was.
	target := filepath.Join(out, "elsewhere.csv")
	if err := os.WriteFile(target, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(out, "link.csv")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if _, err := omnigap(t, "report", recs, "--csv", link, "--force"); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("writing through a link: err %v", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "keep me" {
		t.Errorf("the link's target was changed: %q", b)
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("a temporary file stayed behind: %s", e.Name())
		}
	}
}
