package craigslist

import (
	"fmt"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/amount"
	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/generate"
)

func TestLastPrice(t *testing.T) {
	cases := []struct {
		text    string
		listing float64
		want    float64
		ok      bool
	}{
		{"How about $450?", 500, 450, true},
		{"I could do 450 dollars", 500, 450, true},
		{"would you take 450", 500, 450, true},
		{"$1,200 is my limit", 1500, 1200, true},
		{"I'd pay 1.2k", 1500, 1200, true},
		{"You said $500 but I can do $420.", 500, 420, true},
		{"It has 118k miles and I've had it 2 years", 300, 0, false},
		{"$5.50 for the cable", 5, 5.5, true},
		{"It's a 4x4 in good shape", 6000, 0, false},
		{"no numbers here", 500, 0, false},
		{"42 bucks", 150, 42, true},
		{"42 bucks for a bike listed at 500 is no offer", 500, 500, true},
		{"I can do four fifty", 500, 450, true},
		{"twelve hundred, cash today", 1500, 1200, true},
		{"somewhere in the 450-480 range", 500, 480, true},
	}
	for _, c := range cases {
		got, ok := lastPrice(c.text, c.listing)
		if ok != c.ok || got != c.want {
			t.Errorf("lastPrice(%q) = %v, %v; want %v, %v", c.text, got, ok, c.want, c.ok)
		}
	}
}

// Every line the bots can say reads back as what it means: offers carry
// their price, only final calls and ultimatums sound final.
func TestOwnLinesReadBack(t *testing.T) {
	for _, scene := range scenes() {
		pl := poolsFor(scene)
		for act, sides := range pl.acts {
			for side, lines := range sides {
				if len(lines) == 0 {
					t.Errorf("scene %b: act %d side %d has no sentence", scene, act, side)
				}
				for _, l := range lines {
					text := talk.Render(l, talk.Slots{Price: "$450", Item: "road bike"})
					m := readBargainMove(event.Action{Type: event.Speak, Text: text}, 500)
					a := bargainAct(act)
					wantPrice := a != actAccept && a != actLeave && a != actStall
					if m.hasPrice != wantPrice || (wantPrice && m.price != 450) {
						t.Errorf("act %d side %d %q: price %v %v", act, side, text, m.price, m.hasPrice)
					}
					if m.final != (a == actFinalCall || a == actUltimatum) {
						t.Errorf("act %d side %d %q: final = %v", act, side, text, m.final)
					}
					if a == actAccept && !m.agree {
						t.Errorf("%q does not read as agreement", text)
					}
				}
			}
		}
		// What goes with the act's sentence names no number but the
		// act's own price, sounds final in no way and agrees to nothing,
		// so a turn reads as its act: a reject that answers a question
		// still reads as a reject. What takes in the partner's price
		// comes before the act's sentence, whose price is the turn's last.
		support := map[string][2][]string{"question": pl.questions}
		for name, pool := range map[string][2]sentences{"reason": pl.reasons, "small talk": pl.smallTalk, "firm": pl.firm,
			"moved": pl.moved, "after the deal": pl.after} {
			support[name] = [2][]string{pool[0].all, pool[1].all}
		}
		for about, answers := range pl.answers {
			support[fmt.Sprintf("answer %d", about)] = answers
		}
		for side, pools := range pl.outOfReach {
			for again, pool := range pools {
				support[fmt.Sprintf("out of reach %d %d", side, again)] = pool
			}
		}
		for name, sides := range support {
			for _, lines := range sides {
				for _, l := range lines {
					text := strings.ToLower(talk.Render(l, talk.Slots{Price: "$450", Offer: "$380", Thing: "bike"}))
					for _, n := range amount.Amounts(text) {
						if n != 450 && (n != 380 || !strings.HasPrefix(name, "out of reach")) {
							t.Errorf("%s %q names a price other than the turn's own", name, l)
						}
					}
					if finalCues.In(text) || agreeCues.In(text) {
						t.Errorf("%s %q reads as a final call or agreement", name, l)
					}
				}
			}
		}
	}
}

func TestItemNameReadsInASentence(t *testing.T) {
	for title, want := range map[string]string{
		"Antique Oak Accent Table":                    "antique oak accent table",
		"Bell'O TV Stand - Black Glass and Wood Trim": "Bell'O TV stand",
		"Italian Leather Loveseat":                    "Italian leather loveseat",
		"BMW Z3":                                      "BMW Z3",
		"47 inch LED TV":                              "47 inch LED TV",
		"road bike":                                   "road bike",
		"Dresser and Matching Night Stand":            "dresser and matching night stand",
		"brand new 64GB Samsung Galaxy S8":            "brand new 64GB Samsung Galaxy S8",
		"Google Pixel 7, 128 GB, unlocked":            "Google Pixel 7, 128 GB, unlocked",
		"Technics SL-1200 MK2 turntable":              "Technics SL-1200 MK2 turntable",
		"Samsung galaxy s6 edge":                      "Samsung galaxy s6 edge",
		"Apple iPhone 6 with two cases":               "Apple iPhone 6 with two cases",
		"Trek 300 FX Bike":                            "Trek 300 FX bike",
		"Lugged steel road bike":                      "lugged steel road bike",
		"Six-drawer dresser":                          "six-drawer dresser",
		"Vintage Schwinn Collegiate":                  "vintage Schwinn Collegiate",
	} {
		if got := itemName(&cl.PublicListing{Item: title}); got != want {
			t.Errorf("itemName(%q) = %q, want %q", title, got, want)
		}
	}
	// Generated listings sell ordinary things, said in lower case.
	for seed := int64(1); seed <= 300; seed++ {
		item := cl.ListingOf(generate.Craigslist(seed)).Item
		if got := itemName(&cl.PublicListing{Item: item}); got[0] >= 'A' && got[0] <= 'Z' {
			t.Errorf("itemName(%q) = %q", item, got)
		}
	}
}

// The listing is quoted by a sentence that says something, not a label.
func TestQuotedSentenceSaysSomething(t *testing.T) {
	for desc, want := range map[string]string{
		"Monthly rent. Laundry in the building, walk to the train, cats allowed.": "Laundry in the building, walk to the train, cats allowed.",
		"Lugged steel road bike, 56 cm frame. A few scuffs.":                      "Lugged steel road bike, 56 cm frame.",
		"Barely used": "Barely used.",
		"":            "",
	} {
		if got := firstSentence(&cl.PublicListing{Description: desc}); got != want {
			t.Errorf("firstSentence(%q) = %q, want %q", desc, got, want)
		}
	}
}
