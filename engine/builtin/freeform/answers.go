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
	askedSince                 // about one's news: since when, what now
	askedSource                // how one knows what one just said
	askedCheck                 // whether one heard right: "you were laid off?"
	askedOther                 // a question the player reads no more of
)

// freeQuestionCues tell what a question asks for; the first kind that
// matches wins.
var freeQuestionCues = []struct {
	kind freeQuestion
	cues *talk.Cues
}{
	{askedSource, talk.NewCues("how do you know", "who told you", "how did you find out", "where did you hear", "how did you hear",
		"how did you learn", "do you know about that", "even know", "been talking to")},
	{askedSince, talk.NewCues("how long have you known", "when did this happen", "when did you find out", "why didn't you tell me",
		"when were you going to tell me", "does anyone else know", "what are you going to do", "what happens now", "what will you do",
		"what made you", "how did it happen", "what does it mean for you", "been going on", "say anything before")},
	{askedHidden, talk.NewCues("on your mind", "not telling me", "going on with you", "what's wrong", "what is wrong", "something wrong", "anything wrong")},
	{askedPersonal, talk.NewCues("holding up", "how have you been", "how are you", "are you okay", "are you alright", "everything okay")},
	{askedNeeds, talk.NewCues("work for you", "need from me", "what do you need", "what do you want", "what would you like", "what would help",
		"make this easier", "good outcome", "could live with", "matters most", "what would it take", "why does it matter",
		"what would that change", "what would you want", "feel right")},
	{askedOpinion, talk.NewCues("what do you think", "your side", "how do you feel", "how does that sound", "alright with you", "make sense to you",
		"where i'm coming from", "do you agree", "what about you", "how do you see", "where do you stand", "how would you feel",
		"could you live with", "how you see", "what would you do", "what do you make of", "how would this look",
		"what would the team think", "what would you have done", "what worries you", "where do you see", "fair way to put it",
		"see what i mean", "does that make sense", "can you understand")},
}

// checkLeads open a question that says back what one heard.
var checkLeads = []string{"wait", "hold on", "really", "so you", "so you'd", "you'd like to", "you want to"}

// aboutSelf reports whether q asks how the player is or what it keeps
// back: a player with a secret deflects it or tells the secret.
func (q freeQuestion) aboutSelf() bool { return q == askedPersonal || q == askedHidden }

// askedIn is what the partner's turn asks, askedNothing when it holds no
// question: what its last question asks, as a reply answers the question
// it was left with.
func askedIn(turn string) freeQuestion {
	if !strings.Contains(turn, "?") {
		return askedNothing
	}
	asked := askedNothing
	for _, s := range talk.Sentences(strings.ToLower(turn)) {
		if s.Question {
			asked = questionKind(s.Text)
		}
	}
	return asked
}

// questionKind is what one question asks.
func questionKind(q string) freeQuestion {
	for _, c := range freeQuestionCues {
		if c.cues.In(q) {
			return c.kind
		}
	}
	if i := strings.Index(q, ", "); i > 0 && i < 24 && !strings.Contains(q[:i], " ") {
		q = q[i+2:] // "Rosa, you were laid off?"
	}
	// A question put as a statement about the listener asks only
	// whether it was heard right: "you were laid off?".
	if talk.StartsWithAny(q, checkLeads) || talk.StartsWithAny(q, []string{"you", "you're", "you've", "you'd"}) {
		return askedCheck
	}
	return askedOther
}

// freeAnswers are short answers per kind of question. They say nothing
// the player keeps to itself and deny nothing, so an answer never makes
// an agreement read as a refusal. An answer with {one} says the player's
// aim, and is said only once the player has raised it.
var freeAnswers = map[freeQuestion][]string{
	askedPersonal: {
		"I'm alright, {name}, thanks for asking.",
		"I'm okay, {name}, just a lot to think about.",
		"Fine, mostly, {name}, it's just this, really.",
		"I'm holding up, thanks, {name}.",
		"Tired, {name}, but fine.",
		"Better for talking about it, {name}.",
		"Honestly, {name}, I've had easier weeks.",
		"I'd be better if I could {one}.",
	},
	askedHidden: {
		"There's a lot on my mind, {name}, honestly.",
		"Give me a minute to find the words, {name}.",
		"It's a bit complicated, {name}.",
		"Maybe, {name}, but let me get there.",
		"More than I've let on, {name}, if I'm honest.",
		"Only that I'd like to {one}.",
	},
	askedNeeds: {
		"Mostly that you hear me out, {name}.",
		"Something we can both live with, {name}.",
		"A little give from both of us, {name}, I think.",
		"What I need is to {one}.",
		"Honestly, {name}: to {one}.",
		"For me it comes down to being able to {one}.",
		"I'd like to {one}, and I'd like you to be alright with it.",
		"Some room to breathe, {name}, mostly.",
		"Time, and a bit of patience.",
	},
	askedOpinion: {
		"I can see where you're coming from, {name}.",
		"Honestly, {name}, I see your point.",
		"I think we're closer than it sounds, {name}.",
		"I get it, {name}, even if I see it a bit differently.",
		"I think you have a fair point, {name}.",
		"I'm still making up my mind, {name}, to be honest.",
		"I see it your way in part, but I'd still like to {one}.",
		"I see why you'd like to {heard}, {name}.",
		"I'd probably do the same in your shoes, {name}.",
		"Part of me agrees with you, and part of me doesn't.",
		"I understand you'd like to {heard}, I just see it a little differently.",
	},
	askedSince: {
		"A little while now, and I kept looking for the right moment.",
		"For a few weeks, {name}, and I wasn't sure how you'd take it.",
		"I'm still working that out, {name}.",
		"Honestly, {name}, I've been trying to figure that out myself.",
		"Long enough that it was time to tell you, {name}.",
		"Not long, {name}, and I wanted you to hear it from me.",
		"That's what I keep asking myself, {name}.",
	},
	askedSource: {
		"Word gets around, {name}.",
		"Let's just say I hear things, {name}.",
		"It came up, {name}, and I couldn't unhear it.",
		"I'd rather keep that to myself for now, {name}.",
		"It doesn't matter how, {name}, only that I know.",
	},
	askedCheck: {
		"Yes, {name}, that's right.",
		"That's right, {name}.",
		"Yes, that's what it comes down to, {name}.",
		"You heard me right, {name}.",
		"Yes, it's true, {name}.",
	},
	askedOther: {
		"Fair question, {name}.",
		"Good question, {name}.",
		"Let me think about that for a second, {name}.",
		"I'm not sure, {name}, give me a moment.",
	},
}
