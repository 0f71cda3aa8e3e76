package recordtest

import (
	"testing"

	"github.com/omnigap/omnigap/engine/record"
)

// Only reads the one recording in dir and fails the test unless there is
// exactly one and it was closed with its footer.
func Only(tb testing.TB, dir string) *record.Recording {
	tb.Helper()
	paths, err := record.Files(dir)
	if err != nil || len(paths) != 1 {
		tb.Fatalf("recordings in %s: %v, %v", dir, paths, err)
	}
	rec, err := record.Read(paths[0])
	if err != nil {
		tb.Fatal(err)
	}
	if rec.Footer == nil || rec.Torn {
		tb.Fatalf("the recording is not closed: %s", rec.EndNote())
	}
	return rec
}
