package freeform

import (
	"strings"

	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// maxEchoWords is the longest stretch of the partner's words a player
// says back; a longer one is not taken up word for word.
const maxEchoWords = 16

// echo is what the partner said of itself, said back to it: "I was laid
// off three weeks ago and am living on my savings" is "you were laid off
// three weeks ago". Its first clause only, lower-cased at its start; empty
// when it cannot be said back cleanly (a quotation, too long, or a
// rewriting that reads wrong).
func echo(said string) string {
	s := strings.Join(strings.Fields(textsafe.Clean(said)), " ")
	if s == "" || strings.ContainsAny(s, "\"{}“”:") {
		return ""
	}
	s = strings.TrimRight(s, ".!?;")
	s, _ = cutLead(s, reasonLeads)
	s, _ = cutLead(s, softLeads)
	s = firstClause(s)
	words := strings.Fields(s)
	if len(words) < 2 || len(words) > maxEchoWords {
		return ""
	}
	out := strings.Join(swapPerson(words), " ")
	if awkward(out) {
		return ""
	}
	return talk.LowerFirst(out)
}

// firstClause cuts a sentence at its first ", and", " and", ", but" or
// " but" that has four words or more before it.
func firstClause(s string) string {
	low := strings.ToLower(s)
	best := len(s)
	for _, cut := range []string{", and ", " and ", ", but ", " but ", ", so ", ", while ", ", who "} {
		if i := strings.Index(low, cut); i >= 0 && i < best && len(strings.Fields(s[:i])) >= 4 {
			best = i
		}
	}
	return strings.TrimRight(s[:best], ",")
}

// swapPerson says the partner's words from the listener's side: "I" and
// "you" trade places, with their verbs ("I was" is "you were", "you are"
// "I am").
func swapPerson(words []string) []string {
	out := make([]string, len(words))
	subject := "" // the subject just made, whose verb may need agreeing
	for i, w := range words {
		core, tail := splitWord(w)
		low := strings.ToLower(core)
		made := ""
		switch low {
		case "i":
			made = "you"
		case "me":
			made = "you"
		case "my":
			made = "your"
		case "mine":
			made = "yours"
		case "myself":
			made = "yourself"
		case "i'm":
			made = "you're"
		case "i've":
			made = "you've"
		case "i'd":
			made = "you'd"
		case "i'll":
			made = "you'll"
		case "you":
			made = "me"
			if subjectAt(words, i) || i+1 < len(words) && verbForYou[strings.ToLower(words[i+1])] != "" {
				made = "I"
			}
		case "your":
			made = "my"
		case "yours":
			made = "mine"
		case "yourself":
			made = "myself"
		case "you're":
			made = "I'm"
		case "you've":
			made = "I've"
		case "you'd":
			made = "I'd"
		case "you'll":
			made = "I'll"
		}
		switch {
		case made != "":
			out[i] = made + tail
		case subject == "you" && verbForI[low] != "":
			out[i] = verbForI[low] + tail
		case subject == "I" && verbForYou[low] != "":
			out[i] = verbForYou[low] + tail
		default:
			out[i] = w
		}
		switch {
		case low == "i":
			subject = "you"
		case low == "you" && made == "I":
			subject = "I"
		case subject != "" && adverb(low):
			// "I quietly applied": the verb is further on.
		default:
			subject = ""
		}
	}
	return out
}

// verbForI agrees a verb said after "I" with "you"; verbForYou the other
// way.
var (
	verbForI   = map[string]string{"am": "are", "was": "were"}
	verbForYou = map[string]string{"are": "am", "were": "was"}
)
