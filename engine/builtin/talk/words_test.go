package talk

import "testing"

func TestSentencesAndCues(t *testing.T) {
	s := Sentences("no, none of mine do. any friend of yours who studied physics? $1.5k is fine")
	if len(s) != 3 || s[0].Question || !s[1].Question || s[2].Text != "$1.5k is fine" {
		t.Fatalf("sentences = %+v", s)
	}
	for text, want := range map[string]bool{
		"no, none of mine do":         true,
		"i don't have anyone":         true,
		"nobody like that":            true,
		"i know jessica":              false,
		"yes, two of them went there": false,
	} {
		if Negated(text) != want {
			t.Errorf("Negated(%q) = %v", text, !want)
		}
	}
	if !HasPhrase("works at nimbus cloud.", "nimbus cloud") || HasPhrase("nimbus clouds", "nimbus cloud") || HasPhrase("art history", "history of art") {
		t.Error("HasPhrase does not match whole words")
	}
}
