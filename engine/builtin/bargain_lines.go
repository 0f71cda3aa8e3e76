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

// bargainLines holds the sentence that carries each act, for the seller [0]
// and buyer [1]. Only actFinalCall and actUltimatum use the words the
// reader takes as a limit ("final", "can't go", ...); openings and counters
// never do.
var bargainLines = [bargainActs][2][]string{
	actOpen: {
		{
			"Hi! The {item} is still available, and I'm asking {price} for it.",
			"Thanks for writing. I'd like to get {price} for the {item}.",
			"Hello! Yes, the {item} is still for sale, and the price is {price}.",
			"Hi there, I'm letting the {item} go for {price}.",
			"Good to hear from you. The {item} is yours for {price}.",
		},
		{
			"Hi, I'm interested in your {item}. Would you take {price} for it?",
			"Hello! I saw your ad for the {item}. Could you do {price}?",
			"Hi, is the {item} still available? I can offer {price}.",
			"Hey, I'd like to buy the {item}. How about {price}?",
			"Hi there, I'd love to take the {item} off your hands for {price}.",
		},
	},
	actCounter: {
		{
			"I can come down to {price}.",
			"How about we settle on {price} instead?",
			"Let's meet partway: {price}.",
			"I could do {price} for you.",
			"Tell you what, I'll let it go for {price}.",
			"I can drop it to {price}.",
			"Would {price} work for you?",
		},
		{
			"I could go up to {price}.",
			"How about {price} then?",
			"Would you take {price}?",
			"Let's say {price}.",
			"I can stretch to {price}.",
			"I'd be happy to pay {price}.",
			"Could we do {price}?",
		},
	},
	actHold: {
		{
			"I'm staying at {price} for now.",
			"It's still {price}, as I said.",
			"I'd like to keep it at {price}.",
			"{price} is where I am at the moment.",
			"I'll stick with {price} for now.",
			"My price is still {price}.",
		},
		{
			"My offer is still {price}.",
			"I'm staying at {price} for now.",
			"I'd like to keep it at {price}.",
			"{price} is still what I'm offering.",
			"I'll stick with {price} for now.",
			"I'm holding at {price} for the moment.",
		},
	},
	actFinalCall: {
		{
			"I really can't go below {price}. That's my final price.",
			"{price} is the lowest I can go, and that's final.",
			"{price} is my bottom line, I can't go lower.",
			"I won't go under {price}, that's final.",
		},
		{
			"I can't go above {price}. That's my final offer.",
			"{price} is my absolute limit.",
			"{price} is the most I can pay, and that's final.",
			"I won't go over {price}, that's final.",
		},
	},
	actClose: {
		{
			"{price} works for me. I'm sending the offer.",
			"Okay, {price} it is. Here's the offer.",
			"Alright, let's do {price}.",
			"Fine, {price} then. I'm putting the offer through.",
		},
		{
			"{price} works for me. I'm sending the offer.",
			"Okay, {price} it is. Here's my offer.",
			"Alright, let's do {price}.",
			"Fine, {price} then. I'm putting the offer through.",
		},
	},
	actUltimatum: {
		{
			"My final offer is {price}, take it or leave it.",
			"Here's my final offer: {price}.",
			"We're nearly out of time, so {price} is my final offer.",
		},
		{
			"My final offer is {price}, take it or leave it.",
			"Here's my final offer: {price}.",
			"We're nearly out of time, so {price} is my final offer.",
		},
	},
	actAccept: {
		{"Deal! Thanks.", "Great, it's a deal.", "Sounds good, I accept."},
		{"Deal! Thanks.", "Great, it's a deal.", "Sounds good, I accept."},
	},
	actReject: {
		{"Sorry, I can't take {price}.", "No, {price} doesn't work for me.", "I'm afraid {price} is too little for me."},
		{"Sorry, I can't pay {price}.", "No, {price} doesn't work for me.", "I'm afraid {price} is more than I have."},
	},
	actLeave: {
		{
			"Sorry, we're too far apart. Good luck with your search.",
			"That's way below what I can take, so I'll pass.",
			"I don't think we can make this work. Thanks anyway.",
			"We're not getting anywhere, so I'll leave it here.",
		},
		{
			"Sorry, that's more than I can spend. Good luck with the sale.",
			"We're too far apart, so I'll keep looking.",
			"I don't think we can make this work. Thanks anyway.",
			"We're not getting anywhere, so I'll leave it here.",
		},
	},
	actStall: {
		{"We're out of time, sorry.", "Looks like we ran out of time."},
		{"We're out of time, sorry.", "Looks like we ran out of time."},
	},
}

// The sentences below go with the act's sentence. None names a price or
// sounds final, so the reader takes the act's sentence for what it says.
var (
	// bargainReasons back a price, for the seller [0] and buyer [1].
	bargainReasons = [2][]string{
		{
			"It's in great shape.",
			"I've taken good care of it.",
			"It's barely been used.",
			"I've had a lot of interest in it.",
			"Honestly it's worth every penny.",
			"I'd rather it went to someone who will use it.",
			"That's already less than I paid for it.",
			"Comparable ones go for more than that.",
		},
		{
			"I've seen similar ones for less.",
			"I'm on a tight budget this month.",
			"I can pick it up today.",
			"I can pay in cash.",
			"It's a bit more than I planned to spend.",
			"I'd have to put some money into it as well.",
			"I'm a student, so every bit helps.",
			"I've been looking for one of these for a while.",
		},
	}
	// bargainQuestions keep the conversation going.
	bargainQuestions = [2][]string{
		{
			"When would you want to pick it up?",
			"Have you had one like it before?",
			"Would you like to see it in person first?",
			"Do you need it delivered?",
			"What will you use it for?",
		},
		{
			"Is it still in good working order?",
			"Are there any problems I should know about?",
			"Why are you selling it?",
			"Could I come and see it this week?",
			"How long have you had it?",
		},
	}
	// bargainSmallTalk is friendliness without content.
	bargainSmallTalk = [2][]string{
		{
			"Thanks for getting back to me so quickly.",
			"Happy to answer any questions.",
			"I'm around most evenings if you want to look.",
			"No rush, take your time.",
		},
		{
			"Thanks for answering so quickly.",
			"Sorry for all the haggling.",
			"I hope that sounds fair to you.",
			"I'm flexible on when to meet.",
		},
	}
	// bargainListing quote the listing's own text ({detail}).
	bargainListing = [2][]string{
		{"Like the listing says: {detail}", "As the ad mentions: {detail}"},
		{"Your ad says: {detail} That's what caught my eye.", "I liked this part of the ad: {detail}"},
	}
	// bargainFirm are said when holding a price.
	bargainFirm = [2][]string{
		{
			"Your turn to move a little.",
			"I think that's more than fair.",
			"I'd need you to come up before I move again.",
			"That price already leaves me very little.",
			"I'm not in a hurry to sell.",
		},
		{
			"Your turn to move a little.",
			"I think that's more than fair.",
			"I'd need you to come down before I move again.",
			"That's already a stretch for me.",
			"There are other ads I could answer.",
		},
	}
	// bargainMoved are said when holding a price after having conceded.
	bargainMoved = [2][]string{
		{"I've already come down quite a bit.", "I've moved a fair way already.", "I've already given some ground."},
		{"I've already come up quite a bit.", "I've moved a fair way already.", "I've already raised my offer."},
	}
	// bargainAfterDeal settle the hand-over.
	bargainAfterDeal = [2][]string{
		{"You can pick it up tomorrow evening.", "I'll have it ready for you.", "Send me a time that suits you."},
		{"I can come by tomorrow evening.", "I'll bring cash when I pick it up.", "Let me know what time suits you."},
	}
	// bargainKnowing lean on what the speaker could not know from its own
	// side ({other} is the partner's limit): the SCRIPT writer's tell.
	bargainKnowing = [2][]string{
		{
			"I have a feeling that fits what you set aside for it.",
			"You could go as high as {other}, I'd bet.",
			"Something tells me {other} wouldn't break the bank for you.",
		},
		{
			"I suspect you'd rather sell it this week than wait.",
			"My guess is you'd take something near {other}.",
			"I have a feeling {other} would do it for you.",
		},
	}
	// bargainKnowingTarget do the same when the partner was given a target
	// and no limit ({other} is the partner's target).
	bargainKnowingTarget = [2][]string{
		{
			"I know you were hoping for something nearer {other}.",
			"You'd love to get it for {other}, I'm sure.",
			"I had a feeling you'd start near {other}.",
		},
		{
			"I know you'd like to get {other} for it.",
			"You're hoping for about {other}, I'd guess.",
			"I had a feeling you'd want something near {other}.",
		},
	}
	// bargainSpare make a turn unlike any earlier one when all else was said.
	bargainSpare = []string{"Let me know.", "What do you think?", "Over to you.", "Just so we're clear.", "Your call."}
)

// bargainCues are the words the reader looks for in the partner's text.
var (
	finalCues = newCues("final", "lowest i can", "most i can", "can't go", "cannot go", "won't go",
		"can not go", "bottom line", "best i can do", "absolute limit", "my limit", "take it or leave it")
	agreeCues = newCues("deal", "sounds good", "agreed", "ok", "okay", "you got it", "works for me",
		"it's a deal", "i accept", "sure", "yes")
)
