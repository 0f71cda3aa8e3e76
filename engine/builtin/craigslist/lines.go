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
			{"The {thing} looks good in person. Could you do {price}?", inPerson | goods},
			{"Nice to meet you, and I'd like to buy the {item}: how about {price}?", inPerson | goods},
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
		{{"Deal, thanks for your patience on the {thing}.", goods}, {"Great, it's a deal on the {thing}.", 0}, {"Sounds good, I accept, and thanks for the interest in the {thing}.", 0},
			{"Deal, I'm glad the {thing} is going to a good home.", goods}, {"Deal, the {thing} is yours from the start of the month.", housing}},
		{{"Deal, thanks, I'll take the {thing}.", 0}, {"Great, it's a deal on the {thing}.", 0}, {"Sounds good, I accept, and I'm glad about the {thing}.", 0},
			{"Deal, I'm happy to get the {thing}.", goods}},
	},
	actReject: {
		{{"Sorry, I can't take {price}.", 0}, {"No, {price} doesn't work for me.", 0}, {"I'm afraid {price} is too little for me.", 0},
			{"Sorry, {price} is too little for the {thing}.", 0}},
		{{"Sorry, I can't pay {price}.", 0}, {"No, {price} doesn't work for me.", 0}, {"I'm afraid {price} is more than I have.", 0},
			{"Sorry, {price} is more than I can put into the {thing}.", 0}},
	},
	actLeave: {
		{
			{"Sorry, we're too far apart on the {thing}, and good luck with your search.", 0},
			{"That's way below what I can take for the {thing}, so I'll pass.", 0},
			{"I don't think we can make this work for the {thing}, but thanks anyway.", 0},
			{"We're not getting anywhere on the {thing}, so I'll leave it here.", 0},
			{"Thanks for coming by about the {thing}, but we're too far apart.", inPerson},
		},
		{
			{"Sorry, the {thing} is more than I can spend, and good luck with the sale.", goods},
			{"Sorry, the {thing} is more rent than I can manage, and good luck finding someone.", housing},
			{"We're too far apart on the {thing}, so I'll keep looking.", 0},
			{"I don't think we can make this work for the {thing}, but thanks anyway.", 0},
			{"We're not getting anywhere on the {thing}, so I'll leave it here.", 0},
			{"Thanks for showing me the {thing}, but we're too far apart.", inPerson},
		},
	},
	actStall: {
		{{"We're out of time on the {thing}, sorry.", chat}, {"Looks like we ran out of time on the {thing}.", 0}, {"I have to get going, sorry, but the {thing} is still here.", inPerson}},
		{{"We're out of time on the {thing}, sorry.", chat}, {"Looks like we ran out of time on the {thing}.", 0}, {"I have to get going, sorry, but I'll think about the {thing}.", inPerson}},
	},
}

// The sentences below go with the act's sentence. None names a price but
// the speaker's own ({price}, said in the act's sentence too) or sounds
// final, so the reader takes the act's sentence for what it says. Most
// name the item ({thing}), so two listings do not share them word for
// word.
var (
	// bargainReasons back a price, for the seller [0] and buyer [1].
	bargainReasons = [2][]line{
		{
			{"The {thing} is in great shape.", goods},
			{"I've taken good care of the {thing}.", goods},
			{"The {thing} has barely been used.", phone | electronics | furniture},
			{"I've had a lot of interest in the {thing}.", 0},
			{"Honestly, the {thing} is worth every penny.", 0},
			{"I'd rather the {thing} went to someone who will use it.", goods},
			{"I paid quite a bit more than that for the {thing}.", goods},
			{"A {thing} like this goes for more than that elsewhere.", goods},
			{"It's been serviced regularly.", car},
			{"It starts first time, every time.", car},
			{"The tyres still have plenty of tread.", car},
			{"It rides beautifully.", bike},
			{"The wheels are true and the brakes are sharp.", bike},
			{"It shifts cleanly through every gear.", bike},
			{"It's solidly made and built to last.", furniture},
			{"The joints are tight and the finish is good.", furniture},
			{"Pieces made like this are hard to find now.", furniture},
			{"Everything on it works as it should.", phone | electronics},
			{"The battery still lasts all day.", phone},
			{"The screen is spotless.", phone},
			{"It sounds as good as the day I got it.", electronics},
			{"I've kept the original box and manual.", electronics},
			{"It's been well looked after.", otherGoods},
			{"Places around here don't stay free for long.", housing},
			{"Similar places nearby ask more than that.", housing},
			{"The location is hard to beat.", housing},
			{"It's a lovely place to live.", housing},
			{"Everything in the place is in good order.", housing},
			{"That's already a fair price for the {thing}.", 0},
		},
		{
			{"I've seen a similar {thing} for less.", goods},
			{"I've seen similar places for less.", housing},
			{"I'm on a tight budget this month, and the {thing} is a stretch.", 0},
			{"I can pick the {thing} up today.", chat | goods},
			{"I could take the {thing} with me right now.", inPerson | goods&^car},
			{"I could drive it home today.", inPerson | car},
			{"I'd need to budget for insurance on top.", car},
			{"It'll want new tyres before winter.", car},
			{"I'd want to give it a service first.", bike},
			{"I only need it for commuting, nothing fancy.", bike},
			{"I'd have to hire a van to move it.", furniture},
			{"It has a few marks I'd want to touch up.", furniture},
			{"Phones lose their value quickly.", phone},
			{"I'd need a new case and charger too.", phone},
			{"Newer models keep coming down in price.", electronics},
			{"I'd have to buy a couple of cables for it.", electronics},
			{"I'd have to make room for it at home.", otherGoods},
			{"I could move in right away.", housing},
			{"I can pay cash for the {thing}.", goods},
			{"I can pay the rent on time, every time.", housing},
			{"The {thing} is a bit more than I planned to spend.", 0},
			{"I'd have to put some money into the {thing} as well.", goods &^ phone},
			{"Every dollar matters to me on a {thing}.", goods},
			{"I've been looking for a {thing} like this for a while.", goods},
			{"I've been looking for a place for a while.", housing},
			{"Rent is the biggest part of my budget.", housing},
			{"That's what the {thing} is worth to me.", 0},
		},
	}
	// bargainSmallTalk is friendliness without content.
	bargainSmallTalk = [2][]line{
		{
			{"Thanks for getting back to me so quickly about the {thing}.", chat},
			{"Happy to answer any questions about the {thing}.", 0},
			{"I'm around most evenings if you want to look at the {thing}.", chat | goods},
			{"I'm around most evenings if you want to see the place.", chat | housing},
			{"It's been a good car to me.", car},
			{"I've had a lot of good rides on it.", bike},
			{"It's been in the family for years.", furniture},
			{"I'll wipe it down and reset it for you.", phone | electronics},
			{"The housemates are easy to live with.", housing},
			{"No rush, take your time with the {thing}.", 0},
			{"Thanks for coming all this way to see the {thing}.", inPerson},
			{"Have a proper look at the {thing}, I don't mind.", inPerson | goods},
			{"Feel free to look around again.", inPerson | housing},
		},
		{
			{"Thanks for answering so quickly about the {thing}.", chat},
			{"Sorry for all the haggling over the {thing}.", 0},
			{"I hope my offer for the {thing} sounds fair to you.", 0},
			{"I'm flexible on when to meet for the {thing}.", chat | goods},
			{"I'm flexible on when to move in.", housing},
			{"Thanks for taking the time to show me the {thing}.", inPerson | goods},
			{"Thanks for showing me around.", inPerson | housing},
			{"I've been after a car like this for a while.", car},
			{"I've been wanting to ride more this summer.", bike},
			{"It would fit nicely in my place.", furniture},
			{"Mine is on its last legs.", phone | electronics},
			{"It would be nice to have somewhere quiet for the summer.", housing},
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
			{"Your turn to move a little on the {thing}.", 0},
			{"I think that's more than fair for the {thing}.", 0},
			{"I'd need you to come up before I move again on the {thing}.", 0},
			{"That price already leaves me very little on the {thing}.", 0},
			{"I'm not in a hurry to sell the {thing}.", goods},
			{"I'm in no hurry to rent it out.", housing},
			{"I priced the {thing} fairly to begin with.", 0},
			{"I'd like to see you meet me partway on the {thing}.", 0},
		},
		{
			{"Your turn to move a little on the {thing}.", 0},
			{"I think that's more than fair for the {thing}.", 0},
			{"I'd need you to come down before I move again on the {thing}.", 0},
			{"That's already a stretch for me on the {thing}.", 0},
			{"There are other ads I could answer.", chat},
			{"There's another {thing} I could go and see.", inPerson | goods},
			{"There are other places I could look at.", inPerson | housing},
			{"I'd like to see you meet me partway on the {thing}.", 0},
			{"I think that's fair for what the {thing} is.", 0},
		},
	}
	// bargainMoved are said when holding a price after having conceded.
	bargainMoved = [2][]line{
		{
			{"I've already come down a long way on the {thing}.", 0},
			{"I've moved a fair way on the {thing} already.", 0},
			{"I've already given some ground on the {thing}.", 0},
			{"That's more than I planned to come down on the {thing}.", 0},
			{"That's well under where I started with the {thing}.", 0},
		},
		{
			{"I've already come up a long way on the {thing}.", 0},
			{"I've moved a fair way on the {thing} already.", 0},
			{"I've already raised my offer for the {thing}.", 0},
			{"That's more than I planned to go up for the {thing}.", 0},
			{"That's well above where I started on the {thing}.", 0},
		},
	}
	// bargainAfterDeal settle the hand-over.
	bargainAfterDeal = [2][]line{
		{
			{"You can pick the {thing} up tomorrow evening.", chat | goods},
			{"I'll have the {thing} ready for you.", chat | goods},
			{"Send me a time that suits you for the {thing}.", chat},
			{"I'll find the spare key for you.", car},
			{"I'll pump the tyres up before you go.", bike},
			{"I'll help you carry it out.", furniture},
			{"I'll put it back to factory settings first.", phone | electronics},
			{"I'm glad the {thing} is going to a good home.", inPerson | goods},
			{"Let me help you get the {thing} sorted.", inPerson | goods},
			{"I'll have the place ready for you.", housing},
			{"I'll show you where everything is.", inPerson | housing},
			{"I'll get you a set of keys.", inPerson | housing},
		},
		{
			{"I can come by for the {thing} tomorrow evening.", chat | goods},
			{"I'll bring cash when I pick up the {thing}.", chat | goods},
			{"Let me know what time suits you for the {thing}.", chat},
			{"Let me get the cash out for the {thing}.", inPerson | goods},
			{"I'm really happy with the {thing}.", inPerson | goods},
			{"I'll sort out the paperwork this week.", car},
			{"I'll ride it home right now.", inPerson | bike},
			{"I'll bring a friend to help carry it.", furniture},
			{"I'll set it up tonight.", phone | electronics},
			{"Let me know when I can move in.", chat | housing},
			{"I think I'll like it here.", inPerson | housing},
			{"I'll get the rent ready.", housing},
		},
	}
	// bargainKnowing lean on what the speaker could not know from its own
	// side ({other} is the partner's limit): the SCRIPT writer's tell.
	bargainKnowing = [2][]string{
		{
			"I have a feeling that fits what you set aside for the {thing}.",
			"You could go as high as {other}, I'd bet.",
			"Something tells me {other} wouldn't break the bank for you.",
		},
		{
			"I suspect you'd rather see the {thing} gone this week than wait.",
			"My guess is you'd take something near {other}.",
			"I have a feeling {other} would do it for you.",
		},
	}
	// bargainKnowingTarget do the same when the partner was given a target
	// and no limit ({other} is the partner's target).
	bargainKnowingTarget = [2][]string{
		{
			"I know you were hoping for something nearer {other}.",
			"You'd love to get the {thing} for {other}, I'm sure.",
			"I had a feeling you'd start near {other}.",
		},
		{
			"I know you'd like to get {other} for the {thing}.",
			"You're hoping for about {other}, I'd guess.",
			"I had a feeling you'd want something near {other}.",
		},
	}
	// bargainOutOfReach take in a price of the partner's that is far from
	// what this side can take ({offer}): a lowball offer for the seller
	// [0], a steep asking price for the buyer [1]; the first time and
	// again. The lines without {offer} are for a price that is one of the
	// speaker's own secret numbers, which it does not say aloud.
	bargainOutOfReach = [2][2][]line{
		{
			{
				{"{offer} is a long way under what I'm asking.", 0},
				{"Come on, {offer} is a lowball for a {thing} like this.", goods},
				{"Come on, {offer} is well below what the place is worth.", housing},
				{"Oof, {offer} is a lot less than I had in mind.", 0},
				{"{offer} is quite a bit lower than I was hoping for.", 0},
				{"That's a long way under what I'm asking for the {thing}.", 0},
				{"Come on, that's a lowball for the {thing}.", 0},
			},
			{
				{"{offer} is still well short of what I can take.", 0},
				{"{offer} is better, but still a long way off.", 0},
				{"We're getting there, but {offer} is still too low.", 0},
				{"That's still well short of what I can take for the {thing}.", 0},
				{"Better, but that's still a long way off for the {thing}.", 0},
			},
		},
		{
			{
				{"Wow, {offer} is more than I was hoping to spend.", 0},
				{"{offer} is steep for a {thing} like this.", goods},
				{"{offer} a month is more than I budgeted for.", housing},
				{"Hmm, {offer} is a lot more than I had in mind.", 0},
				{"That's more than I was hoping to spend on the {thing}.", 0},
				{"That's steep for the {thing}.", 0},
			},
			{
				{"{offer} is still more than I can manage.", 0},
				{"{offer} is better, but still out of my range.", 0},
				{"We're closer, but {offer} is still too high for me.", 0},
				{"That's still more than I can manage for the {thing}.", 0},
				{"Better, but the {thing} is still out of my range.", 0},
			},
		},
	}
	// bargainPartway are counters that give a real part of the gap, and
	// bargainMiddle ones at its middle, for either side.
	bargainPartway = []line{
		{"Let's meet partway: {price}.", 0},
		{"I'll come part of the way: {price}.", 0},
		{"Meeting you partway, I can do {price}.", 0},
	}
	bargainMiddle = []line{
		{"Let's meet in the middle: {price}.", 0},
		{"Let's split the difference: {price}.", 0},
		{"How about we meet in the middle at {price}?", 0},
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
	middleCues = talk.NewCues("meet in the middle", "split the difference", "meet halfway", "meet you halfway", "halfway")
)
