package freeform

import (
	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/scenario"
)

// freeAct is one move of a free-form conversation.
type freeAct int

const (
	freeGreet    freeAct = iota // hello, as the two know each other
	freeRaise                   // say what one wants ({one})
	freePropose                 // a concrete proposal ({one})
	freePersuade                // a reason
	freeReason                  // one's private circumstance ({reason})
	freeAsk                     // an open question to the partner
	freeAskAbout                // a question about what was just said
	freeReveal                  // tell one's own secret ({detail})
	freeDeflect                 // answer a personal question and keep the secret
	freeListen                  // take in what the partner raised, before raising one's own
	freeAccept                  // agree to what the partner proposed or agreed to
	freeSettle                  // propose a middle way and agree to it
	freeGoodbye                 // leave
	freeActs
)

// tie is how well the two know each other, as the relationship says; a
// line marked with ties is said only between people so tied, one marked
// with none by anyone.
type tie uint8

const (
	strangerTie tie = 1 << iota // strangers, or know each other by name only
	acquaintTie                 // colleagues, neighbours
	friendTie
	familyTie
	romanticTie

	closeTies = friendTie | familyTie | romanticTie
	knownTies = acquaintTie | closeTies
)

// tieOf is the tie the scenario's relationship makes.
func tieOf(r scenario.Relationship) tie {
	switch r {
	case scenario.Acquaintances:
		return acquaintTie
	case scenario.Friends:
		return friendTie
	case scenario.FamilyTie:
		return familyTie
	case scenario.Romantic:
		return romanticTie
	}
	return strangerTie
}

// freeLine is a sentence and the ties it suits.
type freeLine struct {
	text string
	ties tie
}

// freePools are the sentences each act may say between two people of
// one tie.
type freePools [freeActs][]string

// freePoolsFor keeps, for each act, the lines that suit tie t.
func freePoolsFor(t tie) *freePools {
	var p freePools
	for act, lines := range freeLines {
		for _, l := range lines {
			if l.ties == 0 || l.ties&t != 0 {
				p[act] = append(p[act], l.text)
			}
		}
	}
	return &p
}

// freePoolsByTie are the pools of every tie, built once.
var freePoolsByTie = func() map[tie]*freePools {
	m := map[tie]*freePools{}
	for _, t := range []tie{strangerTie, acquaintTie, friendTie, familyTie, romanticTie} {
		m[t] = freePoolsFor(t)
	}
	return m
}()

// freeLines hold paraphrases per act; {name} is the partner's first
// name. Only the question acts end in a question mark, so whether a turn
// asks something is the player's decision, never its wording's; and the
// lines of accept and settle deny nothing, so they read as agreement.
var freeLines = [freeActs][]freeLine{
	freeGreet: {
		{"Hi, you must be {name}. Nice to meet you.", strangerTie},
		{"Hello, {name}. Thanks for taking a moment to talk.", strangerTie},
		{"Hello there, {name}.", strangerTie},
		{"Hi {name}, thanks for making time.", acquaintTie},
		{"Hi {name}. Good to catch you.", acquaintTie},
		{"Hey {name}, thanks for taking a few minutes.", acquaintTie},
		{"Hey {name}, I'm glad I caught you.", friendTie},
		{"Hey, {name}. I was hoping to catch you.", friendTie},
		{"Hi {name}, good, you're here.", friendTie},
		{"Hi {name}. Come sit with me for a minute.", familyTie},
		{"{name}, I'm glad it's just the two of us for a bit.", familyTie},
		{"Hey, {name}. I've been meaning to talk to you.", familyTie},
		{"Hey, you. Come sit with me.", romanticTie},
		{"Hi, love. I'm glad we have a quiet moment.", romanticTie},
		{"{name}, come here a second.", romanticTie},
	},
	freeRaise: {
		{"There's something I wanted to talk about: I'd like to {one}.", 0},
		{"I'll be honest about why I wanted to talk: I'd like to {one}.", 0},
		{"Let me bring something up. I'd really like to {one}.", 0},
		{"What I'm hoping for is to {one}.", 0},
	},
	freePropose: {
		{"Here's what I'd suggest: let's find a way for me to {one}.", 0},
		{"How about this: I {one}, and we both come out of it fine.", 0},
		{"Let's work out a plan so I can {one}.", 0},
		{"Let me put it plainly: I want to {one}.", 0},
	},
	freePersuade: {
		{"It matters a lot to me.", 0},
		{"I've thought about this for a while.", 0},
		{"I wouldn't bring it up if it weren't important.", 0},
		{"I think it's fair to both of us.", 0},
		{"It would take a weight off my mind.", 0},
		{"I'm not trying to make this hard for you.", 0},
		{"I've been turning it over in my head all week.", 0},
		{"I'd rather say it now than let it fester.", knownTies},
		{"I really don't want this to come between us.", knownTies},
		{"We've always been straight with each other.", closeTies},
		{"I'd do the same for you, you know that.", closeTies},
		{"You know me, I don't ask lightly.", closeTies},
		{"I'd hate for this to get in the way at work.", acquaintTie},
		{"I'm only asking because it's important to me.", strangerTie},
		{"I'd like us to find a way through this.", 0},
		{"I want to get this right.", 0},
		{"It's been weighing on me.", 0},
		{"I'd feel better for having said it.", 0},
	},
	freeReason: {
		{"The thing is, {reason}.", 0},
		{"You should know that {reason}.", 0},
		{"Part of it is that {reason}.", 0},
	},
	freeAsk: {
		{"What do you think, {name}?", 0},
		{"What would work for you?", 0},
		{"What would you need from me?", 0},
		{"What's your side of it?", 0},
		{"How do you see it?", 0},
		{"What would make this easier for you?", 0},
		{"Where do you stand on it?", 0},
		{"What would a good outcome look like for you?", 0},
		{"Is there a version of this you could live with?", 0},
		{"What matters most to you here?", 0},
		{"Is something on your mind?", knownTies},
		{"How are you holding up, really?", closeTies},
		{"Is there something you're not telling me?", closeTies},
		{"Is anything else going on with you lately?", closeTies},
	},
	freeAskAbout: {
		{"How do you feel about that?", 0},
		{"Does that make sense to you?", 0},
		{"Can you see where I'm coming from?", 0},
	},
	freeReveal: {
		{"I should be honest with you. {detail}", 0},
		{"There's something I haven't told you. {detail}", 0},
		{"Okay, the truth is this. {detail}", 0},
	},
	freeDeflect: {
		{"I'm alright, it's nothing I can't handle.", 0},
		{"Let's just say it's been a complicated few weeks.", 0},
		{"I'd rather not get into all of it right now.", 0},
		{"It's a long story, honestly.", 0},
		{"Nothing worth going into, really.", 0},
		{"Oh, the usual. Work, life, you know.", 0},
	},
	freeListen: {
		{"Sure, I'm listening.", 0},
		{"Of course, go on.", 0},
		{"Okay. Tell me more.", 0},
		{"Happy to talk it through.", 0},
	},
	freeAccept: {
		{"Alright, I think we can agree on that.", 0},
		{"Okay, that works for me.", 0},
		{"Fine, we'll do it that way. Agreed, then.", 0},
		{"Agreed, that sounds fair.", 0},
	},
	freeSettle: {
		{"Then let me meet you halfway: we each give a little, and that works for me.", 0},
		{"Here's where I can land: a bit of what you want and a bit of what I want. I can agree on that.", 0},
		{"Let's settle it this way: we take it one step at a time, together. Agreed, from my side.", 0},
		{"How about a middle way, where we both bend a little. That sounds fair to me.", 0},
	},
	freeGoodbye: {
		{"Thanks, {name}. I'm glad we talked.", 0},
		{"I should get going. Thanks for hearing me out.", 0},
		{"Let's talk again soon. Take care.", knownTies},
		{"Good, then that's settled. See you soon.", knownTies},
		{"It was good to meet you, {name}. Take care.", strangerTie},
		{"Good, then that's settled. All the best.", strangerTie},
	},
}

// freeKnowingSlots are the ways to lean on what one knows of the partner:
// its secret ({other}) in the first two, its aim ({many}) in the others.
// Which slot a turn uses decides what the annotator finds, so the turn's
// dice choose it, each slot once before any again, as when each slot was
// one sentence; the wording dice choose the words within it.
var freeKnowingSlots = [4][]string{
	{"Let's not pretend, {name}. {other}", "I'll say it plainly, {name}. {other}", "We both know how things stand, {name}. {other}"},
	{"I know more than you think. {other}", "I've heard more than you'd guess. {other}", "People talk, you know. {other}"},
	{"I get the feeling you want to {many}.", "My guess is you'd like to {many}.", "It seems to me you're hoping to {many}."},
	{"I suspect what you really want is to {many}.", "If I read you right, you want to {many}.", "I think what you're after is to {many}."},
}

// freeAgreeCues mark a turn that agrees.
var freeAgreeCues = talk.NewCues("agreed", "agree on that", "works for me", "sounds fair")

// freeProposalCues mark a turn that puts something forward to agree to.
var freeProposalCues = talk.NewCues("i'd suggest", "how about", "let's", "what if", "i suggest", "i propose",
	"meet you halfway", "middle way", "where i can land", "i'd really like to", "i'd like to", "i want to", "could we", "why don't we", "we could")

// freeSpare make a turn unlike any earlier one when all else was said.
var freeSpare = []string{"Anyway.", "You know what I mean.", "Well.", "Right.", "So there it is.", "That's where I am.", "I mean it.", "There you go."}
