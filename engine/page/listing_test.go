package page

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/omnigap/omnigap/engine/browse"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// The shipped runs, a torn file and a cocoa transcript file: groups in
// the gap's order (the two of three twins first, road-bike's bigger gap
// before alumni-mixer's), every cell of every column, the torn file a
// group that says why, the transcript's dialogues groups with no page.
func TestListingInTheGapsOrder(t *testing.T) {
	dir := t.TempDir()
	paths, _ := filepath.Glob("../../recordings/*.jsonl")
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(p)), raw, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "torn.jsonl"), []byte("{\"kind\":\"header\", torn\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ix, err := browse.Read(context.Background(), []string{dir, shareddata.Path(t, "cocoa/dealornodeal-val.json")}, io.Discard, nil)
	if err != nil {
		t.Fatal(err)
	}
	l := ListingOf(ix)
	if len(l.Groups) != len(ix.Groups) || len(l.Groups) < 4 {
		t.Fatalf("%d groups listed of %d", len(l.Groups), len(ix.Groups))
	}
	if l.Groups[0].ID != "craigslist_road-bike-s1" || l.Groups[1].ID != "mutualfriends_alumni-mixer-s1" {
		t.Errorf("first groups %s, %s: not the biggest gaps", l.Groups[0].ID, l.Groups[1].ID)
	}
	if !l.Groups[0].Cells[0].OK || l.Groups[0].Cells[0].Value < l.Groups[1].Cells[0].Value || l.Columns[0].Key != browse.Gap {
		t.Errorf("the gap column: %+v %+v", l.Columns[0], l.Groups[0].Cells[0])
	}
	first := l.Groups[0]
	if !slices.Equal(first.Modes, []view.Mode{view.Script, view.Agents, view.Mindreaders}) || len(first.Paths) != 3 || first.NoPage != "" || first.Goal == "" {
		t.Errorf("road-bike's group: %+v", first)
	}
	torn, transcripts := 0, 0
	for _, g := range l.Groups {
		if len(g.Cells) != len(l.Columns) {
			t.Errorf("%s has %d cells for %d columns", g.ID, len(g.Cells), len(l.Columns))
		}
		switch {
		case g.Problem != "":
			torn++
		case g.NoPage != "":
			transcripts++
			if !slices.Equal(g.Modes, []view.Mode{view.Humans}) {
				t.Errorf("a transcript's dialogue plays %v", g.Modes)
			}
		}
	}
	if torn != 1 || transcripts < 400 {
		t.Errorf("%d unreadable groups, %d dialogues without a page", torn, transcripts)
	}
}
