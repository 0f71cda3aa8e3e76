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
