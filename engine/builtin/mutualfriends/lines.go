package mutualfriends

// attributeVerbs say how a friend has a value: singular and plural verb
// phrases, with the value appended. Attributes of authored scenarios that
// are not listed here use the generic phrasing of verbsFor.
var attributeVerbs = map[string][2]string{
	"school":   {"went to ", "went to "},
	"major":    {"studied ", "studied "},
	"company":  {"works at ", "work at "},
	"hobby":    {"is into ", "are into "},
	"city":     {"lives in ", "live in "},
	"time":     {"prefers the ", "prefer the "},
	"location": {"prefers being ", "prefer being "},
}

// verbsFor returns the singular and plural phrases for value v of attr.
func verbsFor(attr, v string) (one, many string) {
	if p, ok := attributeVerbs[attr]; ok {
		return p[0] + v, p[1] + v
	}
	return "has " + v + " as their " + attr, "have " + v + " as their " + attr
}

// friendsAct is one dialogue act of the mutual friends game.
type friendsAct int

const (
	actAsk         friendsAct = iota // ask whether the partner has a value
	actInformAsk                     // say a value is common, then ask
	actYesOne                        // one of my friends has it, to a yes-no question
	actYesMany                       // several of my friends have it, to a yes-no question
	actIDoOne                        // one of my friends has it, to "Do you know…?"
	actIDoMany                       // several of my friends have it, to "Do you know…?"
	actHaveOne                       // one of my friends has it, to "How about yours?"
	actHaveMany                      // several of my friends have it, to "How about yours?"
	actNo                            // none of my friends has what was asked
	actLookingUp                     // an open question asked about nothing on my list
	actSelect                        // name the friend I think we share
	actConfirm                       // the partner named a friend I have too
	actUnknownName                   // the partner named someone I do not have
	actAskName                       // ask whether the partner knows one of mine, by name
	actStuck                         // nothing left to ask
	actHunch                         // say what only the partner's list shows
	friendsActs
)

// friendsLines holds paraphrases per act. {one} and {many} are singular and
// plural phrases such as "works at Nimbus Cloud".
var friendsLines = [friendsActs][]string{
	actAsk: {
		"Any friend of yours who {one}?",
		"Is there anyone on your list who {one}?",
		"Anyone among your friends who {one}?",
		"Do you know someone who {one}?",
	},
	actInformAsk: {
		"A few of my friends {many}. Any of yours?",
		"Several people on my list {many}. How about yours?",
		"Some of my friends {many}. Anyone on your side?",
	},
	// A "yes" answers any question that asks whether; "I do" only one put
	// as "Do you…?"; "How about yours?" and "Which…?" are answered with
	// the count alone (questions.go).
	actYesOne: {
		"Yes, one of my friends {one}.",
		"Yes, one friend of mine {one}.",
		"Yes, I have exactly one who {one}.",
	},
	actYesMany: {
		"Yes, {count} of my friends {many}.",
		"Yes, {count} people on my list {many}.",
		"Yes, I have {count} who {many}.",
	},
	actIDoOne: {
		"Yes, one of my friends {one}.",
		"I do, one friend of mine {one}.",
		"I do: exactly one of my friends {one}.",
	},
	actIDoMany: {
		"Yes, {count} of my friends {many}.",
		"I do, {count} people on my list {many}.",
		"I do: {count} of my friends {many}.",
	},
	actHaveOne: {
		"One of mine {one}.",
		"I have exactly one who {one}.",
		"Just one friend of mine {one}.",
	},
	actHaveMany: {
		"I have {count} who {many}.",
		"On my list, {count} people {many}.",
		"Among my friends, {count} {many}.",
	},
	actNo: {
		"No, none of my friends do.",
		"Nope, nobody like that on my list.",
		"No, I don't have anyone like that.",
		"No, that doesn't fit anyone I know.",
		"No, nobody on my side fits that.",
		"No, I can't think of anyone like that.",
	},
	actLookingUp: {
		"Let me look at my list.",
		"Hmm, let me go through my friends.",
		"Good question, let me think about my list.",
	},
	actSelect: {
		"I think it's {name}!",
		"It must be {name}. I'm selecting {name}.",
		"My guess is {name}, that has to be our friend.",
	},
	actConfirm: {
		"Yes, I know {name} too! Selecting {name}.",
		"{name} is on my list as well. That's our friend!",
		"Great, {name} it is. I'm picking {name} too.",
	},
	actUnknownName: {
		"Hmm, I don't know anyone called {name}.",
		"No, {name} is not on my list.",
	},
	actAskName: {
		"Do you happen to know {name}?",
		"Is {name} on your list?",
		"What about {name}, do you know them?",
	},
	actHunch: {
		"My guess is that someone on your list {one}.",
		"I have a hunch one of your friends {one}.",
		"I bet somebody you know {one}.",
	},
	actStuck: {
		"I'm running out of ideas. Tell me more about your friends?",
		"I can't narrow it down yet. What else do your friends have in common?",
		"Hmm, I'm stuck. Could you describe a few of your friends?",
		"That rules out everyone I thought of. What are your friends like?",
	},
}

// friendsSpare make a turn unlike any earlier one when all else was said.
var friendsSpare = []string{"Let me think.", "Hmm.", "Interesting.", "Okay, go on.", "Let's keep going."}

// countWords says small counts in words.
var countWords = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}

func countWord(n int) string {
	if n >= 0 && n < len(countWords) {
		return countWords[n]
	}
	return "many"
}

// yesCues open a short positive answer that names no value.
var yesCues = []string{"yes", "yeah", "yep", "yup", "sure", "i do", "indeed"}
