package freeform

import (
	"strings"

	"github.com/omnigap/omnigap/engine/builtin/talk"
)

// turnDoes is what a turn does, as far as a free-form player answers it;
// one turn may do several things.
type turnDoes uint16

const (
	doesGreet   turnDoes = 1 << iota
	doesNews             // tells something of the speaker's own: "I was laid off"
	doesClaim            // tells the listener something about the listener: "you owe $6,800"
	doesGuess            // says what the listener wants: "I think you want to ..."
	doesWish             // says what the speaker would like: "I'd like to ..."
	doesPropose          // puts a way forward to the listener: "how about", "let's"
	doesAsk              // asks something
	doesFeel             // says how the speaker feels: "it's been weighing on me"
	doesRefuse           // says no: "I can't say yes to that"
	doesAgree            // says yes: "agreed", "works for me"
	doesLeave            // says goodbye
)

// turnReading is the reading of a partner's turn: what it does, and the
// sentences a reply may take up, as the partner said them.
type turnReading struct {
	does    turnDoes
	asked   freeQuestion // what the question asks for, when the turn asks
	news    string       // the news, as said
	feeling string       // the clause of feeling, as said
	tone    newsTone     // what kind of news it is
}

// newsTone is what kind of news a turn tells, for the reaction it gets.
type newsTone uint8

const (
	plainNews  newsTone = iota // an event: surprise
	misfortune                 // a loss or trouble: sympathy
	confession                 // a wrong the speaker did: shock
	toldReason                 // a reason told as news ("The thing is, ..."): understanding
)

// has reports whether the turn does any of d.
func (r turnReading) has(d turnDoes) bool { return r.does&d != 0 }

// readTurn reads one turn, sentence by sentence. A sentence that
// announces news ("There's something I haven't told you") or a claim
// about the listener ("People talk, you know") makes the next sentence
// one.
func readTurn(text string) turnReading {
	r := turnReading{asked: askedIn(text)}
	next := turnDoes(0) // what an announcement said the next sentence is
	for _, s := range talk.Sentences(text) {
		low := strings.ToLower(s.Text)
		announced := next
		next = 0
		negated := talk.Negated(low)
		switch {
		case newsAnnouncements.In(low):
			next = doesNews
			continue
		case claimAnnouncements.In(low):
			next = doesClaim
			continue
		}
		if talk.StartsWithAny(low, greetings) || greetingCues.In(low) {
			// A greeting says nothing more to take up ("Hi Jordan,
			// sure, I have a few minutes").
			r.does |= doesGreet
			continue
		}
		if goodbyeCues.In(low) {
			r.does |= doesLeave
		}
		if s.Question {
			r.does |= doesAsk
		}
		if freeAgreeCues.In(low) && !negated {
			r.does |= doesAgree
		}
		if negated && (refusalCues.In(low) || talk.StartsWithAny(low, []string{"no", "nope"})) {
			r.does |= doesRefuse
		}
		if suggestionCues.In(low) && !notSuggestions.In(low) && !negated {
			r.does |= doesPropose
		}
		if _, ok := wishAt(low); ok && !s.Question && !negated {
			r.does |= doesWish
		}
		switch {
		case s.Question:
		case announced == doesClaim || aboutListener(low):
			if guessCues.In(low) {
				r.does |= doesGuess
			} else {
				r.does |= doesClaim
			}
		case announced == doesNews || tellsNews(low) && !negated && !feelingCues.In(low):
			r.does |= doesNews
			if r.news == "" {
				r.news, r.tone = s.Text, toneOf(low, announced == doesNews)
			}
		case feelingCues.In(low) && firstPerson(low) && !secondPerson(low):
			r.does |= doesFeel
			if r.feeling == "" {
				r.feeling = clauseWith(s.Text, feelingCues)
			}
		}
	}
	return r
}

var (
	greetings    = []string{"hi", "hello", "hey", "good morning", "good afternoon", "good evening"}
	greetingCues = talk.NewCues("nice to meet you", "good to see you", "glad i caught you", "good to catch you")
	goodbyeCues  = talk.NewCues("goodbye", "bye", "take care", "see you soon", "see you later", "glad we talked",
		"talk again soon", "all the best", "should get going", "hearing me out")
	// newsAnnouncements say that news follows.
	newsAnnouncements = talk.NewCues("haven't told you", "have not told you", "never told you", "should be honest with you",
		"the truth is this", "truth is this", "need to tell you", "have to tell you", "something to tell you", "i should tell you")
	// claimAnnouncements say that what follows is about the listener.
	claimAnnouncements = talk.NewCues("let's not pretend", "say it plainly", "how things stand", "more than you think",
		"more than you'd guess", "people talk")
	// suggestionCues mark a way forward put to the listener; a wish
	// (wishes) is not one until it is put as "let's" or "how about".
	suggestionCues = talk.NewCues(suggestions...)
	// notSuggestions open with "let's" and put nothing forward.
	notSuggestions = talk.NewCues("let's just say", "let's not pretend", "let's talk again", "let's be honest")
	// guessCues mark a claim about what the listener wants.
	guessCues = talk.NewCues("want to", "like to", "hoping to", "after is to", "you're after")
	// reasonLeads open a circumstance told as news ("The thing is, I
	// had other plans"); softLeads open a sentence without saying what
	// it is. Neither is part of what is said back.
	reasonLeads = []string{"the thing is, ", "you should know that ", "part of it is that "}
	softLeads   = []string{"honestly, ", "well, ", "so, ", "okay, "}
	// refusalCues are refusals once the sentence is negated.
	refusalCues = talk.NewCues("i can't", "i cannot", "i won't", "i will not", "i'd rather not", "i would rather not",
		"i don't want to", "i do not want to", "no way", "not going to", "not ready", "not so fast", "i refuse",
		"not comfortable", "doesn't sit right", "don't think i can", "can't say yes", "not sure i can", "doesn't work for me",
		"won't work", "i don't think so")
	feelingCues = talk.NewCues("i feel", "i'm worried", "i am worried", "worried", "scared", "afraid", "upset", "hurt",
		"nervous", "excited", "frustrated", "important to me", "matters a lot", "means a lot", "weighing on me",
		"weight off my mind", "on my mind", "matters to me", "i miss", "stressed", "overwhelmed", "i'm sad", "angry", "it matters")
	misfortuneCues = talk.NewCues("laid off", "fired", "lost", "owe", "debt", "sick", "hospital", "died", "divorce",
		"broke", "broken", "can't afford", "accident", "struggling", "overwhelmed", "addict", "knocked", "worried",
		"no longer", "behind on")
	confessionCues = talk.NewCues("cheated", "lied", "stole", "sabotaged", "faked", "affair", "crime", "forged",
		"fabricated", "covered up", "extremism", "cult")
)

// toneOf is the kind of news a lower-cased sentence tells; announced
// says whether a sentence before announced it.
func toneOf(low string, announced bool) newsTone {
	_, reason := cutLead(low, reasonLeads)
	switch {
	case confessionCues.In(low):
		return confession
	case misfortuneCues.In(low):
		return misfortune
	case reason && !announced:
		return toldReason
	}
	return plainNews
}

// clauseWith is the clause of sentence s that holds one of cues: s cut
// at ", but", ", and", " but" or " because" around it.
func clauseWith(s string, cues *talk.Cues) string {
	low := lowerASCII(s)
	start := 0
	for _, cut := range []string{", but ", ", and ", " but ", " because "} {
		for i := strings.Index(low[start:], cut); i >= 0; i = strings.Index(low[start:], cut) {
			at := start + i
			if cues.In(low[start:at]) {
				return s[start:at]
			}
			start = at + len(cut)
		}
	}
	return s[start:]
}

// wishes open what the speaker would like; the wish is what follows.
var wishes = []string{"i'd really like to ", "i'd like to ", "i would like to ", "what i'm hoping for is to ", "i'm hoping to ",
	"i really want to ", "i want to "}

// wishAt is where in the lower-cased s the wish after one of wishes
// starts.
func wishAt(low string) (int, bool) {
	for _, w := range wishes {
		if i := strings.Index(low, w); i >= 0 && (i == 0 || !talk.IsWordRune(rune(low[i-1]))) {
			return i + len(w), true
		}
	}
	return 0, false
}

// aboutListener reports whether a sentence tells the listener something
// about the listener: it opens with "you" and a verb of what is or was
// ("you owe", "you were", "you secretly donate"), or says what the
// speaker makes of the listener ("I get the feeling you", "my guess is
// you").
func aboutListener(low string) bool {
	for _, lead := range []string{"i get the feeling you", "my guess is you", "it seems to me you", "i suspect what you",
		"if i read you right, you", "i think what you're", "i know you", "i've heard you", "i heard you"} {
		if strings.HasPrefix(low, lead) {
			return true
		}
	}
	w := strings.Fields(low)
	if len(w) < 3 {
		return false
	}
	switch w[0] {
	case "you're":
		return newsStates[w[1]] || w[1] == "a" || w[1] == "an"
	case "you've":
		return happened(w[1])
	case "you":
	default:
		return false
	}
	verb, _ := splitWord(w[1])
	if adverb(verb) && len(w) > 3 {
		verb, _ = splitWord(w[2])
	}
	switch verb {
	case "were", "are", "have", "had", "owe", "did", "once", "never", "secretly", "already", "sell", "keep", "hide", "donate", "fund":
		return true
	}
	return strings.HasSuffix(verb, "ed") && len(verb) > 3
}

// tellsNews reports whether a sentence tells something of the speaker's
// own that the listener may not know: after an opening like "The thing
// is," it is about "I" and what I did, have or am ("I was laid off", "I
// have a written offer", "I am secretly studying magic"), not what I
// think or feel ("I've thought about this", "I was hoping").
func tellsNews(low string) bool {
	low, lead := cutLead(low, reasonLeads)
	low, _ = cutLead(low, softLeads)
	w := strings.Fields(low)
	// "Last night I applied", "For our anniversary I have booked": the
	// subject may come after a short opening.
	at := -1
	for i := 0; i < len(w) && i < 5; i++ {
		if core, _ := splitWord(w[i]); core == "i" || core == "i'm" || core == "i've" {
			at = i
			break
		}
	}
	if at < 0 || at+1 >= len(w) {
		return false
	}
	subj, _ := splitWord(w[at])
	rest := w[at+1:]
	for len(rest) > 1 && adverb(rest[0]) {
		rest = rest[1:]
	}
	verb, _ := splitWord(rest[0])
	said := strings.Join(w[at:], " ")
	for _, not := range notNews {
		if strings.HasPrefix(said, not) {
			return false
		}
	}
	next := ""
	if len(rest) > 1 {
		next, _ = splitWord(rest[1])
	}
	switch {
	case subj == "i'm":
		return newsStates[verb] || verb == "a" || verb == "an" || lead
	case subj == "i've":
		return happened(verb) || lead
	}
	switch verb {
	case "am":
		return newsStates[next] || next == "a" || next == "an" || lead
	case "have", "has":
		return happened(next) || lead
	case "was", "had", "got", "lost", "left", "quit", "threw", "broke", "sold", "owe", "took", "made", "went", "gave", "told", "found":
		return true
	}
	return participle(verb) || lead
}

// happened reports whether a word after "I have" tells of something
// done or had ("been offered", "accepted", "a written offer"), not of
// time or thought ("time", "to go").
func happened(w string) bool {
	switch w {
	case "a", "an", "been", "already", "just", "secretly", "recently", "quietly", "never", "lost", "left", "quit", "sold",
		"taken", "told", "found", "done", "had", "bought", "broken", "spent", "made", "seen", "written", "given":
		return true
	}
	return participle(w)
}

// participle reports whether w looks like a past tense or participle
// ("applied", "signed"), as far as its spelling tells.
func participle(w string) bool {
	return len(w) > 3 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed")
}

// cutLead cuts one of leads from the start of s and reports whether it
// did.
func cutLead(s string, leads []string) (string, bool) {
	for _, l := range leads {
		if len(s) >= len(l) && strings.EqualFold(s[:len(l)], l) {
			return s[len(l):], true
		}
	}
	return s, false
}

// notNews open first-person sentences about thinking, hoping and
// bargaining, not about what happened.
var notNews = []string{"i was hoping", "i was wondering", "i was going to", "i have a feeling", "i have to", "i had hoped",
	"i have no idea", "i've thought", "i have thought", "i've been thinking", "i've been turning", "i've been meaning",
	"i hoped", "i wanted", "i tried", "i've already come", "i've already given", "i've moved", "i've met", "i've come",
	"i've already raised", "i had a feeling", "i'm glad", "i'm alright", "i'm okay", "i'm fine", "i'm holding", "i'm not",
	"i'm still", "i'm listening", "i'm only", "i'm sure", "i'm sorry", "i had no idea", "i did not see", "i've wanted",
	"i have wanted", "i've had easier", "i've been trying", "i kept", "i keep", "i've heard", "i have heard", "i was thinking"}

// newsStates follow "I am" in news ("I am secretly involved", "I'm
// moving out").
var newsStates = map[string]bool{"secretly": true, "pregnant": true, "moving": true, "leaving": true, "engaged": true,
	"involved": true, "attracted": true, "part": true, "quitting": true, "broke": true, "married": true, "in": true,
	"already": true, "currently": true}

// secondPerson reports whether a sentence speaks of the listener.
func secondPerson(low string) bool {
	for _, w := range strings.Fields(low) {
		switch core, _ := splitWord(w); core {
		case "you", "your", "you're", "you've", "you'd", "you'll", "yours":
			return true
		}
	}
	return false
}

// firstPerson reports whether a sentence is about the speaker.
func firstPerson(low string) bool {
	for _, w := range strings.Fields(low) {
		switch core, _ := splitWord(w); core {
		case "i", "i'm", "i've", "me", "my", "i'd", "i'll":
			return true
		}
	}
	return false
}

// lowerASCII lower-cases the ASCII letters of s only, so a place in it
// is the same place in s.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
