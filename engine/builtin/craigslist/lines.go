package craigslist

import "github.com/omnigap/omnigap/engine/builtin/talk"

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
// and buyer [1], with the scenes each suits (scene.go). Only actFinalCall
// and actUltimatum use the words the reader takes as a limit ("final",
// "can't go", ...); openings and counters never do.
var bargainLines = [bargainActs][2][]line{
	actOpen: {
		{
			{"Hi! The {item} is still available, and I'm asking {price} for it.", chat | goods},
			{"Thanks for writing. I'd like to get {price} for the {item}.", chat | goods},
			{"Hello! Yes, the {item} is still for sale, and the price is {price}.", chat | goods},
			{"Hi there, I'm letting the {item} go for {price}.", chat | goods},
			{"Good to hear from you. The {item} is yours for {price}.", chat | goods},
			{"So this is the {item}. I'm asking {price} for it.", inPerson | goods},
			{"Here it is. I'd like to get {price} for the {item}.", inPerson | goods},
			{"Thanks for coming by. I'm letting the {item} go for {price}.", inPerson | goods},
			{"Glad you could make it. The {item} is {price}.", inPerson | goods},
			{"Take a good look. I'm asking {price} for the {item}.", inPerson | goods},
			{"Hi! The {item} is still free, and the rent is {price} a month.", chat | housing},
			{"Thanks for writing. I'm asking {price} a month for the {item}.", chat | housing},
			{"Hello! Yes, the {item} is still available, at {price} a month.", chat | housing},
			{"Thanks for coming to see it. The rent is {price} a month.", inPerson | housing},
			{"So that's the place. I'm asking {price} a month.", inPerson | housing},
			{"Glad you could come by. The {item} is {price} a month.", inPerson | housing},
		},
		{
			{"Hi, I'm interested in your {item}. Would you take {price} for it?", chat | goods},
			{"Hello! I saw your ad for the {item}. Could you do {price}?", chat | goods},
			{"Hi, thanks for the quick reply. I can offer {price} for the {item}.", chat | goods},
			{"Hey, I'd like to buy the {item}. How about {price}?", chat | goods},
			{"Hi there, I'd love to take the {item} off your hands for {price}.", chat | goods},
			{"Thanks for showing me the {item}. Would you take {price} for it?", inPerson | goods},
			{"It looks good in person. Could you do {price}?", inPerson | goods},
			{"Nice to meet you. I'd like to buy the {item}; how about {price}?", inPerson | goods},
			{"I've had a look at the {item}. I can offer {price}.", inPerson | goods},
			{"Hi, I'm interested in the {item}. Would you take {price} a month?", chat | housing},
			{"Hello! I saw your ad for the {item}. Could you do {price} a month?", chat | housing},
			{"Hey, I'd like to rent the {item}. How about {price} a month?", chat | housing},
			{"Thanks for showing me around. Would you take {price} a month?", inPerson | housing},
			{"It's a nice place. Could you do {price} a month?", inPerson | housing},
			{"I like the {item}. How about {price} a month?", inPerson | housing},
		},
	},
	actCounter: {
		{
			{"I can come down to {price}.", 0},
			{"How about we settle on {price} instead?", 0},
			{"Let's meet partway: {price}.", 0},
			{"I could do {price} for you.", 0},
			{"Tell you what, I'll let it go for {price}.", goods},
			{"I can drop it to {price}.", 0},
			{"Would {price} work for you?", 0},
			{"I could meet you at {price}.", 0},
			{"I could do {price} a month.", housing},
		},
		{
			{"I could go up to {price}.", 0},
			{"How about {price} then?", 0},
			{"Would you take {price}?", 0},
			{"Let's say {price}.", 0},
			{"I can stretch to {price}.", 0},
			{"I'd be happy to pay {price}.", 0},
			{"Could we do {price}?", 0},
			{"What about {price}?", 0},
			{"I could pay {price} a month.", housing},
		},
	},
	actHold: {
		{
			{"I'm staying at {price} for now.", 0},
			{"It's still {price}, as I said.", 0},
			{"I'd like to keep it at {price}.", 0},
			{"{price} is where I am at the moment.", 0},
			{"I'll stick with {price} for now.", 0},
			{"My price is still {price}.", 0},
			{"I'm still at {price}.", 0},
			{"For now it stays at {price}.", 0},
			{"{price} still seems right to me.", 0},
			{"I'd rather stay at {price} for the moment.", 0},
		},
		{
			{"My offer is still {price}.", 0},
			{"I'm staying at {price} for now.", 0},
			{"I'd like to keep it at {price}.", 0},
			{"{price} is still what I'm offering.", 0},
			{"I'll stick with {price} for now.", 0},
			{"I'm holding at {price} for the moment.", 0},
			{"I'm still at {price}.", 0},
			{"{price} is still my offer.", 0},
			{"I'm keeping my offer at {price}.", 0},
			{"For now I'm at {price}.", 0},
		},
	},
	actFinalCall: {
		{
			{"I really can't go below {price}. That's my final price.", 0},
			{"{price} is the lowest I can go, and that's final.", 0},
			{"{price} is my bottom line, I can't go lower.", 0},
			{"I won't go under {price}, that's final.", 0},
		},
		{
			{"I can't go above {price}. That's my final offer.", 0},
			{"{price} is my absolute limit.", 0},
			{"{price} is the most I can pay, and that's final.", 0},
			{"I won't go over {price}, that's final.", 0},
		},
	},
	actClose: {
		{
			{"{price} works for me. I'm sending the offer.", chat},
			{"Okay, {price} it is. Here's the offer.", chat},
			{"Fine, {price} then. I'm putting the offer through.", chat},
			{"{price} works for me. Let's shake on it.", inPerson},
			{"Okay, {price} it is.", inPerson},
			{"Fine, {price} then, you have a deal.", inPerson},
			{"Alright, let's do {price}.", 0},
		},
		{
			{"{price} works for me. I'm sending the offer.", chat},
			{"Okay, {price} it is. Here's my offer.", chat},
			{"Fine, {price} then. I'm putting the offer through.", chat},
			{"{price} works for me. Let's shake on it.", inPerson},
			{"Okay, {price} it is.", inPerson},
			{"Fine, {price} then, you have a deal.", inPerson},
			{"Alright, let's do {price}.", 0},
		},
	},
	actUltimatum: {
		{
			{"My final offer is {price}, take it or leave it.", 0},
			{"Here's my final offer: {price}.", 0},
			{"We're nearly out of time, so {price} is my final offer.", 0},
		},
		{
			{"My final offer is {price}, take it or leave it.", 0},
			{"Here's my final offer: {price}.", 0},
			{"We're nearly out of time, so {price} is my final offer.", 0},
		},
	},
	actAccept: {
		{{"Deal! Thanks.", 0}, {"Great, it's a deal.", 0}, {"Sounds good, I accept.", 0}},
		{{"Deal! Thanks.", 0}, {"Great, it's a deal.", 0}, {"Sounds good, I accept.", 0}},
	},
	actReject: {
		{{"Sorry, I can't take {price}.", 0}, {"No, {price} doesn't work for me.", 0}, {"I'm afraid {price} is too little for me.", 0}},
		{{"Sorry, I can't pay {price}.", 0}, {"No, {price} doesn't work for me.", 0}, {"I'm afraid {price} is more than I have.", 0}},
	},
	actLeave: {
		{
			{"Sorry, we're too far apart. Good luck with your search.", 0},
			{"That's way below what I can take, so I'll pass.", 0},
			{"I don't think we can make this work. Thanks anyway.", 0},
			{"We're not getting anywhere, so I'll leave it here.", 0},
			{"Thanks for coming by, but we're too far apart.", inPerson},
		},
		{
			{"Sorry, that's more than I can spend. Good luck with the sale.", goods},
			{"Sorry, that's more rent than I can manage. Good luck finding someone.", housing},
			{"We're too far apart, so I'll keep looking.", 0},
			{"I don't think we can make this work. Thanks anyway.", 0},
			{"We're not getting anywhere, so I'll leave it here.", 0},
			{"Thanks for showing me, but we're too far apart.", inPerson},
		},
	},
	actStall: {
		{{"We're out of time, sorry.", chat}, {"Looks like we ran out of time.", 0}, {"I have to get going, sorry.", inPerson}},
		{{"We're out of time, sorry.", chat}, {"Looks like we ran out of time.", 0}, {"I have to get going, sorry.", inPerson}},
	},
}

// The sentences below go with the act's sentence. None names a price or
// sounds final, so the reader takes the act's sentence for what it says.
var (
	// bargainReasons back a price, for the seller [0] and buyer [1].
	bargainReasons = [2][]line{
		{
			{"It's in great shape.", goods},
			{"I've taken good care of it.", goods},
			{"It's barely been used.", phone | electronics | furniture},
			{"I've had a lot of interest in it.", 0},
			{"Honestly it's worth every penny.", 0},
			{"I'd rather it went to someone who will use it.", goods},
			{"That's already less than I paid for it.", goods},
			{"Comparable ones go for more than that.", goods},
			{"It's been serviced regularly.", car},
			{"It rides beautifully.", bike},
			{"It's solidly made and built to last.", furniture},
			{"Everything on it works as it should.", phone | electronics},
			{"Places around here don't stay free for long.", housing},
			{"Similar places nearby ask more than that.", housing},
			{"The location is hard to beat.", housing},
			{"It's a lovely place to live.", housing},
			{"Everything in the place is in good order.", housing},
		},
		{
			{"I've seen similar ones for less.", goods},
			{"I've seen similar places for less.", housing},
			{"I'm on a tight budget this month.", 0},
			{"I can pick it up today.", chat | goods},
			{"I could take it with me right now.", inPerson | goods&^car},
			{"I could drive it home today.", inPerson | car},
			{"I could move in right away.", housing},
			{"I can pay in cash.", goods},
			{"I can pay the rent on time, every time.", housing},
			{"It's a bit more than I planned to spend.", 0},
			{"I'd have to put some money into it as well.", goods &^ phone},
			{"Every dollar matters to me.", 0},
			{"I've been looking for something like this for a while.", goods},
			{"I've been looking for a place for a while.", housing},
			{"Rent is the biggest part of my budget.", housing},
		},
	}
	// bargainSmallTalk is friendliness without content.
	bargainSmallTalk = [2][]line{
		{
			{"Thanks for getting back to me so quickly.", chat},
			{"Happy to answer any questions.", 0},
			{"I'm around most evenings if you want to look.", chat | goods},
			{"I'm around most evenings if you want to see the place.", chat | housing},
			{"No rush, take your time.", 0},
			{"Thanks for coming all this way.", inPerson},
			{"Have a proper look, I don't mind.", inPerson | goods},
			{"Feel free to look around again.", inPerson | housing},
		},
		{
			{"Thanks for answering so quickly.", chat},
			{"Sorry for all the haggling.", 0},
			{"I hope that sounds fair to you.", 0},
			{"I'm flexible on when to meet.", chat | goods},
			{"I'm flexible on when to move in.", housing},
			{"Thanks for taking the time to show me.", inPerson | goods},
			{"Thanks for showing me around.", inPerson | housing},
		},
	}
	// bargainListing quote the listing's own text ({detail}).
	bargainListing = [2][]line{
		{{"Like the listing says: {detail}", 0}, {"As the ad mentions: {detail}", 0}},
		{{"Your ad says: {detail} That's what caught my eye.", 0}, {"I liked this part of the ad: {detail}", 0}},
	}
	// bargainFirm are said when holding a price.
	bargainFirm = [2][]line{
		{
			{"Your turn to move a little.", 0},
			{"I think that's more than fair.", 0},
			{"I'd need you to come up before I move again.", 0},
			{"That price already leaves me very little.", 0},
			{"I'm not in a hurry to sell.", goods},
			{"I'm in no hurry to rent it out.", housing},
			{"I priced it fairly to begin with.", 0},
			{"I'd like to see you meet me partway.", 0},
		},
		{
			{"Your turn to move a little.", 0},
			{"I think that's more than fair.", 0},
			{"I'd need you to come down before I move again.", 0},
			{"That's already a stretch for me.", 0},
			{"There are other ads I could answer.", chat},
			{"There are other ones I could go and see.", inPerson | goods},
			{"There are other places I could look at.", inPerson | housing},
			{"I'd like to see you meet me partway.", 0},
			{"I think my offer is fair for what it is.", 0},
		},
	}
	// bargainMoved are said when holding a price after having conceded.
	bargainMoved = [2][]line{
		{
			{"I've already come down quite a bit.", 0},
			{"I've moved a fair way already.", 0},
			{"I've already given some ground.", 0},
			{"I've come down more than I planned to.", 0},
			{"That's well under where I started.", 0},
			{"I've met you partway already.", 0},
		},
		{
			{"I've already come up quite a bit.", 0},
			{"I've moved a fair way already.", 0},
			{"I've already raised my offer.", 0},
			{"I've come up more than I planned to.", 0},
			{"That's well above where I started.", 0},
			{"I've met you partway already.", 0},
		},
	}
	// bargainAfterDeal settle the hand-over.
	bargainAfterDeal = [2][]line{
		{
			{"You can pick it up tomorrow evening.", chat | goods},
			{"I'll have it ready for you.", chat | goods},
			{"Send me a time that suits you.", chat},
			{"It's all yours.", inPerson | goods},
			{"I'm glad it's going to a good home.", inPerson | goods},
			{"Let me help you get it sorted.", inPerson | goods},
			{"I'll have the place ready for you.", housing},
			{"I'll show you where everything is.", inPerson | housing},
			{"I'll get you a set of keys.", inPerson | housing},
		},
		{
			{"I can come by tomorrow evening.", chat | goods},
			{"I'll bring cash when I pick it up.", chat | goods},
			{"Let me know what time suits you.", chat},
			{"Let me get the cash out.", inPerson | goods},
			{"I'm really happy with it.", inPerson | goods},
			{"Let me know when I can move in.", chat | housing},
			{"I think I'll like it here.", inPerson | housing},
			{"I'll get the rent ready.", housing},
		},
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
	finalCues = talk.NewCues("final", "lowest i can", "most i can", "can't go", "cannot go", "won't go",
		"can not go", "bottom line", "best i can do", "absolute limit", "my limit", "take it or leave it")
	agreeCues = talk.NewCues("deal", "sounds good", "agreed", "ok", "okay", "you got it", "works for me",
		"it's a deal", "i accept", "sure", "yes")
)
