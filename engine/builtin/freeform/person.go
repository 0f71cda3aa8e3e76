package freeform

import (
	"strings"

	"github.com/omnigap/omnigap/engine/builtin/talk"
)

// person turns a goal (written to its character as "you") or a secret
// (written about its character as "he" or "she") into words its owner or
// its partner can say. With owner true the speaker is the subject ("I owe",
// "my rent"); otherwise the speaker talks to the subject ("you owe", "your
// rent"). The partner's name youName becomes "you" and the speaker's
// meName "me" (or "I"). The
// rewriting is word by word and only as good as the scenario's plain
// phrasing allows.
func person(text, youName, meName string, owner bool) string {
	text = strings.ReplaceAll(text, "the two of you", "the two of us")
	words := strings.Fields(text)
	subject := map[bool]map[string]string{
		true: {"he": "I", "she": "I", "his": "my", "him": "me", "her": "my", "himself": "myself", "herself": "myself", "you": "I", "your": "my", "yours": "mine", "yourself": "myself",
			"you're": "I'm", "you've": "I've", "you'll": "I'll", "you'd": "I'd", "he's": "I'm", "she's": "I'm"},
		false: {"he": "you", "she": "you", "his": "your", "him": "you", "her": "your", "himself": "yourself", "herself": "yourself", "he's": "you're", "she's": "you're"},
	}[owner]
	fix := false      // the word before became a subject in need of a plain verb
	subjectWord := "" // the last subject made, for "and is" further on
	for i, w := range words {
		core, tail := splitWord(w)
		lower := strings.ToLower(core)
		was := fix
		fix = false
		var out string
		switch {
		case core == youName:
			out, fix = "you", true
		case core == youName+"'s":
			out = "your"
		case core == meName:
			out = "me"
			if subjectAt(words, i) {
				out, fix = "I", true
			}
		case core == meName+"'s":
			out = "my"
		case subject[lower] != "":
			out = subject[lower]
			if lower == "you" && owner && !subjectAt(words, i) {
				out = "me"
			}
			if lower == "her" && objectHer(words, i) {
				out = subject["him"]
			}
			fix = lower == "he" || lower == "she" || out == "I"
		case was && adverb(lower):
			out, fix = core, true // "he secretly writes": the verb is next
		case was:
			out = plainVerb(core, words[i-1])
		case subjectWord != "" && afterAnd(words, i) && (looksLikeVerb(core) || lower == "are"):
			// "she left school and now works": the verb shares the subject.
			out = plainVerb(core, subjectWord)
		default:
			out = core
		}
		if fix {
			subjectWord = out
		}
		words[i] = out + tail
	}
	return strings.Join(words, " ")
}

// withSubject gives a secret written without its subject, as most of
// Sotopia's are ("Sells forged paintings", "Secretly in love with ..."),
// the subject "he" (made "I" or "you" by person), with "is" before what is
// not a verb.
func withSubject(secret string) string {
	if secret != "" && !strings.ContainsAny(secret[len(secret)-1:], ".!?") {
		secret += "."
	}
	for _, short := range []string{"He's ", "She's "} {
		if strings.HasPrefix(secret, short) {
			return "He is " + secret[len(short):]
		}
	}
	w := strings.Fields(secret)
	if len(w) > 0 && hasSubject(w) {
		// "their" beside "she" is the couple's, the speaker's too ("For
		// their anniversary she has booked").
		return strings.ReplaceAll(secret, "their ", "our ")
	}
	// Without a subject of its own a secret is about its character, and
	// its "their" is theirs ("Keeps their past a secret").
	secret = strings.ReplaceAll(secret, " their ", " his ")
	if len(w) == 0 || w[0][0] < 'A' || w[0][0] > 'Z' {
		return secret
	}
	switch strings.ToLower(w[0]) {
	case "he", "she", "they", "i", "his", "her", "their":
		return secret
	case "once", "never": // "Once let a criminal go"
		return "He " + talk.LowerFirst(secret)
	}
	verb := w[0]
	if strings.HasSuffix(strings.ToLower(verb), "ly") && len(w) > 1 {
		verb = w[1]
	}
	if looksLikeVerb(verb) {
		return "He " + talk.LowerFirst(secret)
	}
	return "He is " + talk.LowerFirst(secret)
}

// hasSubject reports whether a secret names its subject somewhere in its
// first clause, after an opening like "Last night" or "While Tom was
// away", so that none is to be added.
func hasSubject(words []string) bool {
	for _, w := range words {
		core, tail := splitWord(w)
		switch strings.ToLower(core) {
		case "he", "she", "he's", "she's":
			return true
		}
		if tail != "" {
			break
		}
	}
	return false
}

// looksLikeVerb reports whether a secret's first word (after an adverb)
// is a verb in the third person or the past ("Sells", "Has", "Faked"),
// not a participle after which "is" is missing ("involved", "in").
func looksLikeVerb(w string) bool {
	low := strings.ToLower(w)
	switch low {
	case "involved", "engaged", "married", "obsessed", "addicted", "interested", "related":
		return false
	case "has", "was", "is":
		return true
	}
	return len(low) > 3 && (strings.HasSuffix(low, "ed") || strings.HasSuffix(low, "s") && !strings.HasSuffix(low, "ss"))
}

// subjectAt reports whether the word at i (a name or "you") opens a
// clause, and so is a subject: first, after a comma, or after a word that
// starts a clause. Anywhere else, after a verb or a preposition, it is an
// object ("prepare you", "offers you help", "with you").
func subjectAt(words []string, i int) bool {
	if i == 0 || strings.HasSuffix(words[i-1], ",") || strings.HasSuffix(words[i-1], ";") {
		return true
	}
	if i+1 < len(words) && auxiliaries[strings.ToLower(words[i+1])] {
		return true // "the path you have chosen"
	}
	j := i - 1
	for j > 0 && adverb(strings.ToLower(words[j])) {
		j-- // "but now you realize"
	}
	return clauseOpeners[strings.ToLower(words[j])]
}

// adverb reports whether w is an adverb that may stand between a
// conjunction and its subject, or a subject and its verb.
func adverb(w string) bool {
	return strings.HasSuffix(w, "ly") || w == "now" || w == "then" || w == "still" || w == "also" || w == "never" || w == "once" || w == "already"
}

// auxiliaries are verbs after which the word before is their subject.
var auxiliaries = map[string]bool{
	"have": true, "has": true, "had": true, "are": true, "is": true, "was": true, "were": true, "will": true,
	"would": true, "can": true, "could": true, "should": true, "must": true, "do": true, "does": true, "did": true, "may": true, "might": true,
}

// clauseOpeners are words after which a pronoun is a subject.
var clauseOpeners = map[string]bool{
	"and": true, "but": true, "or": true, "so": true, "if": true, "when": true, "while": true, "because": true,
	"that": true, "before": true, "after": true, "until": true, "unless": true, "since": true, "although": true,
	"though": true, "whether": true, "where": true, "how": true, "why": true, "what": true, "as": true,
}

// objectHer reports whether "her" at i is an object ("train her.", "told
// her that") rather than a possessive ("her savings"): last in its clause
// or followed by a word that cannot be what she owns.
func objectHer(words []string, i int) bool {
	if _, tail := splitWord(words[i]); tail != "" || i == len(words)-1 {
		return true
	}
	return clauseOpeners[strings.ToLower(words[i+1])] || afterObject[strings.ToLower(words[i+1])]
}

// afterObject are words that follow an object pronoun, not a possession.
var afterObject = map[string]bool{"to": true, "for": true, "with": true, "about": true, "from": true, "in": true, "on": true, "at": true, "a": true, "an": true, "the": true, "up": true, "out": true, "off": true, "back": true}

// afterAnd reports whether the word at i follows "and" or "but", perhaps with an
// adverb between ("and now works", "and quietly plans").
func afterAnd(words []string, i int) bool {
	for j := i - 1; j >= 0; j-- {
		w := strings.ToLower(words[j])
		switch {
		case w == "and" || w == "but":
			return true
		case adverb(w):
			continue
		}
		return false
	}
	return false
}

// plainVerb agrees a third-person verb with the new subject ("I" or "you").
func plainVerb(v, subject string) string {
	s := strings.ToLower(strings.TrimRight(subject, ",.;"))
	switch strings.ToLower(v) {
	case "has":
		return "have"
	case "is":
		if s == "i" {
			return "am"
		}
		return "are"
	case "are":
		if s == "i" {
			return "am"
		}
		return v
	case "was":
		if s == "i" {
			return "was"
		}
		return "were"
	case "does":
		return "do"
	}
	if n := len(v); n > 3 && v[n-1] == 's' && v[n-2] != 's' && v[n-2] != 'u' && v[n-2] != 'i' {
		return v[:n-1]
	}
	return v
}

// splitWord parts a word from its trailing punctuation.
func splitWord(w string) (core, tail string) {
	i := len(w)
	for i > 0 && strings.ContainsRune(",.;:!?", rune(w[i-1])) {
		i--
	}
	return w[:i], w[i:]
}

func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
