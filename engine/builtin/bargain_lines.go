package builtin

// bargainAct is one dialogue act of a Craigslist negotiation.
type bargainAct int

const (
	actOpen      bargainAct = iota // first price
	actCounter                     // a concession
	actHold                        // repeat the current price
	actFinalCall                   // say the price is one's limit
	actClose                       // formal offer at the partner's price
	actUltimatum                   // formal offer at one's own price
	actAccept                      // accept the partner's formal offer
	actReject                      // reject the partner's formal offer
	actLeave                       // walk away
	actStall                       // nothing useful left to do
	bargainActs
)

// bargainLines holds paraphrases per act, for the seller [0] and buyer [1].
// Only actFinalCall and actUltimatum use the words the reader takes as a
// limit ("final", "can't go", ...); openings and counters never do.
var bargainLines = [bargainActs][2][]string{
	actOpen: {
		{
			"Hi! The {item} is still available. I'm asking {price}.",
			"Thanks for writing. I'd like to get {price} for the {item}.",
			"Hello! Yes, the {item} is for sale, {price}.",
			"Hi there, the {item} goes for {price}.",
		},
		{
			"Hi, I'm interested in your {item}. Would you take {price}?",
			"Hello! I saw your ad for the {item}. Could you do {price}?",
			"Hi, is the {item} still available? I can offer {price}.",
			"Hey, I'd like the {item}. How about {price}?",
		},
	},
	actCounter: {
		{
			"I can come down to {price}.",
			"How about {price}?",
			"Let's meet partway: {price}.",
			"I could do {price}.",
			"Tell you what, {price}.",
		},
		{
			"I could go up to {price}.",
			"How about {price}?",
			"Would you take {price}?",
			"Let's say {price}.",
			"I can stretch to {price}.",
		},
	},
	actHold: {
		{
			"I'm still at {price}.",
			"It's {price}, as I said.",
		},
		{
			"My offer is still {price}.",
			"I'm still at {price}.",
		},
	},
	actFinalCall: {
		{
			"I really can't go below {price}. That's my final price.",
			"{price} is the lowest I can go, and that's final.",
			"{price} is my bottom line, I can't go lower.",
		},
		{
			"I can't go above {price}. That's my final offer.",
			"{price} is my absolute limit.",
			"{price} is the most I can pay, and that's final.",
		},
	},
	actClose: {
		{
			"{price} works for me. I'm sending the offer.",
			"Okay, {price} it is. Here's the offer.",
			"Alright, let's do {price}.",
		},
		{
			"{price} works for me. I'm sending the offer.",
			"Okay, {price} it is. Here's my offer.",
			"Alright, let's do {price}.",
		},
	},
	actUltimatum: {
		{
			"My final offer is {price}, take it or leave it.",
			"Here's my final offer: {price}.",
		},
		{
			"My final offer is {price}, take it or leave it.",
			"Here's my final offer: {price}.",
		},
	},
	actAccept: {
		{"Deal! Thanks.", "Great, it's a deal.", "Sounds good, I accept."},
		{"Deal! Thanks.", "Great, it's a deal.", "Sounds good, I accept."},
	},
	actReject: {
		{"Sorry, I can't take {price}.", "No, {price} doesn't work for me."},
		{"Sorry, I can't pay {price}.", "No, {price} doesn't work for me."},
	},
	actLeave: {
		{
			"Sorry, we're too far apart. Good luck with your search.",
			"That's way below what I can take. I'll pass.",
			"I don't think we can make this work. Thanks anyway.",
		},
		{
			"Sorry, that's more than I can spend. Good luck with the sale.",
			"We're too far apart, I'll keep looking.",
			"I don't think we can make this work. Thanks anyway.",
		},
	},
	actStall: {
		{"We're out of time, sorry.", "Looks like we ran out of time."},
		{"We're out of time, sorry.", "Looks like we ran out of time."},
	},
}

// bargainReasons are the sentences separate players add to persuade a
// partner whose mind they cannot see; the SCRIPT writer, which knows both
// minds, does not argue with itself and leaves them out.
var bargainReasons = [2][]string{
	{
		"It's in great shape.",
		"I've taken good care of it.",
		"It's barely been used.",
		"I've had a lot of interest in it.",
		"Honestly it's worth every penny.",
	},
	{
		"I've seen similar ones for less.",
		"I'm on a tight budget.",
		"I can pick it up today.",
		"I can pay in cash.",
		"It's a bit more than I planned to spend.",
	},
}

// bargainCues are the words the reader looks for in the partner's text.
var (
	finalCues = []string{"final", "lowest i can", "most i can", "can't go", "cannot go", "won't go",
		"can not go", "bottom line", "best i can do", "absolute limit", "my limit", "take it or leave it"}
	agreeCues = []string{"deal", "sounds good", "agreed", "ok", "okay", "you got it", "works for me",
		"it's a deal", "i accept", "sure", "yes"}
)
