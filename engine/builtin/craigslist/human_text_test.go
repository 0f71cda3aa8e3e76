package craigslist

import (
	"testing"

	"github.com/omnigap/omnigap/engine/event"
)

// The utterances below are what a person playing a seat might type. The
// built-in players must read them: prices in any common form, agreement
// and final calls.

// The utterances below are what a person playing a seat might type. The
// built-in players must read them: prices in any common form, agreement
// and final calls, questions, negations, and the names and values of their
// own friend list, names with one typo.

func TestReadsHumanBargaining(t *testing.T) {
	type want struct {
		price        float64 // 0: no price
		final, agree bool
	}
	cases := []struct {
		text string
		want want
	}{
		// Prices in common forms.
		{"How about $450?", want{price: 450}},
		{"I could do 450 dollars.", want{price: 450}},
		{"would you take 450", want{price: 450}},
		{"450 bucks?", want{price: 450}},
		{"I can pay four fifty.", want{price: 450}},
		{"four hundred fifty and I'll pick it up today", want{price: 450}},
		{"four hundred and fifty, cash", want{price: 450}},
		{"Would you do 4 hundred?", want{price: 400}},
		{"I'd go to $420.", want{price: 420}},
		{"$420.00 is what I have", want{price: 420}},
		{"420.5 then", want{price: 420.5}},
		{"I was thinking 0.4k", want{price: 400}},
		{"three eighty?", want{price: 380}},
		{"three hundred eighty", want{price: 380}},
		{"Could you meet me at three seventy five?", want{price: 375}},
		{"How does $375 sound", want{price: 375}},
		{"you asked 500 but I can only do 400", want{price: 400}},
		{"maybe 400-420?", want{price: 420}},
		{"I'd pay around 410ish", want{}},
		{"is it still available?", want{}},
		{"what year is it, and how many miles?", want{}},
		{"I've been riding for 2 years", want{}},
		{"it's my 3rd bike", want{}},
		{"can you do 10% off?", want{}},
		{"I can come at 10am tomorrow", want{}},
		{"Let me think about it.", want{}},
		{"Too much for me.", want{}},
		// Final calls.
		{"$430 is my final offer.", want{price: 430, final: true}},
		{"430 is the most I can pay", want{price: 430, final: true}},
		{"I can't go above 430.", want{price: 430, final: true}},
		{"cannot go higher than four thirty", want{price: 430, final: true}},
		{"four thirty, take it or leave it", want{price: 430, final: true}},
		{"My absolute limit is $430", want{price: 430, final: true}},
		{"bottom line: 430", want{price: 430, final: true}},
		{"that's the best I can do, 430", want{price: 430, final: true}},
		{"I won't go past 430", want{price: 430, final: true}},
		// Agreement.
		{"Deal!", want{agree: true}},
		{"ok", want{agree: true}},
		{"Okay, sounds good.", want{agree: true}},
		{"Sure, works for me", want{agree: true}},
		{"yes", want{agree: true}},
		{"agreed", want{agree: true}},
		{"you got it", want{agree: true}},
		{"I accept.", want{agree: true}},
		{"It's a deal then.", want{agree: true}},
		// Not agreement.
		{"no deal", want{}},
		{"No, that doesn't work for me.", want{}},
		{"not ok", want{}},
		{"I don't think that's a deal.", want{}},
		{"no way", want{}},
		{"ok but $400 is my max", want{price: 400}},
		{"sure, $410?", want{price: 410}},
		{"Hmm, I'm not sure.", want{}},
		{"nope", want{}},
		{"never mind", want{}},
		{"I'll pass", want{}},
		{"Hi! I'm interested in the bike.", want{}},
		{"Can I see it first?", want{}},
		{"Does it come with the lights?", want{}},
		{"I could also pay twelve hundred for both", want{price: 1200}},
	}
	for _, c := range cases {
		m := readBargainMove(event.Action{Type: event.Speak, Text: c.text}, 500)
		got := want{final: m.final, agree: m.agree}
		if m.hasPrice {
			got.price = m.price
		}
		if got != c.want {
			t.Errorf("%q read as %+v, want %+v", c.text, got, c.want)
		}
	}
	t.Logf("%d bargaining utterances", len(cases))
}
