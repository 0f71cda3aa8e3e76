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

// MayBeIn must say yes wherever In finds a phrase in the lower-cased text,
// and on an ASCII text exactly where it does.
func TestMayBeInAnswersForTheLowerCasedText(t *testing.T) {
	c := NewCues("final", "lowest i can", "most i can", "can't go", "my limit", "take it or leave it", "ok")
	pieces := []string{"final", "FINAL", "Final", "fİnal", "finaL", "lowest I can", "Most I Can", "can't go", "CAN'T GO", "my Limit",
		"Take it or leave it", "o\u212a", "OK", "oK", "okay", " ", ", ", ". ", "'", "é", "É", "$450", "I", "i", "can", "go", "\xff"}
	r := rand.New(rand.NewPCG(3, 4))
	exact, found := 0, 0
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(6) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		want := c.In(strings.ToLower(s))
		got := c.MayBeIn(s)
		ascii := !strings.ContainsFunc(s, func(r rune) bool { return r >= 0x80 })
		if want && !got || ascii && got != want {
			t.Fatalf("MayBeIn(%q) = %v, In of the lower-cased text %v", s, got, want)
		}
		if ascii {
			exact++
		}
		if want {
			found++
		}
	}
	if exact < 2000 || found < 1000 {
		t.Fatalf("%d ASCII texts, %d with a cue: the test reads too little", exact, found)
	}
}
