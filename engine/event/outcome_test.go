package event_test

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	dond "github.com/omnigap/omnigap/engine/family/dealornodeal"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// formatOutcome is a recorded outcome as the format has it: the struct
// the core held when each family's result was a field of its own.
type formatOutcome struct {
	Deal       bool              `json:"deal,omitempty"`
	Price      *float64          `json:"price,omitempty"`
	Selections [2]string         `json:"selections,omitempty"`
	Splits     [2]map[string]int `json:"splits,omitempty"`
	Success    bool              `json:"success,omitempty"`
	Summary    string            `json:"summary"`
}

// FuzzOutcomeKeepsTheFormat: an outcome with any family's terms, or
// none, is written byte for byte as encoding/json writes the format's
// struct (textsafe.EscapeJSON's escapes applied), and reads back with
// the same terms.
func FuzzOutcomeKeepsTheFormat(f *testing.F) {
	f.Add(0, true, 420.5, "", "", 0, false, "deal at $420.50")
	f.Add(1, false, 0.0, "Ana <3", "Bo \u202e", 0, true, "found the mutual friend")
	f.Add(2, true, 0.0, "book", "hat", 2, false, "agreed: \x1b]0;x\x07")
	f.Add(3, false, math.Inf(1), "", "", -1, false, "turn limit")
	f.Fuzz(func(t *testing.T, family int, deal bool, price float64, a, b string, n int, success bool, summary string) {
		o := event.Outcome{Success: success, Summary: summary}
		want := formatOutcome{Success: success, Summary: summary}
		switch uint(family) % 4 {
		case 0:
			o.Terms = cl.Sale{Deal: deal, Price: &price}
			want.Deal, want.Price = deal, &price
		case 1:
			o.Terms = mf.Picks{Selections: [2]string{a, b}}
			want.Selections = [2]string{a, b}
		case 2:
			o.Terms = dond.Division{Deal: deal, Splits: [2]dond.Split{{a: n}, {b: -n}}}
			want.Deal, want.Splits = deal, [2]map[string]int{{a: n}, {b: -n}}
		}
		got, err := json.Marshal(o)
		wantJSON, werr := json.Marshal(want)
		if (err == nil) != (werr == nil) {
			t.Fatalf("errors differ: %v, %v", err, werr)
		}
		if err != nil {
			return
		}
		if string(got) != string(textsafe.EscapeJSON(wantJSON)) {
			t.Fatalf("\ngot  %s\nwant %s", got, textsafe.EscapeJSON(wantJSON))
		}
		if !utf8.ValidString(a) || !utf8.ValidString(b) || !utf8.ValidString(summary) {
			return // encoding/json reads such text back otherwise, in every struct
		}
		var back event.Outcome
		if err := json.Unmarshal(got, &back); err != nil {
			t.Fatal(err)
		}
		wantTerms := o.Terms
		if p, ok := o.Terms.(mf.Picks); ok && p.Selections == [2]string{} {
			wantTerms = nil // nobody selected: no terms, as the referee says
		}
		if back.Success != o.Success || back.Summary != o.Summary || !reflect.DeepEqual(back.Terms, wantTerms) {
			t.Fatalf("%s read back as %#v, want %#v", got, back, o)
		}
	})
}

// An outcome read from words keeps its reading: the rule, the turn of
// the acceptance and why its terms were not measured, written after the
// terms in key order and read back; an outcome without one writes none.
func TestOutcomeReadingReadsBack(t *testing.T) {
	price := 170.0
	for _, o := range []event.Outcome{
		{Terms: cl.Sale{Deal: true, Price: &price, Items: 2}, Summary: "deal at $170 for 2 items", Reading: &event.Reading{Rule: "craigslist/words-1", Turn: 7}},
		{Summary: "ended as recorded", Reading: &event.Reading{NotMeasured: "the rule cannot read the outcome from free text"}},
		{Summary: "no deal"},
	} {
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		var back event.Outcome
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !reflect.DeepEqual(back, o) {
			t.Errorf("%s read back as %#v, want %#v", b, back, o)
		}
		if (o.Reading == nil) == strings.Contains(string(b), `"reading"`) {
			t.Errorf("%s: a reading written where there is none, or none where there is one", b)
		}
	}
}
