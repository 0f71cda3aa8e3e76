package people

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"

	"github.com/omnigap/omnigap/engine/safefile"
)

// MaxFileBytes bounds a rating file: far above the 126 rated episodes'
// files (under 2 MB together).
const MaxFileBytes = 64 << 20

// Read reads rating files: a file ending in .jsonl holds the plain form,
// any other one Sotopia-PI's CSV layout. A file that cannot be read at
// all (missing, too large, no header with the columns it needs) is an
// error naming it; rows and cells that cannot be read are counted in
// Problems and the reading goes on.
func Read(ctx context.Context, paths []string) (*Ratings, error) {
	rs := &Ratings{}
	for _, p := range paths {
		if err := rs.readFile(ctx, p); err != nil {
			return nil, err
		}
	}
	return rs, nil
}

func (rs *Ratings) readFile(ctx context.Context, path string) error {
	f, err := safefile.OpenCapped(path, MaxFileBytes)
	if err != nil {
		return err
	}
	defer f.Close()
	rs.Files++
	if strings.EqualFold(filepath.Ext(path), ".jsonl") {
		return rs.readJSONL(ctx, skipBOM(f), path)
	}
	return rs.readCSV(ctx, skipBOM(f), path)
}

// skipBOM drops a UTF-8 byte order mark at the start of r.
func skipBOM(r io.Reader) io.Reader {
	head := make([]byte, 3)
	n, _ := io.ReadFull(r, head)
	head = head[:n]
	return io.MultiReader(bytes.NewReader(bytes.TrimPrefix(head, []byte("\ufeff"))), r)
}
