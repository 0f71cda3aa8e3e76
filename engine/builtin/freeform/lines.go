package freeform

import (
	"sync"

	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/scenario"
)

// freeAct is one move of a free-form conversation, or one way of taking
// up the partner's last turn.
type freeAct int

const (
	freeGreet          freeAct = iota // hello from the one who opens, as the two know each other
	freeGreetBack                     // hello from the one who was approached
	freeRaise                         // say what one wants ({one}), opening the talk
	freeRaiseBack                     // say what one wants in turn
	freePropose                       // a concrete proposal ({one})
	freePersuade                      // a reason
	freeReason                        // one's private circumstance ({reason})
	freeAsk                           // an open question to the partner
	freeAskAbout                      // a question about what was just said
	freeReveal                        // tell one's own secret ({detail})
	freeDeflect                       // answer a personal question and keep the secret
	freeListen                        // take in what the partner raised, before raising one's own
	freeAccept                        // agree to what the partner proposed or agreed to
	freeSettle                        // propose a middle way and agree to it
	freeGoodbye                       // leave
	freeEchoNews                      // say the partner's news back ({echo})
	freeSympathy                      // take in bad news
	freeSurprise                      // take in news
	freeShock                         // take in a confession
	freeUnderstand                    // take in a circumstance
	freeUnderstandEcho                // take in a circumstance, said back ({echo})
	freeAskNews                       // ask about the partner's news
	freeCaught                        // hear one's own secret from the partner
	freeCaughtAgain                   // hear it again
	freeReadRight                     // hear the partner say what one wants
	freeEchoWish                      // say back what the partner would like ({echo})
	freeFeelEcho                      // take in a feeling, said back ({echo})
	freeFeel                          // take in a feeling
	freeRefused                       // take in a refusal
	freeRefuse                        // refuse a proposal
	freeRefuseWhy                     // the reason for refusing: one's own aim ({one})
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

// freePoolsByTie are the pools of every tie, built on first use (not at
// start: a start pays only for what it uses).
var freePoolsByTie = sync.OnceValue(func() map[tie]*freePools {
	m := map[tie]*freePools{}
	for _, t := range []tie{strangerTie, acquaintTie, friendTie, familyTie, romanticTie} {
		m[t] = freePoolsFor(t)
	}
	return m
})

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
	freeGreetBack: {
		{"Hello, {name}. Pleased to meet you.", strangerTie},
		{"Hi there, {name}. Nice to meet you too.", strangerTie},
		{"Hello, {name}, of course.", strangerTie},
		{"Hi {name}, sure, I have a few minutes.", acquaintTie},
		{"Of course, {name}. Good to see you.", acquaintTie},
		{"Hey {name}, sure thing.", acquaintTie},
		{"Hey {name}, good to see you.", friendTie},
		{"Hi {name}, of course. I'm all ears.", friendTie},
		{"Hey, {name}. Sure.", friendTie},
		{"Of course, {name}. I'm glad you're here.", familyTie},
		{"Hi {name}. It's good to see you.", familyTie},
		{"{name}, of course. It's good to have you here.", familyTie},
		{"I'm all yours, {name}.", romanticTie},
		{"Of course, love.", romanticTie},
		{"Hi {name}. I'm right here.", romanticTie},
	},
	freeRaise: {
		{"There's something I wanted to talk about: I'd like to {one}.", 0},
		{"I'll be honest about why I wanted to talk: I'd like to {one}.", 0},
		{"Let me bring something up, {name}: I'd really like to {one}.", 0},
		{"What I'm hoping for is to {one}.", 0},
	},
	freeRaiseBack: {
		{"For my part, I'd like to {one}.", 0},
		{"Here's where I am, though: I'd like to {one}.", 0},
		{"Honestly, {name}, I'd like to {one}.", 0},
		{"I should say where I stand: I'd like to {one}.", 0},
	},
	freePropose: {
		{"Here's what I'd suggest: let's find a way for me to {one}.", 0},
		{"How about this: I {one}, and we both come out of it fine.", 0},
		{"Let's work out a plan so I can {one}.", 0},
		{"Let me put it plainly: I want to {one}.", 0},
	},
	freePersuade: {
		{"It matters a lot to me, {name}.", 0},
		{"I wouldn't bring it up if it weren't important, {name}.", 0},
		{"Honestly, {name}, it would take a weight off my mind.", 0},
		{"I'm not trying to make this hard for you, {name}.", 0},
		{"I've been turning it over in my head all week, {name}.", 0},
		{"I've thought about this for a while, {name}.", 0},
		{"I think it's fair to both of us, {name}.", 0},
		{"I'd like us to find a way through this, {name}.", 0},
		{"It's been weighing on me, {name}.", 0},
		{"I keep coming back to it, {name}.", 0},
		{"It's not a small thing for me, {name}.", 0},
		{"I'd rather be honest with you than polite, {name}.", 0},
		{"I'd rather say it now than let it fester, {name}.", knownTies},
		{"I really don't want this to come between us, {name}.", knownTies},
		{"We've always been straight with each other, {name}.", closeTies},
		{"I'd do the same for you, {name}, you know that.", closeTies},
		{"You know me, {name}, I don't ask lightly.", closeTies},
		{"I'm only asking because it's important to me.", strangerTie},
		{"I know we've only just met, but it matters to me.", strangerTie},
		{"I'd rather be direct with you than waste your time.", strangerTie},
		{"I'd hate for this to get in the way at work.", acquaintTie},
		{"We have to keep working together whatever happens.", acquaintTie},
		{"I'd rather sort it out between us than let it fester in the office.", acquaintTie},
		{"You're one of the few people I can say this to.", friendTie},
		{"I'd rather hear it from a friend than from anyone else.", friendTie},
		{"Our friendship matters more to me than being right.", friendTie},
		{"Family shouldn't have to tiptoe around each other.", familyTie},
		{"I'd rather we talk about it at this table than behind each other's backs.", familyTie},
		{"I've wanted to say this at home for a long time.", familyTie},
		{"I want us to be on the same page about this.", romanticTie},
		{"We've always planned things together, and I'd like to keep it that way.", romanticTie},
		{"I'd rather we decide this as a couple.", romanticTie},
		{"It would mean a lot to me to {one}.", 0},
		{"I keep thinking about how to {one}.", 0},
		{"I know you'd like to {heard}, and I'm taking that seriously.", 0},
		{"You'd like to {heard}, and I'd like to {one}: there must be a way to do both.", 0},
	},
	freeAsk: {
		{"What do you think, {name}?", 0},
		{"What would work for you, {name}?", 0},
		{"What would you need from me, {name}?", 0},
		{"What's your side of it, {name}?", 0},
		{"How do you see it, {name}?", 0},
		{"What would make this easier for you, {name}?", 0},
		{"Where do you stand on it, {name}?", 0},
		{"What would a good outcome look like for you, {name}?", 0},
		{"Is there a version of this you could live with, {name}?", 0},
		{"What matters most to you here, {name}?", 0},
		{"Is something on your mind, {name}?", knownTies},
		{"How are you holding up, {name}, really?", closeTies},
		{"Is there something you're not telling me, {name}?", closeTies},
		{"Is anything else going on with you lately, {name}?", closeTies},
		{"What would you want, in my place?", strangerTie},
		{"Would that be a fair way to put it, from where you stand?", strangerTie},
		{"How would this look from your desk?", acquaintTie},
		{"What would the team think, do you reckon?", acquaintTie},
		{"What do you make of it, as a friend?", friendTie},
		{"Be honest with me: what would you do?", friendTie},
		{"What would you have done, at my age?", familyTie},
		{"Can you tell me what worries you about it?", familyTie},
		{"What would make it feel right for both of us?", romanticTie},
		{"Where do you see us with this?", romanticTie},
		{"Why does it matter so much to you to {heard}?", 0},
		{"How would you feel if I tried to {one}?", 0},
	},
	freeReason: {
		{"The thing is, {reason}.", 0},
		{"You should know that {reason}.", 0},
		{"Part of it is that {reason}.", 0},
	},
	freeAskAbout: {
		{"Do you see what I mean?", strangerTie | acquaintTie},
		{"Does that make sense?", friendTie},
		{"Can you understand that?", familyTie},
		{"Does that make sense, love?", romanticTie},
		{"How do you feel about that, {name}?", 0},
		{"Does that make sense to you, {name}?", 0},
		{"Can you see where I'm coming from, {name}?", 0},
		{"Does that change how you see it?", 0},
	},
	freeReveal: {
		{"I should be honest with you about something. {detail}", strangerTie | acquaintTie},
		{"You deserve to hear this from me. {detail}", friendTie},
		{"I don't want secrets in this family. {detail}", familyTie},
		{"I don't want secrets between us. {detail}", romanticTie},
		{"I should be honest with you, {name}. {detail}", 0},
		{"There's something I haven't told you, {name}. {detail}", 0},
		{"Okay, {name}, the truth is this. {detail}", 0},
	},
	freeDeflect: {
		{"I'm alright, {name}, it's nothing I can't handle.", 0},
		{"Let's just say it's been a complicated few weeks, {name}.", 0},
		{"I'd rather not get into all of it right now, {name}.", 0},
		{"It's a long story, {name}, honestly.", 0},
		{"Nothing worth going into, {name}, really.", 0},
		{"Oh, the usual, {name}: work, life, you know.", 0},
	},
	freeListen: {
		{"Sure, {name}, I'm listening.", 0},
		{"Of course, go on, {name}.", 0},
		{"Okay, {name}, tell me more.", 0},
		{"Happy to talk it through, {name}.", 0},
	},
	freeAccept: {
		{"Alright, {name}, I think we can agree on that.", 0},
		{"Okay, {name}, that works for me.", 0},
		{"Fine, we'll do it that way, {name}, agreed.", 0},
		{"Agreed, {name}, that sounds fair.", 0},
		{"Alright then, {name}, agreed.", 0},
		{"That works for me, {name}.", 0},
		{"Alright, {name}, let's do it that way, it works for me.", 0},
		{"I'm persuaded, {name}: agreed.", 0},
		{"Alright, that sounds fair to me.", strangerTie},
		{"Fine, that works for me then.", acquaintTie},
		{"Deal, that works for me.", friendTie},
		{"Alright, we'll do it your way, agreed.", familyTie},
		{"Okay, love, agreed.", romanticTie},
	},
	freeSettle: {
		{"Then let me meet you halfway, {name}: we each give a little, and that works for me.", 0},
		{"Here's where I can land, {name}: a bit of what you want and a bit of what I want, and I can agree on that.", 0},
		{"Let's settle it this way, {name}: we take it one step at a time, together, agreed from my side.", 0},
		{"How about a middle way, {name}, where we both bend a little, and that sounds fair to me.", 0},
		{"How about this: you {heard}, I {one}, and we meet in the middle, which works for me.", 0},
	},
	freeGoodbye: {
		{"Thanks, {name}, I'm glad we talked.", 0},
		{"I should get going, {name}, and thanks for hearing me out.", 0},
		{"Let's talk again soon, {name}, and take care.", knownTies},
		{"Good, then that's settled, {name}, see you soon.", knownTies},
		{"It was good to meet you, {name}, take care.", strangerTie},
		{"Good, then that's settled, {name}, all the best.", strangerTie},
	},
	freeEchoNews: {
		{"Wait, {echo}?", 0},
		{"Hold on, {echo}?", 0},
		{"{name}, {echo}?", 0},
		{"Really, {echo}?", 0},
	},
	freeSympathy: {
		{"I'm so sorry, that's hard.", strangerTie | acquaintTie},
		{"Oh no, I wish I'd known.", friendTie},
		{"Oh, I'm so sorry to hear that.", familyTie},
		{"Oh, love, I'm so sorry.", romanticTie},
		{"Oh, {name}, I'm so sorry.", 0},
		{"That's awful, {name}.", 0},
		{"I'm sorry you've been carrying that on your own, {name}.", knownTies},
		{"That must have been hard to say, {name}.", 0},
		{"I'm sorry, {name}, that's a lot.", 0},
		{"That's a heavy thing to carry, {name}.", 0},
	},
	freeSurprise: {
		{"I had no idea, honestly.", strangerTie | acquaintTie},
		{"Wow, that's news to me.", friendTie},
		{"Well, that's news at this table.", familyTie},
		{"Wow, that's big, love.", romanticTie},
		{"Wow, {name}, that's big news.", 0},
		{"Thank you for telling me, {name}.", 0},
		{"That changes things, {name}.", 0},
		{"I'm glad you told me, {name}.", 0},
		{"Well, {name}, that's a surprise.", 0},
	},
	freeShock: {
		{"I really didn't see that coming.", strangerTie | acquaintTie},
		{"Wow, I never would have guessed.", friendTie},
		{"That's not what I expected to hear at home.", familyTie},
		{"I never would have guessed that about you, love.", romanticTie},
		{"Wow, {name}, I didn't expect that.", 0},
		{"That's a lot to take in, {name}.", 0},
		{"I don't know what to say, {name}.", 0},
		{"Thank you for trusting me with that, {name}.", 0},
		{"That's quite something to carry around, {name}.", 0},
	},
	freeUnderstand: {
		{"That helps me understand, {name}.", 0},
		{"I see, {name}, that explains a lot.", 0},
		{"Okay, {name}, that makes sense.", 0},
	},
	freeUnderstandEcho: {
		{"I didn't realise {echo}, {name}.", 0},
		{"So {echo}, that explains a lot.", 0},
		{"Now I see why: {echo}.", 0},
	},
	freeAskNews: {
		{"How long has that been going on?", strangerTie | acquaintTie},
		{"Why didn't you say anything before?", friendTie},
		{"Why didn't you come to me sooner?", familyTie},
		{"Why didn't you tell me, love?", romanticTie},
		{"How long have you known, {name}?", 0},
		{"What are you going to do, {name}?", 0},
		{"When did this happen, {name}?", 0},
		{"What does it mean for you, {name}?", 0},
		{"Why didn't you tell me sooner, {name}?", knownTies},
		{"How are you feeling about it, {name}?", 0},
	},
	freeCaught: {
		{"Who have you been talking to?", strangerTie | acquaintTie},
		{"How do you even know about that?", friendTie},
		{"Who in this family told you that?", familyTie},
		{"How do you know about that, love?", romanticTie},
		{"How did you learn that, {name}?", 0},
		{"Who told you that, {name}?", 0},
		{"Where did you hear that, {name}?", 0},
		{"How did you find out, {name}?", 0},
		{"How on earth do you know about that, {name}?", 0},
	},
	freeCaughtAgain: {
		{"You've said that already, {name}.", 0},
		{"I heard you the first time, {name}.", 0},
		{"Let's leave that aside for now, {name}.", 0},
		{"You keep coming back to that, {name}.", 0},
	},
	freeReadRight: {
		{"That's about the size of it.", strangerTie | acquaintTie},
		{"You always could read me.", friendTie},
		{"You know me better than I thought.", familyTie},
		{"You always know, love.", romanticTie},
		{"You read me right, {name}.", 0},
		{"That's exactly it, {name}.", 0},
		{"Yes, {name}, that's what I'm after.", 0},
		{"You know me too well, {name}.", closeTies},
		{"That's it in a nutshell, {name}.", 0},
	},
	freeEchoWish: {
		{"You'd like to {echo}?", 0},
		{"So you'd like to {echo}?", 0},
		{"{name}, you'd like to {echo}?", 0},
		{"You'd like to {echo}, {name}?", 0},
	},
	freeFeelEcho: {
		{"I can tell {echo}, {name}.", 0},
		{"I hear you: {echo}.", 0},
		{"I understand: {echo}.", 0},
	},
	freeFeel: {
		{"I can see it means a lot.", strangerTie | acquaintTie},
		{"I know it does.", friendTie},
		{"I know it does, and I'm listening.", familyTie},
		{"I know it does, love.", romanticTie},
		{"I can tell, {name}.", 0},
		{"I hear you, {name}.", 0},
		{"I can see that, {name}.", 0},
	},
	freeRefused: {
		{"Fair enough, but let me try again.", strangerTie | acquaintTie},
		{"Okay, I hear you, but it still matters to me.", friendTie},
		{"I hear you, but this matters in this family.", familyTie},
		{"I hear you, love, but it still matters to me.", romanticTie},
		{"Fair enough, {name}, but hear me out.", 0},
		{"I hear you, {name}, so let me try another way.", 0},
		{"Okay, {name}, I'm not giving up on it yet.", 0},
		{"I understand, {name}, but it still matters to me.", 0},
	},
	freeRefuse: {
		{"I'm not sure I can agree to that yet.", strangerTie | acquaintTie},
		{"I can't just say yes to that.", friendTie},
		{"I can't say yes to that at this table, not yet.", familyTie},
		{"I can't say yes to that yet, love.", romanticTie},
		{"I can't say yes to that yet, {name}.", 0},
		{"Not so fast, {name}.", 0},
		{"I'm not ready to go along with that, {name}.", 0},
		{"That doesn't sit right with me yet, {name}.", 0},
		{"I can't go along with that just yet, {name}.", 0},
		{"Hold on, {name}, I'm not there yet.", 0},
	},
	freeRefuseWhy: {
		{"I'd still rather {one}.", 0},
		{"What I need is to {one}.", 0},
		{"For me it comes down to this: I'd like to {one}.", 0},
		{"My hope is still to {one}.", 0},
	},
}

// freeKnowingSlots are the ways to lean on what one knows of the partner:
// its secret ({other}) in the first two, its aim ({many}) in the others.
// Which slot a turn uses decides what the annotator finds, so the turn's
// dice choose it, each slot once before any again, as when each slot was
// one sentence; the wording dice choose the words within it.
var freeKnowingSlots = [4][]string{
	{"Let's not pretend, {name}. {other}", "I'll say it plainly, {name}. {other}", "We both know how things stand, {name}. {other}"},
	{"I know more than you think, {name}. {other}", "I've heard more than you'd guess, {name}. {other}", "People talk, {name}, you know. {other}"},
	{"I get the feeling you want to {many}.", "My guess is you'd like to {many}.", "It seems to me you're hoping to {many}."},
	{"I suspect what you really want is to {many}.", "If I read you right, you want to {many}.", "I think what you're after is to {many}."},
}

// freeAgreeCues mark a turn that agrees.
var freeAgreeCues = talk.NewCues("agreed", "agree on that", "works for me", "sounds fair")

// freeProposalCues mark a turn that puts something forward to agree to.
var freeProposalCues = talk.NewCues(append([]string{"i'd really like to", "i'd like to", "i want to"}, suggestions...)...)

// suggestions put a way forward to the listener.
var suggestions = []string{"i'd suggest", "how about", "let's", "what if", "i suggest", "i propose",
	"meet you halfway", "middle way", "where i can land", "could we", "why don't we", "we could"}

// freeSpare make a turn unlike any earlier one when all else was said.
var freeSpare = []string{"Anyway.", "You know what I mean.", "Well.", "Right.", "So there it is.", "That's where I am.", "I mean it.", "There you go."}
