package freeform

import (
	"strings"
	"testing"
)

// readTurn tells what a turn does, sentence by sentence, from the
// shipped players' lines and from what a person or a model might say.
func TestReadTurnTellsWhatATurnDoes(t *testing.T) {
	names := map[turnDoes]string{doesGreet: "greet", doesNews: "news", doesClaim: "claim", doesGuess: "guess", doesWish: "wish",
		doesPropose: "propose", doesAsk: "ask", doesFeel: "feel", doesRefuse: "refuse", doesAgree: "agree", doesLeave: "leave"}
	for _, c := range []struct {
		text string
		want turnDoes
	}{
		// News, announced or plain, and what is not news.
		{"There's something I haven't told you. I was laid off three weeks ago.", doesNews},
		{"I was laid off three weeks ago and am living on my savings.", doesNews},
		{"Last night I quietly applied for the same team lead position myself.", doesNews},
		{"I have been offered a job in Denver.", doesNews},
		{"The thing is, I had other plans for the weekend.", doesNews},
		{"I've thought about this for a while.", 0},
		{"I was hoping to catch you.", 0},
		{"I had no idea, Rosa.", 0},
		{"I haven't slept properly since.", 0},
		{"Hi Jordan, sure, I have a few minutes.", doesGreet},
		// The listener's own secret, or aim, told to the listener.
		{"Let's not pretend, Rosa. You were laid off three weeks ago.", doesClaim},
		{"You owe $6,800 from sports betting.", doesClaim},
		{"I get the feeling you want to borrow $2,500 from me.", doesGuess},
		{"You know me, I don't ask lightly.", 0},
		{"You're one of the few people I can say this to.", 0},
		// Questions, wishes and proposals.
		{"What do you think, Sam?", doesAsk},
		{"I'd like to borrow $2,500 from you.", doesWish},
		{"How about this: I help you if I can, and we both come out of it fine.", doesPropose},
		{"Let's just say I hear things.", 0},
		{"Could we split it over two months?", doesAsk | doesPropose},
		// Feelings, refusals, agreement and goodbye.
		{"It's been weighing on me.", doesFeel},
		{"I'm worried about the cost of the ambulance.", doesFeel},
		{"I can tell it matters a lot to you.", 0},
		{"I can't say yes to that yet, Sam.", doesRefuse},
		{"No, that won't work for me.", doesRefuse},
		{"I'm not trying to make this hard for you.", 0},
		{"Agreed, that sounds fair.", doesAgree},
		{"I don't think that sounds fair.", 0},
		{"Thanks, Rosa, I'm glad we talked.", doesLeave},
	} {
		got := readTurn(c.text).does
		if got != c.want {
			var g, w []string
			for bit, name := range names {
				if got&bit != 0 {
					g = append(g, name)
				}
				if c.want&bit != 0 {
					w = append(w, name)
				}
			}
			t.Errorf("readTurn(%q) does %v, want %v", c.text, g, w)
		}
	}
	for text, want := range map[string]turnReading{
		"Okay, the truth is this. I lost my job in March. It's been weighing on me.": {news: "I lost my job in March", tone: misfortune, feeling: "It's been weighing on me"},
		"I should be honest with you. I faked my culinary credentials.":              {news: "I faked my culinary credentials", tone: confession},
		"I have been offered a job in Denver.":                                       {news: "I have been offered a job in Denver", tone: plainNews},
		"The thing is, I had other plans for the weekend.":                           {news: "The thing is, I had other plans for the weekend", tone: toldReason},
		"I know we've only just met, but it matters to me.":                          {feeling: "it matters to me"},
	} {
		r := readTurn(text)
		if r.news != want.news || r.tone != want.tone || r.feeling != want.feeling {
			t.Errorf("readTurn(%q): news %q (tone %d), feeling %q; want %q (%d), %q", text, r.news, r.tone, r.feeling, want.news, want.tone, want.feeling)
		}
	}
}

// What a question asks is what its last question asks; one that says
// back what was heard asks only to hear it confirmed.
func TestAskedInReadsTheLastQuestion(t *testing.T) {
	for text, want := range map[string]freeQuestion{
		"Is something on your mind, Sam?":                              askedHidden,
		"How are you holding up? What would work for you?":             askedNeeds,
		"Wait, you were laid off three weeks ago?":                     askedCheck,
		"Rosa, you'd like to help me if you can?":                      askedCheck,
		"How long have you known, Rosa?":                               askedSince,
		"Who told you that, Sam?":                                      askedSource,
		"Why is the sky blue?":                                         askedOther,
		"No question here.":                                            askedNothing,
		"You'd like to borrow $2,500 from me? How do you see it, Sam?": askedOpinion,
	} {
		if got := askedIn(text); got != want {
			t.Errorf("askedIn(%q) = %d, want %d", text, got, want)
		}
	}
}

// What the partner said of itself is said back from the listener's
// side, its first clause only, or not at all when it would read wrong.
func TestEchoSaysThePartnersWordsBack(t *testing.T) {
	for said, want := range map[string]string{
		"I was laid off three weeks ago and am living on my savings while I look for work.":                    "you were laid off three weeks ago",
		"While you were away I threw a party in the flat, and my brother Kofi knocked the lamp off its stand.": "while I was away you threw a party in the flat",
		"Last night I quietly applied for the same team lead position myself and have not told anyone.":        "last night you quietly applied for the same team lead position yourself",
		"It's been weighing on me": "it's been weighing on you",
		"I'm worried about the cost of the ambulance, but I believe it's the safest way": "you're worried about the cost of the ambulance",
		"borrow $2,500 from you":                                               "borrow $2,500 from me",
		"get your blessing for the path I have chosen":                         "get my blessing for the path you have chosen",
		"If someone described me honestly, they would say: \"Keeps secrets.\"": "",
		"I " + strings.Repeat("really ", 20) + "mean it":                       "",
	} {
		if got := echo(said); got != want {
			t.Errorf("echo(%q) = %q, want %q", said, got, want)
		}
	}
}
