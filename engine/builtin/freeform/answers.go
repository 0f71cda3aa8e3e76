package freeform

import (
	"strings"

	"github.com/omnigap/omnigap/engine/builtin/talk"
)

// freeQuestion is what a partner's question asks for, as far as a
// free-form player answers it.
type freeQuestion int

const (
	askedNothing  freeQuestion = iota
	askedPersonal              // how one is
	askedHidden                // what is on one's mind, what one keeps back
	askedNeeds                 // what would work, what one needs
	askedOpinion               // what one thinks of it
	askedOther                 // a question the player reads no more of
)

// freeQuestionCues tell what a question asks for; the first kind that
// matches wins.
var freeQuestionCues = []struct {
	kind freeQuestion
	cues *talk.Cues
}{
	{askedHidden, talk.NewCues("on your mind", "not telling me", "going on with you", "what's wrong", "what is wrong", "something wrong", "anything wrong")},
	{askedPersonal, talk.NewCues("holding up", "how have you been", "how are you", "are you okay", "are you alright", "everything okay")},
	{askedNeeds, talk.NewCues("work for you", "need from me", "what do you need", "what do you want", "what would you like", "what would help",
		"make this easier", "good outcome", "could live with", "matters most")},
	{askedOpinion, talk.NewCues("what do you think", "your side", "how do you feel", "how does that sound", "alright with you", "make sense to you",
		"where i'm coming from", "do you agree", "what about you", "how do you see", "where do you stand")},
}

// aboutSelf reports whether q asks how the player is or what it keeps
// back: a player with a secret deflects it or tells the secret.
func (q freeQuestion) aboutSelf() bool { return q == askedPersonal || q == askedHidden }

// askedIn is what the partner's turn asks, askedNothing when it holds no
// question mark.
func askedIn(turn string) freeQuestion {
	if !strings.Contains(turn, "?") {
		return askedNothing
	}
	low := strings.ToLower(turn)
	for _, q := range freeQuestionCues {
		if q.cues.In(low) {
			return q.kind
		}
	}
	return askedOther
}

// freeAnswers are short answers per kind of question. They say nothing
// the player keeps to itself and deny nothing, so an answer never makes
// an agreement read as a refusal.
var freeAnswers = map[freeQuestion][]string{
	askedPersonal: {
		"I'm alright, thanks for asking.",
		"I'm okay, just a lot to think about.",
		"Fine, mostly. Just this, really.",
		"I'm holding up, thanks.",
		"Tired, but fine.",
		"Better for talking about it.",
	},
	askedHidden: {
		"There's a lot on my mind, honestly.",
		"Give me a minute to find the words.",
		"It's a bit complicated.",
		"Maybe. Let me get there.",
		"More than I've let on, if I'm honest.",
	},
	askedNeeds: {
		"Mostly that you hear me out.",
		"Something we can both live with.",
		"A little give from both of us, I think.",
		"Something fair to both of us, that's all.",
		"Just a way forward we both feel good about.",
		"Some honesty, mostly.",
	},
	askedOpinion: {
		"I can see where you're coming from.",
		"Honestly, I see your point.",
		"I think we're closer than it sounds.",
		"I get it, even if I see it a bit differently.",
		"I think you have a fair point.",
		"I'm still making up my mind, to be honest.",
	},
	askedOther: {
		"Fair question.",
		"Good question.",
		"Let me think about that for a second.",
	},
}
