package dealornodeal

// dondLine is a kind of Deal-or-No-Deal turn.
type dondLine int

const (
	dondPropose dondLine = iota // first proposal: what I take, what you get
	dondCounter                 // a proposal answering the partner's
	dondAccept
	dondSelect // choosing what to take after the partner chose
)

// dondLines are the built-in negotiator's wordings; %[1]s is what the
// speaker takes, %[2]s what the partner gets.
var dondLines = map[dondLine][]string{
	dondPropose: {
		"How about I take %[1]s, and you get %[2]s?",
		"I'd like %[1]s. You can have %[2]s.",
		"Let's split it: %[1]s for me, %[2]s for you.",
	},
	dondCounter: {
		"That doesn't work for me. What if I take %[1]s and you take %[2]s?",
		"Not quite. I could do %[1]s for me and %[2]s for you.",
		"Counter-offer: I get %[1]s, you get %[2]s.",
	},
	dondAccept: {
		"Deal.",
		"That works for me, deal.",
		"Okay, agreed.",
	},
	dondSelect: {
		"I'll take %[1]s.",
		"Then %[1]s for me.",
	},
}
