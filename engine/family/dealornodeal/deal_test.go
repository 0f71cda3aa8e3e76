package dealornodeal

import (
	"os"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/scenario"
)

// dealFile is a small Deal-or-No-Deal scenario (read by
// engine/scenario's clone test too).
var dealFile = func() string {
	data, err := os.ReadFile("testdata/books.yaml")
	if err != nil {
		panic(err)
	}
	return string(data)
}()

func TestDealFacts(t *testing.T) {
	sc, err := scenario.Parse("deal.yaml", []byte(dealFile))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, f := range sc.Facts() {
		ids = append(ids, f.ID)
	}
	// Books are worth 2 to both: no fact, since either side's own value
	// would read as the other's.
	if got := strings.Join(ids, " "); got != "seat0-value-hat seat1-value-hat" {
		t.Errorf("facts %s", got)
	}
	if d := DealOf(sc); d.Points(1, d.Rest(Split{"book": 3})) != 6 {
		t.Errorf("seat 1 taking the hats scores %d, want 6", d.Points(1, d.Rest(Split{"book": 3})))
	}
}

func TestDealProblems(t *testing.T) {
	bad := strings.Replace(dealFile, "- {book: 2, hat: 3}", "- {book: 2, cup: 3}", 1)
	_, err := scenario.Parse("deal.yaml", []byte(bad))
	if err == nil {
		t.Fatal("a value for an item not on the table was accepted")
	}
	for _, want := range []string{"dealornodeal.values[1]: needs a value for hat", "dealornodeal.values[1].cup: is not an item on the table"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

func TestDealSplitsAreBounded(t *testing.T) {
	many := strings.Replace(dealFile, "items: [{name: book, count: 3}, {name: hat, count: 2}]",
		"items: [{name: book, count: 20}, {name: hat, count: 20}, {name: cup, count: 20}, {name: pen, count: 20}]", 1)
	_, err := scenario.Parse("deal.yaml", []byte(many))
	if err == nil || !strings.Contains(err.Error(), "dealornodeal.items[3]: makes more than 10000 possible splits") {
		t.Fatalf("got %v", err)
	}
}

func TestDealWordsSayNoneInTheItemsNumber(t *testing.T) {
	d := &Deal{Items: []Item{{Name: "book", Count: 3}, {Name: "hat", Count: 1}, {Name: "ball", Count: 1}}}
	if got, want := d.Words(Split{"book": 0, "hat": 0, "ball": 1}), "no books, no hat and the ball"; got != want {
		t.Errorf("Words = %q, want %q", got, want)
	}
}
