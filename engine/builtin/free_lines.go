package builtin

// freeAct is one move of a free-form conversation.
type freeAct int

const (
	freeGreet    freeAct = iota // hello
	freeRaise                   // say what one wants ({one})
	freeKnowing                 // lean on the partner's secret or aim ({other}, {many})
	freePropose                 // a concrete proposal ({one})
	freePersuade                // a reason
	freeReason                  // one's private circumstance ({reason})
	freeAsk                     // a question to the partner
	freeReveal                  // tell one's own secret ({detail})
	freeDeflect                 // answer a question and keep the secret
	freeAgree                   // agree
	freeGoodbye                 // leave
	freeActs
)

// freeLines hold paraphrases per act; {name} is the partner's first name.
var freeLines = [freeActs][]string{
	freeGreet: {
		"Hi {name}, thanks for making time.",
		"Good to see you, {name}.",
		"Hey {name}, how have you been?",
		"{name}! It's been a while.",
	},
	freeRaise: {
		"There's something I wanted to talk about: I'd like to {one}.",
		"I'll be honest about why I wanted to talk: I'd like to {one}.",
		"Can I bring something up? I'd really like to {one}.",
		"What I'm hoping for is to {one}.",
	},
	freeKnowing: {
		"Let's not pretend, {name}. {other}",
		"I know more than you think. {other}",
		"I get the feeling you want to {many}.",
		"I suspect what you really want is to {many}.",
	},
	freePropose: {
		"Here's what I'd suggest: let's find a way for me to {one}.",
		"How about this: I {one}, and we both come out of it fine.",
		"Could we work out a plan so I can {one}?",
		"Let me put it plainly: I want to {one}.",
	},
	freePersuade: {
		"It matters a lot to me.",
		"I've thought about this for a while.",
		"I wouldn't bring it up if it weren't important.",
		"I think it's fair to both of us.",
		"I really don't want this to come between us.",
		"We've always been straight with each other.",
		"I'd do the same for you, you know that.",
		"I've been turning it over in my head all week.",
		"It would take a weight off my mind.",
		"I'm not trying to make this hard for you.",
		"I'd rather say it now than let it fester.",
		"You know me, I don't ask lightly.",
	},
	freeReason: {
		"The thing is, {reason}.",
		"You should know that {reason}.",
		"Part of it is that {reason}.",
	},
	freeAsk: {
		"How do you feel about that?",
		"What do you think, {name}?",
		"Is something on your mind?",
		"What would work for you?",
		"Is there something you're not telling me?",
		"What would you need from me?",
		"How does that sound to you?",
		"Would that be alright with you?",
		"What's your side of it?",
		"Is anything else going on with you lately?",
	},
	freeReveal: {
		"I should be honest with you. {detail}",
		"There's something I haven't told you. {detail}",
		"Okay, the truth is this. {detail}",
	},
	freeDeflect: {
		"I'm alright, it's nothing I can't handle.",
		"Let's just say it's been a complicated few weeks.",
		"I'd rather not get into all of it right now.",
		"It's a long story, honestly.",
	},
	freeAgree: {
		"Alright, I think we can agree on that.",
		"Okay, that works for me. Agreed.",
		"Fine, let's do it that way. Agreed.",
		"Agreed, that sounds fair.",
	},
	freeGoodbye: {
		"Thanks, {name}. I'm glad we talked.",
		"I should get going. Thanks for hearing me out.",
		"Let's talk again soon. Take care.",
		"Good, then that's settled. See you soon.",
	},
}

// freeAgreeCues mark a turn that agrees.
var freeAgreeCues = newCues("agreed", "agree on that", "works for me", "sounds fair")

// freeSpare make a turn unlike any earlier one when all else was said.
var freeSpare = []string{"Anyway.", "You know what I mean.", "Well.", "Right."}
