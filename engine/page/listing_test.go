package page_test

import (
	"context"
	"io"
	"testing"

	"github.com/omnigap/omnigap/engine/browse"
	"github.com/omnigap/omnigap/engine/page"
	"github.com/omnigap/omnigap/engine/studyindex"
)

// The page's tests list folders as report --html does; engine/studyindex
// imports engine/page, so only an external test can use it.
func init() {
	page.ListFolders = func(t testing.TB, dirs ...string) page.Listing {
		t.Helper()
		ix, err := browse.Read(context.Background(), dirs, io.Discard, nil)
		if err != nil {
			t.Fatal(err)
		}
		return studyindex.Listing(ix)
	}
}
