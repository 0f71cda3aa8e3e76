package record

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/omnigap/omnigap/engine/safefile"
)

// A recording of a file system (one built into the binary) is read within
// the bounds of a file on disk: its header and then its events, a file
// over MaxFileBytes refused before it is read, a folder refused by name.
func TestReadHeaderFSKeepsTheBoundsOfAFile(t *testing.T) {
	data, err := os.ReadFile("../../recordings/craigslist_road-bike-agents-s1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{
		"r.jsonl":     {Data: data},
		"dir.jsonl/x": {Data: data},
	}
	ctx := context.Background()
	rec, err := ReadHeaderFS(ctx, fsys, "r.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	st, err := rec.Stream()
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	events := 0
	for {
		if _, err := st.Next(ctx); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		events++
	}
	if events == 0 || st.Read().Footer == nil {
		t.Errorf("read %d events, footer %v", events, st.Read().Footer)
	}

	if _, err := ReadHeaderFS(ctx, fsys, "dir.jsonl"); err == nil || !strings.Contains(err.Error(), "dir.jsonl: a folder") {
		t.Errorf("a folder: %v", err)
	}

	defer func(was int64) { MaxFileBytes = was }(MaxFileBytes)
	MaxFileBytes = int64(len(data) - 1)
	if _, err := ReadHeaderFS(ctx, fsys, "r.jsonl"); !errors.Is(err, safefile.ErrTooLarge) || !strings.HasPrefix(err.Error(), "r.jsonl:") {
		t.Errorf("over the cap: %v", err)
	}
}
