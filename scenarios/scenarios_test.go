package scenarios

import (
	"fmt"
	"io/fs"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// loadAll parses every embedded file, failing the test on any error.
func loadAll(t *testing.T) map[string]*scenario.Scenario {
	t.Helper()
	names, err := fs.Glob(Files, "*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatal("no scenario files embedded")
	}
	out := map[string]*scenario.Scenario{}
	for _, name := range names {
		data, err := fs.ReadFile(Files, name)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := scenario.Parse(name, data)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		out[name] = sc
	}
	return out
}

func TestFilesParseWithMatchingIDs(t *testing.T) {
	ids := map[string]string{}
	for name, sc := range loadAll(t) {
		if want := strings.ReplaceAll(sc.ID, "/", "-") + ".yaml"; name != want {
			t.Errorf("%s: id %q belongs in %s", name, sc.ID, want)
		}
		if fam := strings.SplitN(sc.ID, "/", 2)[0]; fam != string(sc.Family) {
			t.Errorf("%s: id %q should start with its family %q", name, sc.ID, sc.Family)
		}
		if strings.Contains(sc.ID, "/gen-") {
			t.Errorf("%s: id %q uses the prefix reserved for generated scenarios", name, sc.ID)
		}
		if other, dup := ids[sc.ID]; dup {
			t.Errorf("%s: id %q already used by %s", name, sc.ID, other)
		}
		ids[sc.ID] = name
	}
	if _, ok := ids["craigslist/road-bike"]; !ok {
		t.Error("the default scenario craigslist/road-bike is missing")
	}
}

func TestLibraryShape(t *testing.T) {
	count := map[scenario.Family]int{}
	noDeal := 0
	categories := map[string]bool{}
	for name, sc := range loadAll(t) {
		count[sc.Family]++
		if sc.MaxTurns != scenario.DefaultMaxTurns {
			t.Errorf("%s: max_turns %d, want %d", name, sc.MaxTurns, scenario.DefaultMaxTurns)
		}
		for i, seat := range sc.Seats {
			c := seat.Character
			if c.Public == "" || c.Personality == "" {
				t.Errorf("%s: seat %d needs a public profile and a personality", name, i)
			}
		}
		switch sc.Family {
		case scenario.Craigslist:
			l := craigslist.ListingOf(sc)
			categories[l.Category] = true
			if sc.Relationship != scenario.Strangers {
				t.Errorf("%s: Craigslist parties should be strangers", name)
			}
			if l.Seller.Bottomline >= l.Buyer.Bottomline {
				noDeal++
			}
			prices := []float64{l.ListingPrice, l.Seller.Target, l.Seller.Bottomline, l.Buyer.Target, l.Buyer.Bottomline}
			for i := range prices {
				for j := i + 1; j < len(prices); j++ {
					if math.Abs(prices[i]-prices[j]) <= 1 {
						t.Errorf("%s: prices %v and %v are too close to tell apart", name, prices[i], prices[j])
					}
				}
			}
			if l.Seller.Target > l.ListingPrice {
				t.Errorf("%s: seller target above the listing price", name)
			}
		case scenario.Sotopia:
			if sc.Relationship == scenario.Strangers {
				t.Errorf("%s: free-form scenarios should have a relationship", name)
			}
			for i, seat := range sc.Seats {
				if seat.Character.Secret == "" {
					t.Errorf("%s: seat %d has no secret", name, i)
				}
				if len(seat.Facts) == 0 {
					t.Errorf("%s: seat %d owns no facts", name, i)
				}
			}
		case scenario.MutualFriends:
			checkFirstNames(t, name, sc)
		}
	}
	if count[scenario.Craigslist] < 6 || count[scenario.Sotopia] < 4 || count[scenario.MutualFriends] < 1 {
		t.Errorf("library too small: %v", count)
	}
	if len(categories) < 6 {
		t.Errorf("Craigslist scenarios cover %d categories, want 6", len(categories))
	}
	if noDeal > 1 {
		t.Errorf("%d Craigslist scenarios have no zone of agreement, want at most 1", noDeal)
	}
}

// TestViewsHideAndShowFacts runs a simple matcher (the words of a phrase or
// alias in one sentence, numbers with a margin) over rendered views: an AGENTS view
// holds none of the partner's or the environment's facts, a MINDREADERS
// view holds all of the partner's, and every fact matches its own text.
func TestViewsHideAndShowFacts(t *testing.T) {
	for name, sc := range loadAll(t) {
		for _, f := range sc.Facts() {
			if !mentions(f.Text, f) {
				t.Errorf("%s: fact %s is not recognisable in its own text %q", name, f.ID, f.Text)
			}
		}
		for seat := 0; seat < 2; seat++ {
			partner := scenario.Partner(seat)
			agents := view.For(sc, view.Agents, seat).Render()
			minds := view.For(sc, view.Mindreaders, seat).Render()
			hidden := append([]scenario.Fact{}, sc.Seats[partner].Facts...)
			if sc.Family != scenario.MutualFriends {
				// The mutual friend's name sits in both lists by design.
				hidden = append(hidden, sc.EnvFacts...)
			}
			for _, f := range hidden {
				if mentions(agents, f) {
					t.Errorf("%s: seat %d's AGENTS view reveals %s (%s)", name, seat, f.ID, f.Text)
				}
			}
			for _, f := range sc.Seats[partner].Facts {
				if !mentions(minds, f) {
					t.Errorf("%s: seat %d's MINDREADERS view lacks %s", name, seat, f.ID)
				}
			}
		}
	}
}

// checkFirstNames wants 5 to 12 friends a side and every first name used
// once, the mutual friend aside, so a first name alone identifies a person.
func checkFirstNames(t *testing.T, name string, sc *scenario.Scenario) {
	t.Helper()
	lists := mutualfriends.ListsOf(sc)
	i, _ := lists.Mutual()
	mutual := lists.Lists[0][i].Name
	seen := map[string]bool{}
	for _, seat := range sc.Seats {
		seen[strings.Fields(seat.Character.Name)[0]] = true
	}
	for side, list := range lists.Lists {
		if len(list) < 5 || len(list) > 12 {
			t.Errorf("%s: list %d has %d friends, want 5 to 12", name, side, len(list))
		}
		for _, fr := range list {
			if fr.Name == mutual && side == 1 {
				continue
			}
			first := strings.Fields(fr.Name)[0]
			if seen[first] {
				t.Errorf("%s: first name %s is used twice", name, first)
			}
			seen[first] = true
		}
	}
}

func TestMentions(t *testing.T) {
	n := 6800.0
	price := scenario.Fact{Kind: scenario.FactPrice, Number: &n, Tolerance: 50}
	phrase := scenario.Fact{Kind: scenario.FactPhrase, Phrases: []string{"laid off"}, Aliases: []string{"Kofi"}}
	for _, c := range []struct {
		text string
		f    scenario.Fact
		want bool
	}{
		{"I owe $6,800.", price, true},
		{"about 6.8k now", price, true},
		{"6820 dollars", price, true},
		{"only $680", price, false},
		{"I was LAID  off.", phrase, true},
		{"the layoffs", phrase, false},
		{"Off work, I was laid up.", phrase, true},
		{"I was laid up. Off I went.", phrase, false},
		{"ask kofi", phrase, true},
		{"Kofifi", phrase, false},
	} {
		if got := mentions(c.text, c.f); got != c.want {
			t.Errorf("mentions(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

var numberRE = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?(?:\s*[kK]\b)?`)

// mentions is a deliberately eager matcher, so that a pass here leaves
// room for the real annotator's choices.
func mentions(text string, f scenario.Fact) bool {
	if f.Number != nil {
		margin := math.Max(f.Tolerance, 1)
		for _, m := range numberRE.FindAllString(text, -1) {
			if v, ok := parseNumber(m); ok && math.Abs(v-*f.Number) <= margin {
				return true
			}
		}
		if f.Kind == scenario.FactPrice {
			return false
		}
	}
	// A phrase counts when all its words occur in one sentence, in any
	// order: eager on purpose.
	for _, sentence := range sentenceRE.Split(text, -1) {
		words := map[string]bool{}
		for _, w := range wordRE.FindAllString(strings.ToLower(sentence), -1) {
			words[strings.TrimSuffix(w, "'s")] = true
		}
		for _, p := range slices.Concat(f.Phrases, f.Aliases, f.Together) { // a together word alone too: eager
			all := true
			for _, w := range wordRE.FindAllString(strings.ToLower(p), -1) {
				all = all && words[w]
			}
			if all {
				return true
			}
		}
	}
	return false
}

var (
	sentenceRE = regexp.MustCompile(`[.!?\n]+(\s|$)`)
	wordRE     = regexp.MustCompile(`[\pL\pN]+(?:'[\pL]+)?`)
)

func parseNumber(s string) (float64, bool) {
	mult := 1.0
	s = strings.TrimSpace(s)
	if strings.HasSuffix(strings.ToLower(s), "k") {
		mult, s = 1000, strings.TrimSpace(s[:len(s)-1])
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	return v * mult, err == nil
}

// TestDocExamples keeps docs/SCENARIOS.md honest: every YAML example in it
// parses, and the full example is the default scenario's file.
func TestDocExamples(t *testing.T) {
	doc, err := os.ReadFile("../docs/SCENARIOS.md")
	if err != nil {
		t.Skip("docs/SCENARIOS.md not found:", err)
	}
	blocks := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllSubmatch(doc, -1)
	if len(blocks) < 2 {
		t.Fatalf("found %d YAML examples, want a full and a short one", len(blocks))
	}
	for i, b := range blocks {
		if _, err := scenario.Parse(fmt.Sprintf("SCENARIOS.md example %d", i+1), b[1]); err != nil {
			t.Errorf("%v", err)
		}
	}
	file, err := fs.ReadFile(Files, "craigslist-road-bike.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if string(blocks[0][1]) != string(file) {
		t.Error("the full example in docs/SCENARIOS.md differs from scenarios/craigslist-road-bike.yaml")
	}
}

// TestSecretsHaveParaphrases: every secret of a built-in free-form
// scenario (its authored name and phrase facts) comes with paraphrases,
// the other ways a person would let it out.
func TestSecretsHaveParaphrases(t *testing.T) {
	n := 0
	for name, sc := range loadAll(t) {
		if sc.Family != scenario.Sotopia {
			continue
		}
		for _, f := range sc.Facts() {
			if f.Derived || f.Kind == scenario.FactPrice || f.Owner == scenario.OwnerPublic {
				continue
			}
			n++
			if len(f.Paraphrases) == 0 {
				t.Errorf("%s: %s has no paraphrases", name, f.ID)
			}
		}
	}
	if n == 0 {
		t.Fatal("no free-form secrets: the test checks nothing")
	}
}
