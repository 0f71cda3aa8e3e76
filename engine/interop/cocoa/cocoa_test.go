package cocoa

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// cocoaFile is the path of one of the cocoa files the tests read, in the
// shared test data (not part of the project; see ../shared/data/README.md).
func cocoaFile(t *testing.T, name string) string {
	t.Helper()
	return shareddata.Path(t, "cocoa/"+name)
}

func TestCraigslistScenarios(t *testing.T) {
	list, probs, err := CraigslistScenarios(cocoaFile(t, "craigslist-sample-scenarios.json"))
	if err != nil || len(probs) > 0 {
		t.Fatalf("%v %v", err, probs)
	}
	if len(list) != 20 {
		t.Fatalf("%d scenarios, want 20", len(list))
	}
	for _, sc := range list {
		l := cl.ListingOf(sc)
		if sc.Seats[cl.SellerSeat].Role != "seller" || l.ListingPrice <= 0 || l.Seller.Target <= 0 || l.Buyer.Target <= 0 {
			t.Errorf("%s: %+v", sc.ID, l)
		}
		ids := map[string]bool{}
		for _, f := range sc.Facts() {
			ids[f.ID] = true
		}
		if !ids["seller-target"] || !ids["buyer-target"] || ids["seller-bottomline"] {
			t.Errorf("%s: facts %v, want both targets and no bottomline (the sample has none)", sc.ID, ids)
		}
	}
}

func TestBadScenarioRecordIsSkipped(t *testing.T) {
	data, err := os.ReadFile(cocoaFile(t, "craigslist-sample-scenarios.json"))
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), `"Role": "buyer"`, `"Role": "broker"`, 1)
	path := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	list, probs, err := CraigslistScenarios(path)
	if err != nil || len(list) != 19 || len(probs) != 1 {
		t.Fatalf("%d scenarios, problems %v, %v", len(list), probs, err)
	}
	if got := probs[0].Error(); !strings.Contains(got, "record 0: kbs[0].personal.Role: must be seller or buyer") {
		t.Errorf("problem %q", got)
	}
}

func TestListingsFeedTheGenerator(t *testing.T) {
	ls, probs, err := Listings(cocoaFile(t, "craigslist-listings-phone.json"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d listings, %d left out", len(ls), len(probs))
	titles := map[string]bool{}
	for _, l := range ls {
		titles[l.Title] = true
	}
	gen := generate.CraigslistWith(ls)
	for seed := int64(1); seed <= 50; seed++ {
		sc := gen(seed)
		if !titles[cl.ListingOf(sc).Item] {
			t.Fatalf("seed %d sells %q, not a listing from the file", seed, cl.ListingOf(sc).Item)
		}
		if _, err := scenario.Parse("x", mustYAML(t, sc)); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

func TestSchemaFeedsTheGenerator(t *testing.T) {
	attrs, err := Schema(cocoaFile(t, "mutualfriends-schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(attrs) != 6 {
		t.Fatalf("%d attributes, want the schema's 6 besides the name", len(attrs))
	}
	values := map[string]bool{}
	for _, a := range attrs {
		for _, v := range a.Values {
			values[v] = true
		}
	}
	gen := generate.MutualFriendsWith(attrs)
	for seed := int64(1); seed <= 50; seed++ {
		sc := gen(seed)
		for _, fr := range mf.ListsOf(sc).Lists[0] {
			for _, v := range fr.Values {
				if !values[v] {
					t.Fatalf("seed %d: value %q is not in the schema", seed, v)
				}
			}
		}
		if _, err := scenario.Parse("x", mustYAML(t, sc)); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}
