package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/batch"
	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/report"
	"github.com/omnigap/omnigap/engine/view"
)

var (
	statCell = regexp.MustCompile(`<td data-family="([^"]*)" data-mode="([^"]*)" data-split="([^"]*)" data-metric="([^"]*)" data-mean="([^"]*)" data-lo="([^"]*)" data-hi="([^"]*)" data-n="([^"]*)">`)
	pairCell = regexp.MustCompile(`<td data-family="([^"]*)" data-first="([^"]*)" data-second="([^"]*)" data-metric="([^"]*)" data-mean="([^"]*)" data-lo="([^"]*)" data-hi="([^"]*)" data-n="([^"]*)">`)
	indexRow = regexp.MustCompile(`<tr data-n="[0-9]+" [^>]* data-href="([^"]+)">`)
)

// A 300-episode study's page: every figure report --json writes is on
// it with the same numbers and no other (the groups' means and the paired
// differences, of the headline and of each family), and its index lists
// every group of twins, each linking to its episode page written beside
// it.
func TestReportHTMLHasTheJSONsNumbers(t *testing.T) {
	dir := t.TempDir()
	opts := batch.Options{
		Refs: []string{"craigslist/gen-*", "mutualfriends/gen-*"}, Modes: view.Modes, Episodes: 50, Seed: 3,
		Concurrency: 2, OutDir: dir, Resolve: library.Resolve, Factory: builtin.Factory{}, Annotate: leak.Annotate,
	}
	if _, err := batch.Study(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	htmlPath, jsonPath := filepath.Join(out, "study.html"), filepath.Join(out, "study.json")
	if _, err := omnigap(t, "report", dir, "--json", jsonPath, "--html", htmlPath); err != nil {
		t.Fatal(err)
	}
	var r report.Report
	raw, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	html, err := os.ReadFile(htmlPath)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]report.Stat{}
	episodes := 0
	add := func(family string, gs []report.Group) {
		for _, g := range gs {
			for key, s := range g.Stats {
				want[fmt.Sprintf("%s|%s|%s", family, g.Mode, key)] = s
			}
		}
	}
	add("", r.Headline.Groups)
	for _, g := range r.Groups {
		episodes += g.Episodes
		add(string(g.Family), []report.Group{g})
	}
	if episodes != 300 {
		t.Fatalf("the study has %d episodes, want 300", episodes)
	}
	pairs := map[string]report.Stat{}
	for _, p := range append(append([]report.Paired{}, r.Headline.Paired...), r.Paired...) {
		pairs[fmt.Sprintf("%s|%s-%s|%s", p.Family, p.First, p.Second, p.Key)] = p.Stat
	}
	if len(r.Headline.Paired) == 0 {
		t.Fatal("the study's headline has no paired differences to look for")
	}
	check := func(kind string, want map[string]report.Stat, cells *regexp.Regexp, key func([]string) string) {
		got := 0
		for _, m := range cells.FindAllStringSubmatch(string(html), -1) {
			k := key(m)
			s, ok := want[k]
			if !ok {
				t.Errorf("the page has the %s %s, which the JSON has not", kind, k)
				continue
			}
			n, _ := strconv.Atoi(m[8])
			nums := [3]float64{}
			for i := range nums {
				nums[i], _ = strconv.ParseFloat(m[5+i], 64)
			}
			if nums != [3]float64{s.Mean, s.Lo, s.Hi} || n != s.N {
				t.Errorf("%s %s: page %v n %d, JSON %+v", kind, k, nums, n, s)
			}
			got++
		}
		if got != len(want) || got == 0 {
			t.Errorf("the page has %d %ss, the JSON %d", got, kind, len(want))
		}
	}
	check("figure", want, statCell, func(m []string) string { return fmt.Sprintf("%s|%s|%s", m[1], m[2], m[4]) })
	check("paired difference", pairs, pairCell, func(m []string) string { return fmt.Sprintf("%s|%s-%s|%s", m[1], m[2], m[3], m[4]) })
	rows := indexRow.FindAllStringSubmatch(string(html), -1)
	if len(rows) != 100 {
		t.Errorf("the index lists %d episodes, want the study's 100 groups of three twins", len(rows))
	}
	for _, row := range rows {
		target, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(row[1])))
		if err != nil {
			t.Errorf("link %s: %v", row[1], err)
			continue
		}
		if !strings.Contains(string(target), `<body class="episode">`) || strings.Count(string(target), `<th data-col=`) != 3 {
			t.Errorf("link %s does not open a three-run episode page", row[1])
		}
	}
}
