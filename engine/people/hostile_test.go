package people

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/metrics"
)

// A rating file written to do harm: a reason of 4 MB, a rater's id and a
// reason that a spreadsheet would run as formulas, escape sequences and
// a bidi override in a reason. All of it is read (the reason whole, its
// control characters gone), joined, and written back to CSV with every
// formula shown as text.
func TestHostileRatingsAreReadWholeAndWrittenBackDisarmed(t *testing.T) {
	huge := strings.Repeat("long reason ", 4<<20/12)
	rows := []string{
		csvHead(),
		csvRow("1", "ep-1", "=HYPERLINK(\"http://x.example\",\"rater\")", map[string]string{"goal_1": "9", "goal_reasoning_1": huge}),
		csvRow("2", "ep-1", "rater-02", map[string]string{"goal_1": "3", "goal_reasoning_1": "+cmd|' /C calc'!A0 \x1b]52;c;ZXZpbA==\x07 \u202eevil"}),
	}
	rs := read(t, [2]string{"hostile.csv", strings.Join(rows, "\n")})
	if len(rs.Problems) != 0 || rs.Len() != 28 {
		t.Fatalf("%d ratings, problems %v", rs.Len(), rs.Problems)
	}
	st := NewStudy(rs)
	st.Add(imported("ep-1", [2]string{"Ana Ruiz", "Ben Cole"}, []string{"Ana Ruiz", "Ben Cole"}, [2]string{"a", "b"},
		map[string]float64{metrics.ImportedJudgeSeatKey(0, "goal"): 8}))
	var b bytes.Buffer
	if err := st.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	rowsOut, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rowsOut) != 29 {
		t.Fatalf("%d rows written back, want a header and 28", len(rowsOut))
	}
	head := rowsOut[0]
	col := func(name string) int {
		for i, h := range head {
			if h == name {
				return i
			}
		}
		t.Fatalf("no column %q in %v", name, head)
		return -1
	}
	var sawHuge, sawFormula bool
	for _, r := range rowsOut[1:] {
		for _, cell := range r {
			// A negative score is a number, not text a spreadsheet runs.
			lead := strings.TrimLeft(cell, " ")
			if lead != "" && strings.ContainsAny(lead[:1], "=+-@") && !isNumber(cell) || strings.ContainsAny(cell, "\x1b\x07\u202e") {
				t.Errorf("a cell a spreadsheet would run, or with a control character, was written: %.80q", cell)
			}
		}
		if r[col("dimension")] == "goal" && r[col("agent")] == "1" {
			switch r[col("score")] {
			case "9":
				sawHuge = r[col("reason")] == strings.TrimSpace(huge) && r[col("rater")] == "'=HYPERLINK(\"http://x.example\",\"rater\")"
			case "3":
				sawFormula = strings.HasPrefix(r[col("reason")], "'+cmd|") && strings.HasSuffix(r[col("reason")], "evil")
			}
			if r[col("judge: imported, gpt-4")] != "8" {
				t.Errorf("the imported evaluator's goal beside a rating: %q", r[col("judge: imported, gpt-4")])
			}
		}
	}
	if !sawHuge || !sawFormula {
		t.Errorf("the huge reason came back whole with its rater disarmed: %v; the formula reason disarmed and cleaned: %v", sawHuge, sawFormula)
	}
}

func isNumber(s string) bool {
	return strings.Trim(s, "-0123456789.") == ""
}
