package generate

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/scenario"
)

// reparse writes sc as a scenario file would be written (family data, no
// derived facts) and loads it back, so it passes the same validation.
func reparse(t *testing.T, sc *scenario.Scenario) *scenario.Scenario {
	t.Helper()
	file := *sc
	file.Seats = append([]scenario.Seat(nil), sc.Seats...)
	for i := range file.Seats {
		file.Seats[i].Facts = nil
	}
	file.EnvFacts, file.PublicFacts = nil, nil
	data, err := yaml.Marshal(&file)
	if err != nil {
		t.Fatal(err)
	}
	back, err := scenario.Parse(sc.ID+".yaml", data)
	if err != nil {
		t.Fatalf("%s does not validate: %v\n%s", sc.ID, err, data)
	}
	return back
}

func TestGeneratedScenariosValidate(t *testing.T) {
	for seed := int64(0); seed < 200; seed++ {
		for _, sc := range []*scenario.Scenario{Craigslist(seed), MutualFriends(seed)} {
			back := reparse(t, sc)
			if !reflect.DeepEqual(back.Facts(), sc.Facts()) {
				t.Fatalf("%s: facts differ after a round trip through YAML", sc.ID)
			}
		}
	}
}

func TestGeneratorsAreDeterministic(t *testing.T) {
	for _, seed := range []int64{1, 7, 42, -3} {
		if !reflect.DeepEqual(Craigslist(seed), Craigslist(seed)) {
			t.Errorf("Craigslist(%d) differs between calls", seed)
		}
		if !reflect.DeepEqual(MutualFriends(seed), MutualFriends(seed)) {
			t.Errorf("MutualFriends(%d) differs between calls", seed)
		}
	}
	if got := Craigslist(42).ID; got != "craigslist/gen-42" {
		t.Errorf("id = %q", got)
	}
	if got := MutualFriends(7).ID; got != "mutualfriends/gen-7" {
		t.Errorf("id = %q", got)
	}
	if reflect.DeepEqual(Craigslist(1).Data, Craigslist(2).Data) {
		t.Error("seeds 1 and 2 give the same listing")
	}
}

func TestCraigslistPrices(t *testing.T) {
	const n = 2000
	zones := 0
	shares := map[float64]int{}
	categories := map[string]bool{}
	for seed := int64(1); seed <= n; seed++ {
		sc := Craigslist(seed)
		l := cl.ListingOf(sc)
		categories[l.Category] = true
		all := []float64{l.ListingPrice, l.Seller.Target, l.Seller.Bottomline, l.Buyer.Target, l.Buyer.Bottomline}
		for i, a := range all {
			if a != math.Round(a) || a <= 0 {
				t.Fatalf("%s: price %v is not a positive whole number of dollars", sc.ID, a)
			}
			for _, b := range all[i+1:] {
				if math.Abs(a-b) <= 1 {
					t.Fatalf("%s: prices %v and %v are within a dollar", sc.ID, a, b)
				}
			}
		}
		if l.Seller.Target >= l.ListingPrice || l.Seller.Bottomline >= l.Seller.Target || l.Buyer.Bottomline <= l.Buyer.Target {
			t.Fatalf("%s: prices out of order: %+v", sc.ID, l)
		}
		if l.Buyer.Bottomline > l.Seller.Bottomline {
			zones++
		}
		share := math.Round(l.Buyer.Target/l.ListingPrice*10) / 10
		shares[share]++
		if sc.Seats[cl.SellerSeat].Role != "seller" || sc.Relationship != scenario.Strangers || sc.MaxTurns != 20 {
			t.Fatalf("%s: wrong seats, relationship or turn limit", sc.ID)
		}
	}
	if rate := float64(zones) / n; rate < 0.92 || rate > 0.98 {
		t.Errorf("zone of agreement in %.3f of listings, want about 0.95", rate)
	}
	for _, s := range buyerTargetShares {
		if shares[s] < n/5 {
			t.Errorf("buyer target share %.1f drawn %d times in %d", s, shares[s], n)
		}
	}
	if len(categories) < 6 {
		t.Errorf("only %d categories drawn", len(categories))
	}
}

func TestMutualFriendsHaveExactlyOneMutualFriend(t *testing.T) {
	for seed := int64(1); seed <= 1000; seed++ {
		f := mf.ListsOf(MutualFriends(seed))
		if got := f.MutualCount(); got != 1 {
			t.Fatalf("seed %d: %d mutual friends", seed, got)
		}
		n := len(f.Lists[0])
		if n < 5 || n > 12 || len(f.Lists[1]) != n {
			t.Fatalf("seed %d: list sizes %d and %d", seed, n, len(f.Lists[1]))
		}
		if len(f.Attributes) != 3 {
			t.Fatalf("seed %d: %d attributes", seed, len(f.Attributes))
		}
		firsts := map[string]int{}
		for _, list := range f.Lists {
			for _, fr := range list {
				firsts[strings.Fields(fr.Name)[0]]++
			}
		}
		i, _ := f.Mutual()
		mutualFirst := strings.Fields(f.Lists[0][i].Name)[0]
		for first, c := range firsts {
			if c > 1 && first != mutualFirst {
				t.Fatalf("seed %d: first name %s appears %d times", seed, first, c)
			}
		}
	}
}

// Each seat's values follow its own distribution: over many scenarios, the
// most common value of a column differs between the seats' lists most of
// the time.
func TestMutualFriendsListsAreSkewedPerSeat(t *testing.T) {
	differ, total := 0, 0
	for seed := int64(1); seed <= 300; seed++ {
		f := mf.ListsOf(MutualFriends(seed))
		for _, a := range f.Attributes {
			if a == "time" || a == "location" {
				continue
			}
			total++
			if mode(f.Lists[0], a) != mode(f.Lists[1], a) {
				differ++
			}
		}
	}
	if float64(differ) < 0.7*float64(total) {
		t.Errorf("most common value differs between seats in %d of %d columns", differ, total)
	}
}

func mode(list []mf.Friend, attr string) string {
	counts := map[string]int{}
	best := ""
	for _, fr := range list {
		v := fr.Values[attr]
		counts[v]++
		if counts[v] > counts[best] || (counts[v] == counts[best] && v < best) {
			best = v
		}
	}
	return best
}

func TestValueListsAreRichAndDoNotOverlap(t *testing.T) {
	var words []string
	for _, a := range attributes {
		if len(a.values) < 30 && a.name != "time" && a.name != "location" {
			t.Errorf("attribute %s has only %d values", a.name, len(a.values))
		}
		words = append(words, a.values...)
	}
	if len(attributes) < 6 {
		t.Errorf("only %d attributes", len(attributes))
	}
	words = append(words, firstNames...)
	words = append(words, lastNames...)
	for i, a := range words {
		for j, b := range words {
			if i != j && containsWords(strings.ToLower(b), strings.ToLower(a)) {
				t.Errorf("%q is a whole-word part of %q", a, b)
			}
		}
	}
}

// containsWords reports whether phrase occurs in s as whole words.
func containsWords(s, phrase string) bool {
	sw, pw := strings.Fields(s), strings.Fields(phrase)
	for i := 0; i+len(pw) <= len(sw); i++ {
		if reflect.DeepEqual(sw[i:i+len(pw)], pw) {
			return true
		}
	}
	return false
}

// That exactly one friend is shared is the environment's to know: no
// seat's setting or goal says so.
func TestMutualFriendsSeatsAreNotToldTheCount(t *testing.T) {
	for seed := int64(1); seed <= 50; seed++ {
		sc := MutualFriends(seed)
		texts := []string{sc.Setting}
		for _, s := range sc.Seats {
			texts = append(texts, s.Character.Goal)
		}
		for _, text := range texts {
			if l := strings.ToLower(text); strings.Contains(l, "exactly one") || strings.Contains(l, "the one friend") || strings.Contains(l, "only one") {
				t.Fatalf("seed %d tells the seats how many friends are shared: %q", seed, text)
			}
		}
	}
}
