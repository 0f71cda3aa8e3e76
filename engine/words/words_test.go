package words

import (
	"slices"
	"testing"
)

// TestTokenEnds: the scanner finds again where each token ends in the
// text, for words used as they stand, lowered words and numerals alike.
func TestTokenEnds(t *testing.T) {
	text := "Jacob's bike, don’t; Éclair 1,200.50 five-two I'd 2nd"
	var s Scanner
	s.Scan(text)
	var got []string
	for k := range s.Tokens {
		got = append(got, text[s.Tokens[k].From:s.To(&s.Tokens[k])])
	}
	want := []string{"Jacob's", "bike", "don’t", "Éclair", "1,200.50", "five", "two", "I'd", "2nd"}
	if !slices.Equal(got, want) {
		t.Errorf("tokens %q, want %q", got, want)
	}
}

// TestPersonWordsAgree: the scanner's quick test for person words keeps
// exactly the first- and second-person words that are not objects.
func TestPersonWordsAgree(t *testing.T) {
	for w, f := range wordFlags {
		want := f&(firstPerson|secondPerson) != 0 && f&objectPronouns == 0
		if isPersonWord(w) != want {
			t.Errorf("isPersonWord(%q) = %v, the word lists say %v", w, !want, want)
		}
	}
}

// TestPersonFirstLetters: the scanner's first-letter test lets every
// person word through.
func TestPersonFirstLetters(t *testing.T) {
	for w, f := range wordFlags {
		if f&(firstPerson|secondPerson) != 0 && f&objectPronouns == 0 && (len(w) > 8 || !personFirst[w[0]]) {
			t.Errorf("the scanner would miss the person word %q", w)
		}
	}
}
