// Package derive finds the private facts a scenario's text holds beyond
// those it lists: amounts and names in the seats' goals and secrets
// (GoalFacts), and what each seat was told besides (ToldFacts). The
// free-form family derives them; the annotator reads them as facts.
package derive

import (
	"fmt"
	"math"
	"strings"
	"unicode"

	"github.com/omnigap/omnigap/engine/amount"
	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/words"
)

// GoalFacts finds the facts hidden in the seats' goals and secrets: one
// per amount or proper name in them that nothing shared and nothing the
// partner is told already mentions, and no fact of sc already covers (the
// sum a character wants to borrow, the name of the person it hides). The
// free-form family derives them.
func GoalFacts(sc *scenario.Scenario) []scenario.Fact {
	facts := WithFirstNames(sc.Facts())
	shared := sharedText(sc)
	known := match.Compile(facts)
	var found []scenario.Fact
	for seat := range sc.Seats {
		ch := sc.Seats[seat].Character
		private := ch.Goal + "\n" + ch.Secret
		partner := sc.Seats[scenario.Partner(seat)].Character
		theirs := partner.Goal + "\n" + partner.Secret
		for _, v := range amount.Amounts(private) {
			// The id keeps the amount's bare digits ("seat0-amount-5000"),
			// the same however Money groups them.
			id := fmt.Sprintf("seat%d-amount-%s", seat, strings.NewReplacer("$", "", ",", "").Replace(scenario.Money(v)))
			if v < 10 || known.Covers(v) || mentions(shared, v) || mentions(theirs, v) || hasID(facts, id) || hasID(found, id) {
				continue
			}
			n := v
			found = append(found, scenario.Fact{ID: id, Owner: scenario.Owner(seat), Kind: scenario.FactPrice,
				Number: &n, Tolerance: 0.5, Text: "An amount in the goal: " + scenario.Money(v) + ".", Derived: true})
		}
		for _, name := range words.ProperNames(private) {
			id := fmt.Sprintf("seat%d-name-%s", seat, strings.ToLower(name))
			if calendarWords[strings.ToLower(name)] || partOfKnownName(private, name, known) ||
				containsWord(shared, name) || containsWord(theirs, name) || hasID(facts, id) || hasID(found, id) {
				continue
			}
			typ := scenario.TypeSecret // a name the secret gives
			if containsWord(ch.Goal, name) {
				typ = scenario.TypeExtra // a name the goal's information gives
			}
			found = append(found, scenario.Fact{ID: id, Owner: scenario.Owner(seat), Kind: scenario.FactName, Type: typ,
				Phrases: []string{name}, Text: "A name in the goal: " + name + ".", Derived: true})
		}
	}
	return found
}

// WithFirstNames lets a first name alone name a person whose fact lists
// only the full name, as people say "Nina" for Nina Park.
func WithFirstNames(facts []scenario.Fact) []scenario.Fact {
	for i, f := range facts {
		if f.Kind != scenario.FactName || len(f.Aliases) > 0 || len(f.Phrases) != 1 {
			continue
		}
		if parts := strings.Fields(f.Phrases[0]); len(parts) > 1 {
			facts[i].Aliases = []string{parts[0]}
		}
	}
	return facts
}

// sharedText is what both seats read in every mode: the setting, the names
// and the public profiles.
func sharedText(sc *scenario.Scenario) string {
	parts := []string{sc.Title, sc.Setting}
	for _, s := range sc.Seats {
		parts = append(parts, s.Role, s.Character.Name, s.Character.Public)
	}
	for _, f := range sc.PublicFacts {
		parts = append(parts, f.Text)
	}
	return strings.Join(parts, "\n")
}

func mentions(text string, v float64) bool {
	for _, n := range amount.Amounts(text) {
		if math.Abs(n-v) <= 0.5 {
			return true
		}
	}
	return false
}

func containsWord(text, w string) bool {
	for _, t := range words.Split(text) {
		if t == strings.ToLower(w) {
			return true
		}
	}
	return false
}

func hasID(facts []scenario.Fact, id string) bool {
	for _, f := range facts {
		if f.ID == id {
			return true
		}
	}
	return false
}

// calendarWords are capitalised but name no one: "answer by Friday".
var calendarWords = words.WordSet(`monday tuesday wednesday thursday friday saturday sunday january february march april
	may june july august september october november december`)

// partOfKnownName reports whether name is a fact already, or a word of a
// longer name whose other words are ("Labs" in "Northwind Labs" when
// Northwind is a fact): the name's own fact says it.
func partOfKnownName(text, name string, known *match.Matcher) bool {
	if len(known.Find(name)) > 0 {
		return true
	}
	ws := strings.Fields(text)
	for i, w := range ws {
		if strings.TrimRight(w, ".,;:!?'’") != name {
			continue
		}
		for _, j := range []int{i - 1, i + 1} {
			if j >= 0 && j < len(ws) {
				other := strings.Trim(ws[j], ".,;:!?'’\"()")
				if r := []rune(other); len(r) > 1 && unicode.IsUpper(r[0]) && len(known.Find(other)) > 0 {
					return true
				}
			}
		}
	}
	return false
}
