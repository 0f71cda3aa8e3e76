package cocoa

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Find picks a dialogue by its uuid or its scenario's, the first readable
// one without a uuid, and says what it skipped when none is there.
func TestFindPicksADialogueByUUID(t *testing.T) {
	for _, ref := range []string{"testdata/two-in-a-row.json", "testdata/two-in-a-row.json#C_twice", "testdata/two-in-a-row.json#S_twice"} {
		tr, err := Find(ref)
		if err != nil || tr.UUID != "C_twice" {
			t.Fatalf("%s: %v, %v", ref, tr, err)
		}
	}
	_, err := Find("testdata/two-in-a-row.json#nope")
	if !errors.Is(err, ErrNotFound) || err.Error() != `testdata/two-in-a-row.json: no dialogue with uuid "nope"` {
		t.Fatalf("unknown uuid: %v", err)
	}
	bad := filepath.Join(t.TempDir(), "t.json")
	if err := os.WriteFile(bad, []byte(`[{"uuid": "a", "events": []}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Find(bad)
	if !errors.Is(err, ErrNotFound) || !strings.HasPrefix(err.Error(), bad+": no readable dialogue; 1 skipped:\n  "+bad+": record 0: ") {
		t.Fatalf("all bad: %v", err)
	}
	if _, err := Find(filepath.Join(t.TempDir(), "none.json")); err == nil || errors.Is(err, ErrNotFound) {
		t.Fatalf("missing file: %v", err)
	}
}
