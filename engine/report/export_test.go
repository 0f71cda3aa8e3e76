package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// exportEpisodes are craigslist runs with known figures: SCRIPT's goal
// completion is 2, 4, 6, 8 (mean 5) and AGENTS' 1, 2, 3 (mean 2); deals
// and leaks vary, and one AGENTS run failed on a timeout.
func exportEpisodes(family scenario.Family) []Episode {
	ep := func(mode view.Mode, goal, deal, leaks float64) Episode {
		return Episode{Source: fmt.Sprintf("%s-%v", mode, goal), Family: family, Mode: mode, Ended: true, Completed: true,
			Metrics: map[string]float64{metrics.GoalCompletion: goal, metrics.Deal: deal, metrics.Leaks: leaks}}
	}
	eps := []Episode{
		ep(view.Script, 2, 1, 3), ep(view.Script, 4, 1, 1), ep(view.Script, 6, 0, 2), ep(view.Script, 8, 1, 2),
		ep(view.Agents, 1, 0, 0), ep(view.Agents, 2, 1, 0), ep(view.Agents, 3, 0, 1),
	}
	eps[6].Completed = false
	eps[6].AddFailures(map[event.FailureKind]int{event.OtherFailure: 1})
	return eps
}

// wide is a terminal wide enough for every cell of the tests' tables on
// one line.
const wide = 300

// tableCells reads the first family table of WriteTable's output back
// (after the headline): the figures of each mode column by measure label.
func tableCells(t *testing.T, r Report) map[string]map[string]string {
	t.Helper()
	var b strings.Builder
	if err := r.WriteTable(&b, wide); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	title := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, string(r.Groups[0].Family)+": episodes") })
	if title < 0 {
		t.Fatalf("no table of %s in:\n%s", r.Groups[0].Family, b.String())
	}
	cols := regexp.MustCompile(`\s{2,}`)
	modes := cols.Split(strings.TrimSpace(lines[title+1]), -1)
	out := map[string]map[string]string{}
	for _, l := range lines[title+2:] {
		if l == "" || strings.HasPrefix(l, "paired differences") {
			break
		}
		f := cols.Split(strings.TrimSpace(l), -1)
		if len(f) != len(modes)+1 {
			t.Fatalf("table row %q has %d cells for modes %v", l, len(f)-1, modes)
		}
		for i, mode := range modes {
			if out[mode] == nil {
				out[mode] = map[string]string{}
			}
			out[mode][f[0]] = f[i+1]
		}
	}
	return out
}

// The CSV has the documented columns and one row per family, mode and
// measure, and its figures are the table's.
func TestCSVHasTheTablesFigures(t *testing.T) {
	r := Aggregate(exportEpisodes(scenario.Craigslist))
	var b bytes.Buffer
	if err := r.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not parse: %v", err)
	}
	if want := []string{"family", "mode", "episodes", "metric", "n", "mean", "ci95_lo", "ci95_hi"}; !slices.Equal(rows[0], want) {
		t.Fatalf("header %v, want %v", rows[0], want)
	}
	table := tableCells(t, r)
	keys := []string{metrics.GoalCompletion, metrics.Deal, metrics.Leaks}
	// The headline's rows first: family "all", the headline's measures
	// (goal completion and leaks here) in each mode.
	headline := 0
	for _, row := range rows[1:] {
		if row[0] == AllFamilies {
			headline++
			if !slices.Contains(HeadlineKeys, row[3]) {
				t.Errorf("a headline row of %s", row[3])
			}
		}
	}
	if headline != 2*2 || rows[1][0] != AllFamilies {
		t.Errorf("%d headline rows, want 4 first:\n%v", headline, rows)
	}
	rows = rows[1+headline:]
	if len(rows) != 2*len(keys) {
		t.Fatalf("%d family rows, want %d:\n%v", len(rows), 2*len(keys), rows)
	}
	seen := map[string]bool{}
	for _, row := range rows {
		family, mode, episodes, key := row[0], view.Mode(row[1]), row[2], row[3]
		n, _ := strconv.Atoi(row[4])
		var fig [3]float64
		for i, s := range row[5:] {
			if fig[i], err = strconv.ParseFloat(s, 64); err != nil {
				t.Fatalf("row %v: %v", row, err)
			}
		}
		seen[string(mode)+" "+key] = true
		if family != "craigslist" || !slices.Contains(keys, key) {
			t.Errorf("unexpected row %v", row)
			continue
		}
		if want := map[view.Mode]string{view.Script: "4", view.Agents: "3"}[mode]; episodes != want || row[4] != want {
			t.Errorf("row %v: episodes and n should be %s", row, want)
		}
		// The table prints two decimals; the CSV keeps six figures.
		var mean, lo, hi float64
		if _, err := fmt.Sscanf(table[mode.Label()][measure(key).Label], "%f [%f, %f]", &mean, &lo, &hi); err != nil {
			t.Fatalf("%s %s: table cell %q: %v", mode, key, table[mode.Label()][measure(key).Label], err)
		}
		for i, tv := range []float64{mean, lo, hi} {
			if math.Abs(tv-fig[i]) > 0.005 {
				t.Errorf("%s %s: CSV %v, table %q", mode, key, row[5:], table[mode.Label()][measure(key).Label])
			}
		}
		if n < 2 || fig[1] > fig[0] || fig[0] > fig[2] {
			t.Errorf("row %v: the mean should lie in its interval", row)
		}
	}
	for _, mode := range []view.Mode{view.Script, view.Agents} {
		for _, key := range keys {
			if !seen[string(mode)+" "+key] {
				t.Errorf("no row for %s %s", mode, key)
			}
		}
	}
	if goal := table["SCRIPT"][goalRuleLabel]; !strings.HasPrefix(goal, "5.00 [") {
		t.Errorf("SCRIPT goal completion %q, want a mean of 5.00", goal)
	}
	if goal := table["AGENTS"][goalRuleLabel]; !strings.HasPrefix(goal, "2.00 [") {
		t.Errorf("AGENTS goal completion %q, want a mean of 2.00", goal)
	}
}

// The JSON reads back into the same report.
func TestJSONRoundTrips(t *testing.T) {
	r := Aggregate(append(exportEpisodes(scenario.Craigslist), exportEpisodes(scenario.MutualFriends)...))
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var back Report
	dec := json.NewDecoder(&b)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, r) {
		t.Errorf("read back %+v\nwrote %+v", back, r)
	}
	if got, _ := back.statOf(series{f: scenario.Craigslist}, view.Script, metrics.GoalCompletion); got.Mean != 5 || got.N != 4 {
		t.Errorf("SCRIPT goal completion %+v, want mean 5 over 4", got)
	}
	if back.Groups[1].Failures[event.OtherFailure] != 1 {
		t.Errorf("AGENTS failures %v, want the one", back.Groups[1].Failures)
	}
}

// The chart (what the slide draws, engine/report/slide) has a panel per
// charted measure with data, in Charted order, and a bar per mode with
// the mode's statistic and its figure.
func TestChartHasABarPerModeOfEachMeasure(t *testing.T) {
	r := Aggregate(exportEpisodes(scenario.Craigslist))
	c := r.Chart()
	var titles []string
	for _, p := range c.Panels {
		titles = append(titles, p.Title)
	}
	if want := []string{goalRuleLabel, "deal rate", "leaks per episode"}; !slices.Equal(titles, want) {
		t.Fatalf("panels %q, want %q", titles, want)
	}
	for i, key := range []string{metrics.GoalCompletion, metrics.Deal, metrics.Leaks} {
		bars := c.Panels[i].Groups[0].Bars
		if len(c.Panels[i].Groups) != 1 || len(bars) != 2 || bars[0].Mode != view.Script || bars[1].Mode != view.Agents {
			t.Fatalf("%s: groups %+v, want one of a SCRIPT and an AGENTS bar", key, c.Panels[i].Groups)
		}
		for _, b := range bars {
			want, _ := r.statOf(series{f: scenario.Craigslist}, b.Mode, key)
			if b.Stat != want || b.Text != num(want.Mean) {
				t.Errorf("%s %s: bar %+v, want %+v written %s", key, b.Mode, b, want, num(want.Mean))
			}
		}
	}
	if !strings.Contains(c.Title, "craigslist") || !strings.Contains(c.Subtitle, "whiskers: 95% intervals") {
		t.Errorf("title %q, subtitle %q", c.Title, c.Subtitle)
	}
}

// Labels from recordings reach every export safely: no control bytes in
// the table or the CSV, no formula injected, and the JSON keeps the text
// exactly, escaped (the slide's test is engine/report/slide's).
func TestHostileLabelsAreEscapedInEveryExport(t *testing.T) {
	hostile := scenario.Family("=HYPERLINK(\"x\")</text><script>alert(1)</script>&\x1b]52;c;Zm9v\x07\x1b[2J\u202e\u009b")
	eps := append(exportEpisodes(hostile), exportEpisodes(scenario.Craigslist)...)
	for i := range eps[:7] {
		eps[i].Mode = view.Mode("agents\x1b[31m<b>")
	}
	r := Aggregate(eps)
	outputs := map[string]*bytes.Buffer{}
	for name, write := range map[string]func(io.Writer) error{"table": func(w io.Writer) error { return r.WriteTable(w, TableWidth) }, "bars": r.WriteBars, "csv": r.WriteCSV, "json": r.WriteJSON} {
		outputs[name] = &bytes.Buffer{}
		if err := write(outputs[name]); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	for name, out := range outputs {
		for _, c := range out.String() {
			// The JSON keeps the exact text, every control escaped.
			layout := c == '\n' || c == '\r'
			if c < 0x20 && !layout || c == 0x7f || c >= 0x80 && c < 0xa0 || c == '\u202e' {
				t.Errorf("%s holds control character %U", name, c)
				break
			}
		}
	}
	rows, err := csv.NewReader(outputs["csv"]).ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not parse: %v", err)
	}
	for _, row := range rows[1:] {
		for _, cell := range row[:2] {
			if strings.ContainsAny(cell[:1], "=+-@") {
				t.Errorf("CSV cell %q would run as a spreadsheet formula", cell)
			}
		}
	}
	var back Report
	if err := json.Unmarshal(outputs["json"].Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(back.Groups, func(g Group) bool { return g.Family == hostile }) {
		t.Error("the JSON should keep the family's name exactly")
	}
}
