package builtin

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// cues.in must find exactly what hasPhrase finds phrase by phrase: the
// players' reading of a turn may not change with how it is looked up.
func TestCuesFindWhatHasPhraseFinds(t *testing.T) {
	sets := []*cues{finalCues, agreeCues, freeAgreeCues}
	pieces := []string{"final", "finally", "ok", "okay", "oks", "deal", "ideal", "it's a deal", "can't go", "cannot go",
		"my limit", "limit", "yes", "yesterday", "sure", "unsure", "agreed", "works for me", "sounds fair", "take it or leave it",
		" ", " ", ", ", ". ", "'", "é", "$450", "i", "can", "go", "no", "not"}
	r := rand.New(rand.NewPCG(1, 2))
	found := 0
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		for _, c := range sets {
			want := false
			for _, list := range c.byFirst {
				for _, p := range list {
					want = want || hasPhrase(s, p)
				}
			}
			if got := c.in(s); got != want {
				t.Fatalf("in(%q) = %v, hasPhrase says %v", s, got, want)
			}
			if want {
				found++
			}
		}
	}
	if found < 1000 {
		t.Fatalf("only %d texts held a cue: the test reads too little", found)
	}
}
