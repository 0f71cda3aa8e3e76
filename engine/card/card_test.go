package card

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

var update = flag.Bool("update", false, "rewrite the golden cards from the shipped recordings")

func readAll(t *testing.T, paths ...string) []*record.Recording {
	t.Helper()
	var out []*record.Recording
	for _, p := range paths {
		r, err := record.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// The card of the shipped road-bike recordings matches its golden file;
// go test ./engine/card -update rewrites it after the recordings change.
func TestCardGolden(t *testing.T) {
	paths, err := filepath.Glob("../../recordings/craigslist_road-bike-*.jsonl")
	if err != nil || len(paths) != 3 {
		t.Fatalf("shipped recordings: %v %v", paths, err)
	}
	var got bytes.Buffer
	if err := Write(&got, readAll(t, paths...)); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "road-bike.md")
	if *update {
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("card differs from %s (run with -update if the recordings changed on purpose):\n%s", golden, got.String())
	}
}

// The who-knew-what cells follow the Views: an AGENTS seat holds its own
// bottom line and not its partner's; the writer and mind-readers hold both.
func TestKnowledgeFollowsViews(t *testing.T) {
	recs := readAll(t, "../../recordings/craigslist_road-bike-script-s1.jsonl")
	sc := recs[0].Header.Scenario
	var b strings.Builder
	writeKnowledge(&b, sc, view.Modes)
	var sellerLine string
	for _, l := range strings.Split(b.String(), "\n") {
		for _, f := range sc.Seats[scenario.SellerSeat].Facts {
			if f.ID == "seller-bottomline" && strings.HasPrefix(l, "| "+f.Text) {
				sellerLine = l
			}
		}
	}
	// columns: writer, AGENTS seller, AGENTS buyer, MINDREADERS seller, MINDREADERS buyer
	want := "| Dana (seat 0) | yes | yes | no | yes | yes |"
	if !strings.HasSuffix(sellerLine, want) {
		t.Errorf("seller bottom line row %q, want it to end %q", sellerLine, want)
	}
}
