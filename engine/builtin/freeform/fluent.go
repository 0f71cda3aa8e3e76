package freeform

import "strings"

// awkward reports whether a sentence that person made from a scenario's
// prose shows one of the faults its word-by-word rewriting is known to
// make: a subject where an object belongs ("offers I help"), a verb that
// did not follow its new subject ("I never shares", "I is"), "I am"
// before a clause ("I am last night I applied"), a possessive left
// hanging ("train my."), a clause with no subject (", rejects family
// fortune"), a word cut at its apostrophe, or an aim that is a whole
// sentence ("to I want to", "to don't"). A player says a safe wording
// instead of an awkward one.
func awkward(s string) bool {
	if strings.Contains(s, "( )") || strings.Contains(s, "()") || strings.Contains(s, "' ") {
		return true
	}
	words := strings.Fields(s)
	for i, w := range words {
		core, tail := splitWord(w)
		low := strings.ToLower(core)
		prev := ""
		if i > 0 {
			prev = strings.ToLower(words[i-1])
		}
		switch {
		case core == "I" && i > 0 && objectI(words, i):
			return true
		case low == "me" && i+1 < len(words) && auxiliaries[strings.ToLower(words[i+1])]:
			return true // "the path me have chosen"
		case (low == "my" || low == "your" || low == "our") && (tail != "" || i == len(words)-1):
			return true
		case (low == "am" || low == "are") && i > 0 && i+1 < len(words) && beforeClause[strings.ToLower(words[i+1])]:
			return true
		case prev == "to" && (low == "don't" || low == "doesn't" || low == "if" || low == "i" || low == "not"):
			return true
		case i > 0 && strings.HasSuffix(words[i-1], ",") && thirdPerson(core):
			return true
		case i > 0 && afterAnd(words, i) && thirdPerson(core) && (words[0] == "I" || strings.EqualFold(words[0], "you")):
			return true
		}
		if low == "i" || low == "you" {
			if v := verbAfter(words, i); v != "" && (thirdPerson(v) || low == "i" && (v == "is" || v == "are") || low == "you" && v == "was") {
				return true
			}
		}
	}
	return false
}

// objectI reports whether "I" at i stands where an object belongs: after
// a preposition or a verb ("to I", "offers I help", "estranged I"), or
// before a preposition ("prepare I for").
func objectI(words []string, i int) bool {
	prev := strings.ToLower(strings.TrimRight(words[i-1], ",;"))
	if strings.HasSuffix(words[i-1], ",") || clauseOpeners[prev] {
		return false
	}
	next := ""
	if i+1 < len(words) {
		next, _ = splitWord(strings.ToLower(words[i+1]))
	}
	return afterObject[prev] || prev == "of" || thirdPerson(prev) || strings.HasSuffix(prev, "ed") || afterObject[next] && next != "a" && next != "an" && next != "the"
}

// beforeClause are words that cannot follow "I am" or "you are".
var beforeClause = map[string]bool{"last": true, "while": true, "when": true, "for": true, "since": true, "after": true, "before": true, "i": true, "you": true}

// verbAfter is the word that follows a subject at i, past adverbs.
func verbAfter(words []string, i int) string {
	for j := i + 1; j < len(words); j++ {
		core, _ := splitWord(words[j])
		w := strings.ToLower(core)
		if adverb(w) {
			continue
		}
		return w
	}
	return ""
}

// thirdPerson reports whether w is a verb in the third person singular
// ("works", "rejects", "has"), as far as its spelling tells.
func thirdPerson(w string) bool {
	w = strings.ToLower(w)
	switch w {
	case "has", "is", "does":
		return true
	case "was", "this", "us", "yes", "always", "perhaps", "as", "its", "plus", "thus", "across", "towards", "afterwards":
		return false
	}
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") && !strings.Contains(w, "'")
}
