package leak

import (
	"testing"
	"unicode/utf8"

	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/scenario"
)

// FuzzFind: any text, however odd its bytes, yields matches whose spans lie
// inside it (amount.FuzzAmounts reads the amounts of any text).
func FuzzFind(f *testing.F) {
	for _, s := range []string{"I can do $1,200 or twelve hundred.", "Jacob's at Google, isn't he?", "4x4 2nd 10am 50% 1.2k", "ünï ’s \x00\xff"} {
		f.Add(s)
	}
	sc, err := scenario.LoadFile("testdata/friends.yaml")
	if err != nil {
		f.Fatal(err)
	}
	m := match.Compile(Facts(sc))
	f.Fuzz(func(t *testing.T, text string) {
		n := utf8.RuneCountInString(text)
		for _, mt := range m.Find(text) {
			if mt.Start < 0 || mt.End > n || mt.Start > mt.End {
				t.Fatalf("span %d..%d outside %d code points of %q", mt.Start, mt.End, n, text)
			}
		}
	})
}
