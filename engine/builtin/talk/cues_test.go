package talk

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Cues.In must find exactly what HasPhrase finds phrase by phrase: the
// players' reading of a turn may not change with how it is looked up. The
// sets are the players' kinds of cues: a Craigslist final call and
// agreement, a free-form agreement.
func TestCuesFindWhatHasPhraseFinds(t *testing.T) {
	sets := []*Cues{
		NewCues("final", "lowest i can", "most i can", "can't go", "cannot go", "won't go",
			"can not go", "bottom line", "best i can do", "absolute limit", "my limit", "take it or leave it"),
		NewCues("deal", "sounds good", "agreed", "ok", "okay", "you got it", "works for me",
			"it's a deal", "i accept", "sure", "yes"),
		NewCues("agreed", "agree on that", "works for me", "sounds fair"),
	}
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
					want = want || HasPhrase(s, p)
				}
			}
			if got := c.In(s); got != want {
				t.Fatalf("In(%q) = %v, HasPhrase says %v", s, got, want)
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
