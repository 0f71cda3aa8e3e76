package builtin

import "strings"

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
		true:  {"he": "I", "she": "I", "his": "my", "him": "me", "her": "my", "himself": "myself", "herself": "myself", "their": "our", "you": "I", "your": "my", "yours": "mine", "yourself": "myself"},
		false: {"he": "you", "she": "you", "his": "your", "him": "you", "her": "your", "himself": "yourself", "herself": "yourself", "their": "your"},
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
			out = "I"
			if i > 0 && objectAfter[strings.ToLower(words[i-1])] {
				out = "me"
			} else {
				fix = true
			}
		case core == meName+"'s":
			out = "my"
		case subject[lower] != "":
			out = subject[lower]
			if lower == "you" && owner && i > 0 && objectAfter[strings.ToLower(words[i-1])] {
				out = "me"
			}
			fix = lower == "he" || lower == "she" || lower == "you" && owner
		case was && (strings.HasSuffix(lower, "ly") || lower == "once" || lower == "never"):
			out, fix = core, true // "he secretly writes": the verb is next
		case was:
			out = plainVerb(core, words[i-1])
		case subjectWord != "" && i > 0 && words[i-1] == "and" && (lower == "is" || lower == "has" || lower == "was" || lower == "plans"):
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
	if len(w) == 0 || w[0][0] < 'A' || w[0][0] > 'Z' {
		return secret
	}
	switch strings.ToLower(w[0]) {
	case "he", "she", "they", "i", "his", "her", "their":
		return secret
	case "once", "never": // "Once let a criminal go"
		return "He " + lowerFirst(secret)
	}
	verb := w[0]
	if strings.HasSuffix(strings.ToLower(verb), "ly") && len(w) > 1 {
		verb = w[1]
	}
	if looksLikeVerb(verb) {
		return "He " + lowerFirst(secret)
	}
	return "He is " + lowerFirst(secret)
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

// objectAfter are words after which a pronoun is an object.
var objectAfter = map[string]bool{"of": true, "to": true, "for": true, "from": true, "with": true, "at": true, "tell": true, "told": true, "ask": true, "help": true}

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
