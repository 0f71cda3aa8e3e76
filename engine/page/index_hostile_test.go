package page

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/report"
)

// Text from recordings in the study page's index (titles, ids, models,
// endings, the turns the search reads) stays text: escaped in the table
// and in the turns' data, which holds no way out of its script element.
func TestIndexEscapesWhatRecordingsSay(t *testing.T) {
	bad := "</script><script>window.pwned=1</script><img src=x onerror=alert(1)>\u202e"
	l := Listing{
		Columns: []Column{{Key: "gap", Field: "gap", Numeric: true}, {Key: "scenario", Field: "scenario"}, {Key: "agents.ending", Field: "ending", Mode: "agents"}},
		Groups: []Group{{ID: bad, Title: bad, Scenario: bad, Family: bad, Models: bad, Endings: []string{bad}, Kinds: []string{bad},
			Cells: []Cell{{Why: bad}, {Text: bad}, {Text: bad}}}},
	}
	ix := indexOf(l, map[int]groupPage{0: {Href: "x/" + bad + ".html", Turns: []turnLine{{Col: 0, Turn: 1, Run: bad, Speaker: bad, Say: clean(bad)}}}}, false, MaxPages)
	var b strings.Builder
	if err := WriteStudy(&b, report.Report{}, ix, nil); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if n := strings.Count(page, "<script"); n != 2 {
		t.Errorf("%d script elements, want the turns' data and the page's own", n)
	}
	for _, s := range []string{"<img", "window.pwned=1</script>", "\u202e"} {
		if strings.Contains(page, s) {
			t.Errorf("the page holds %q as it came", s)
		}
	}
	if !strings.Contains(page, `\u003c/script\u003e\u003cscript\u003ewindow.pwned=1`) {
		t.Error("the turns' data does not hold the turn's text, escaped")
	}
}
