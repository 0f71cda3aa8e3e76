package scenario

import (
	"errors"
	"strings"
	"testing"
)

// validSotopia is a small scenario every broken case below starts from.
const validSotopia = `id: sotopia/test
title: A test
family: sotopia
setting: Two people talk.
relationship: friends
seats:
  - role: first
    character:
      name: Ann
      public: Ann teaches.
      goal: Talk.
    facts:
      - id: ann-secret
        kind: phrase
        text: Ann lost the keys.
        phrases: ["lost the keys"]
  - role: second
    character:
      name: Bob
      public: Bob cooks.
      goal: Listen.
`

const validCraigslist = `id: craigslist/test
title: A chair
family: craigslist
setting: A sale.
relationship: strangers
seats:
  - role: seller
    character: {name: Sam, public: Sells things., goal: Sell high.}
  - role: buyer
    character: {name: Bea, public: Buys things., goal: Buy low.}
craigslist:
  item: Chair
  category: furniture
  description: A chair.
  listing_price: 100
  seller: {target: 95, bottomline: 70}
  buyer: {target: 60, bottomline: 85}
`

const validFriends = `id: mutualfriends/test
title: Friends
family: mutualfriends
setting: Find the friend.
relationship: strangers
seats:
  - role: a
    character: {name: Ann, public: P., goal: Find.}
  - role: b
    character: {name: Bob, public: Q., goal: Find.}
mutualfriends:
  attributes: [school, hobby]
  lists:
    - - {name: Cara, values: {school: Yale, hobby: chess}}
      - {name: Dan, values: {school: MIT, hobby: golf}}
    - - {name: Cara, values: {school: Yale, hobby: chess}}
      - {name: Eve, values: {school: Rice, hobby: golf}}
`

func TestParseValid(t *testing.T) {
	for name, src := range map[string]string{"sotopia": validSotopia, "craigslist": validCraigslist, "friends": validFriends} {
		sc, err := Parse(name+".yaml", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if sc.MaxTurns != DefaultMaxTurns {
			t.Errorf("%s: max turns %d, want default %d", name, sc.MaxTurns, DefaultMaxTurns)
		}
	}
}

func TestParseBroken(t *testing.T) {
	cases := []struct {
		name     string
		src      string
		old, new string // replacement applied to src
		want     string // the full first error
	}{
		{
			name: "unknown key", src: validSotopia,
			old: "      public: Bob cooks.\n", new: "      public: Bob cooks.\n      nickname: Bobby\n",
			want: `broken.yaml:21:7: seats[1].character.nickname: unknown field "nickname"`,
		},
		{
			name: "unknown top-level key", src: validSotopia,
			old: "relationship: friends\n", new: "relationship: friends\ncolour: red\n",
			want: `broken.yaml:6:1: colour: unknown field "colour"`,
		},
		{
			name: "wrong type", src: validSotopia,
			old: "relationship: friends\n", new: "relationship: friends\nmax_turns: many\n",
			want: `broken.yaml:6:12: max_turns: must be a whole number (got string)`,
		},
		{
			name: "wrong type in a list", src: validCraigslist,
			old: "listing_price: 100", new: "listing_price: cheap",
			want: `broken.yaml:15:18: craigslist.listing_price: must be a number (got string)`,
		},
		{
			name: "a list for text", src: validCraigslist,
			old: "item: Chair", new: "item: [a, b]",
			want: `broken.yaml:12:9: craigslist.item: must be text (got a list)`,
		},
		{
			name: "unknown meeting", src: validCraigslist,
			old: "listing_price: 100", new: "listing_price: 100\n  meeting: phone",
			want: `broken.yaml:16:3: craigslist.meeting: must be chat or in-person (got "phone")`,
		},
		{
			name: "missing goal", src: validSotopia,
			old: "      goal: Listen.\n", new: "",
			want: `broken.yaml:18:5: seats[1].character.goal: is required`,
		},
		{
			name: "bad family", src: validSotopia,
			old: "family: sotopia", new: "family: poker",
			want: `broken.yaml:3:1: family: must be craigslist, dealornodeal, mutualfriends or sotopia (got "poker")`,
		},
		{
			name: "duplicate fact id", src: validSotopia,
			old: "      goal: Listen.\n", new: "      goal: Listen.\n    facts:\n      - {id: ann-secret, kind: phrase, text: Bob knows., phrases: [knows]}\n",
			want: `broken.yaml:23:10: seats[1].facts[0].id: "ann-secret" is already used at seats[0].facts[0]`,
		},
		{
			name: "seller bottomline above target", src: validCraigslist,
			old: "seller: {target: 95, bottomline: 70}", new: "seller: {target: 95, bottomline: 120}",
			want: `broken.yaml:16:24: craigslist.seller.bottomline: must not be above the seller's target (120 > 95)`,
		},
		{
			name: "yaml syntax error", src: validSotopia,
			old: "      goal: Listen.\n", new: "      goal: \"Listen.\n",
			want: `broken.yaml:21:13: seats[1].character.goal: could not find end character of double-quoted text`,
		},
		{
			name: "yaml bad indentation", src: validSotopia,
			old: "title: A test\n", new: "title: A test\n  family: sotopia\n",
			want: `broken.yaml:2:8: title: mapping value is not allowed in this context`,
		},
		{
			name: "another family's data", src: validSotopia,
			old: "relationship: friends\n", new: "relationship: friends\ndealornodeal: {items: [{name: book, count: 1}]}\n",
			want: `broken.yaml:6:1: dealornodeal: is only allowed in the dealornodeal family`,
		},
		{
			name: "two mutual friends", src: validFriends,
			old: "{name: Eve, values: {school: Rice, hobby: golf}}", new: "{name: Dan, values: {school: MIT, hobby: golf}}",
			want: `broken.yaml:13:3: mutualfriends.lists: must share exactly one identical friend (found 2)`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(c.src, c.old) {
				t.Fatalf("test case does not apply: %q not in source", c.old)
			}
			src := strings.Replace(c.src, c.old, c.new, 1)
			_, err := Parse("broken.yaml", []byte(src))
			if err == nil {
				t.Fatal("broken file accepted")
			}
			var le *LoadError
			if !errors.As(err, &le) || len(le.Problems) == 0 {
				t.Fatalf("want a *LoadError with problems, got %T: %v", err, err)
			}
			if got := le.Problems[0].Error(); got != c.want {
				t.Errorf("first problem:\n got %s\nwant %s", got, c.want)
			}
			for _, p := range le.Problems {
				if p.Line == 0 || p.Column == 0 || p.Field == "" {
					t.Errorf("problem without position or field: %s", p.Error())
				}
			}
		})
	}
}

func TestParseReportsEveryProblem(t *testing.T) {
	src := strings.Replace(validSotopia, "      goal: Talk.\n", "", 1)
	src = strings.Replace(src, "relationship: friends", "relationship: rivals", 1)
	_, err := Parse("broken.yaml", []byte(src))
	if err == nil {
		t.Fatal("broken file accepted")
	}
	msg := err.Error()
	for _, want := range []string{"broken.yaml:5:1: relationship:", "broken.yaml:8:5: seats[0].character.goal: is required"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error lacks %q:\n%s", want, msg)
		}
	}
}
