package craigslist

import (
	"strings"

	"github.com/omnigap/omnigap/engine/builtin/talk"
)

// topic is what a question in a negotiation is about, so the partner can
// answer it on its next turn.
type topic int

const (
	// asked by the buyer, answered by the seller
	topicWorking topic = iota
	topicCondition
	topicProblems
	topicWhySelling
	topicVisit
	topicHowLong
	topicCloserLook
	topicTryIt
	topicNeighbours
	// asked by the seller, answered by the buyer
	topicPickUp
	topicGettingHome
	topicHadBefore
	topicSeeFirst
	topicDelivery
	topicUse
	topicMoveIn
	topicWhyHere
	topicLookedOver
	topics
)

// question is a sentence of a pool that asks about a topic.
type question struct {
	line
	about topic
}

// bargainQuestions keep the conversation going, for the seller [0] and
// buyer [1]; the partner answers them (bargainAnswers).
var bargainQuestions = [2][]question{
	{
		{line{"When would you want to pick up the {thing}?", chat | goods&^car}, topicPickUp},
		{line{"Do you need a hand getting the {thing} home?", inPerson | furniture}, topicGettingHome},
		{line{"Have you had a {thing} like this before?", goods}, topicHadBefore},
		{line{"Would you like to see the {thing} in person first?", chat | goods}, topicSeeFirst},
		{line{"Would you like to come and see the place first?", chat | housing}, topicSeeFirst},
		{line{"Do you need the {thing} delivered?", chat | furniture}, topicDelivery},
		{line{"What will you use the {thing} for?", goods}, topicUse},
		{line{"When would you like to move in?", housing}, topicMoveIn},
		{line{"What brings you to the area?", housing}, topicWhyHere},
		{line{"Did you get a good look at the {thing}?", inPerson | goods}, topicLookedOver},
		{line{"What do you think of the place?", inPerson | housing}, topicLookedOver},
	},
	{
		{line{"Is the {thing} still in good working order?", working}, topicWorking},
		{line{"Is the {thing} in good condition?", furniture | otherGoods}, topicCondition},
		{line{"Are there any problems with the {thing} I should know about?", goods}, topicProblems},
		{line{"Is there anything about the place I should know?", housing}, topicProblems},
		{line{"Why are you selling the {thing}?", goods}, topicWhySelling},
		{line{"Why are you renting it out?", housing}, topicWhySelling},
		{line{"Could I come and see it this week?", chat}, topicVisit},
		{line{"How long have you had the {thing}?", goods}, topicHowLong},
		{line{"How long have you lived here?", inPerson | housing}, topicHowLong},
		{line{"Mind if I take a closer look at the {thing}?", inPerson | goods&^car}, topicCloserLook},
		{line{"Could I take it for a quick ride?", inPerson | bike}, topicTryIt},
		{line{"Could I try it out quickly?", inPerson | phone | electronics}, topicTryIt},
		{line{"What are the neighbours like?", housing}, topicNeighbours},
	},
}

// bargainAnswers answer the questions of each topic briefly, for the side
// that answers: the seller [0] the buyer's questions, the buyer [1] the
// seller's. They name no price, no number and nothing private, and agree
// to nothing, so the reader takes the turn's act for what it says.
var bargainAnswers = [topics][2][]line{
	topicWorking: {{
		{"The {thing} works just as it should.", 0},
		{"It runs well and everything works.", car},
		{"It shifts and brakes just as it should.", bike},
		{"Everything works, no faults at all.", phone | electronics},
	}},
	topicCondition: {{
		{"The {thing} is in good condition, only the usual wear.", 0},
		{"It's sturdy, with a few small marks from normal use.", furniture},
	}},
	topicProblems: {{
		{"Nothing beyond what the listing mentions about the {thing}.", goods},
		{"Only the usual wear and tear on the {thing}.", goods},
		{"Nothing I know of; it's a well-kept place.", housing},
	}},
	topicWhySelling: {{
		{"I don't use the {thing} as much as I used to.", goods},
		{"I'm making some space at home, and the {thing} has to go.", goods &^ car},
		{"I don't need the {thing} anymore, so it should go to someone who does.", goods},
		{"I've upgraded, so it's just sitting in a drawer.", phone | electronics},
		{"I'd rather it didn't sit empty while I'm away.", housing},
	}},
	topicVisit: {{
		{"Of course, just tell me when suits you to see the {thing}.", 0},
		{"Any evening is fine for the {thing}, just let me know.", 0},
	}},
	topicHowLong: {{
		{"I've had the {thing} a good while now.", goods},
		{"A while, and it's been reliable the whole time.", working},
		{"A good while, and I've liked it here.", housing},
	}},
	topicCloserLook: {{
		{"Go ahead, take your time with the {thing}.", 0},
		{"Please do, have a good look at the {thing}.", 0},
	}},
	topicTryIt: {{
		{"Go ahead, just around the block.", bike},
		{"Go ahead, try the {thing} however you like.", 0},
	}},
	topicNeighbours: {{
		{"Quiet and friendly, mostly.", 0},
		{"Easy to get along with.", 0},
	}},
	topicPickUp: {1: {
		{"Whenever suits you for the {thing}, really.", 0},
		{"Some time this week would be great for the {thing}.", 0},
	}},
	topicGettingHome: {1: {
		{"I'll manage, thanks, I came prepared.", 0},
		{"Thanks, a friend is helping me with it.", 0},
	}},
	topicHadBefore: {1: {
		{"I had a {thing} like it a while back.", 0},
		{"This would be my first {thing}, actually.", 0},
	}},
	topicSeeFirst: {1: {
		{"I'd like to see the {thing}, if it's no trouble.", 0},
		{"Seeing the {thing} first would be good, thanks.", 0},
	}},
	topicDelivery: {1: {
		{"I can collect the {thing} myself.", 0},
		{"I'll arrange getting the {thing} home myself, thanks.", 0},
	}},
	topicUse: {1: {
		{"The {thing} would be for everyday use, mostly.", 0},
		{"Mostly for getting around town.", bike},
		{"Getting to work and back, mostly.", car | bike},
		{"Just as my everyday phone.", phone},
		{"Nothing fancy, just at home.", electronics | furniture},
	}},
	topicMoveIn: {1: {
		{"As soon as it's free.", 0},
		{"Whenever it suits you, I'm flexible.", 0},
	}},
	topicWhyHere: {1: {
		{"I need somewhere closer to work.", 0},
		{"I've always liked this part of town.", 0},
	}},
	topicLookedOver: {1: {
		{"I did, and the {thing} looks about as described.", goods},
		{"I like it a lot.", housing},
		{"The {thing} is nicer than the photos.", 0},
	}},
}

// questionCues are the words that tell what a partner's question is about,
// for a question of the pools and for one a person or a model asks; by
// the side that asks.
var questionCues = [2][]struct {
	about   topic
	phrases []string
}{
	{
		{topicPickUp, []string{"pick it up", "pick up", "collect it"}},
		{topicGettingHome, []string{"getting it home", "get it home", "a hand getting"}},
		{topicHadBefore, []string{"had something like", "had one like", "had one before", "like this before"}},
		{topicSeeFirst, []string{"see it in person", "see the place first", "like to see it", "like to come and see", "in person first"}},
		{topicDelivery, []string{"delivered", "delivery"}},
		{topicUse, []string{"use it for", "will you use"}},
		{topicMoveIn, []string{"move in"}},
		{topicWhyHere, []string{"brings you"}},
		{topicLookedOver, []string{"good look at", "think of the place", "think of it"}},
	},
	{
		{topicWorking, []string{"working order", "does it work", "does it run", "work properly"}},
		{topicCondition, []string{"good condition", "what condition"}},
		{topicProblems, []string{"any problems", "anything wrong", "any issues", "should know"}},
		{topicWhySelling, []string{"why are you selling", "why are you renting", "why are you subletting", "why sell"}},
		{topicVisit, []string{"come and see", "come see", "could i see", "can i see"}},
		{topicHowLong, []string{"how long have you"}},
		{topicCloserLook, []string{"closer look"}},
		{topicTryIt, []string{"quick ride", "test ride", "try it"}},
		{topicNeighbours, []string{"neighbours", "neighbors"}},
	},
}

// askedAbout finds what the partner on side asker asked in text: the
// topic of its first question the cues recognise.
func askedAbout(text string, asker int) (topic, bool) {
	if strings.IndexByte(text, '?') < 0 {
		return 0, false
	}
	for _, s := range talk.Sentences(strings.ToLower(text)) {
		if !s.Question {
			continue
		}
		for _, c := range questionCues[asker] {
			for _, p := range c.phrases {
				if talk.HasPhrase(s.Text, p) {
					return c.about, true
				}
			}
		}
	}
	return 0, false
}
