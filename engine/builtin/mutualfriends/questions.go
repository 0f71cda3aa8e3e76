package mutualfriends

import (
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/builtin/talk"
)

// questionForm is how a question about the partner's friends is put,
// which decides the words that answer it.
type questionForm int

const (
	// askWhether asks whether: "Is there anyone on your list who…?",
	// "Any of yours?". "Yes, …" or "No, …" answers it.
	askWhether questionForm = iota
	// askDoYou asks "Do you know someone who…?": "I do, …" answers it too.
	askDoYou
	// askAbout turns the sentence before it into a question: "How about
	// yours?". A count answers it, or a "No".
	askAbout
	// askOpen asks what or how: "What are your friends like?". A count
	// answers it; neither yes nor no does.
	askOpen
)

// openers are the words that start a question asking what, not whether.
var openers = []string{"what", "who", "whom", "which", "how", "where", "when", "why"}

// fillers are words a question may start with before its real opening
// ("So, do you know…?").
var fillers = []string{"so", "and", "ok", "okay", "well", "hmm", "also", "then", "alright"}

// formOf is the form of a lower-case question.
func formOf(q string) questionForm {
	words := strings.FieldsFunc(q, func(r rune) bool { return !talk.IsWordRune(r) && r != '\'' })
	for len(words) > 1 && slices.Contains(fillers, words[0]) {
		words = words[1:]
	}
	switch {
	case len(words) == 0:
		return askWhether
	case len(words) > 1 && slices.Contains(openers, words[0]) && words[1] == "about":
		return askAbout
	case slices.Contains(openers, words[0]) || strings.Contains(q, "tell me") || strings.Contains(q, "describe"):
		return askOpen
	case len(words) > 1 && words[0] == "do" && words[1] == "you":
		return askDoYou
	}
	return askWhether
}

// yesAct is the act that says how many friends (n > 0) have what a
// question of form asked about.
func yesAct(form questionForm, n int) friendsAct {
	one := n == 1
	switch {
	case form == askDoYou && one:
		return actIDoOne
	case form == askDoYou:
		return actIDoMany
	case (form == askAbout || form == askOpen) && one:
		return actHaveOne
	case form == askAbout || form == askOpen:
		return actHaveMany
	case one:
		return actYesOne
	}
	return actYesMany
}
