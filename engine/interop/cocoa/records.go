package cocoa

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/omnigap/omnigap/engine/safefile"
)

// Bounds on cocoa files, checked before and while they are read.
var (
	// MaxFileBytes caps a file of records read one at a time (scenarios,
	// transcripts); cocoa's published ones are under 2 MB.
	MaxFileBytes int64 = 64 << 20
	// MaxListingsBytes caps a listings file, whose listings are all kept
	// for the generator.
	MaxListingsBytes int64 = 16 << 20
	// MaxSchemaBytes caps a schema, read whole; cocoa's is 100 kB.
	MaxSchemaBytes int64 = 4 << 20
	// MaxRecordBytes caps one record of a list.
	MaxRecordBytes = 1 << 20
)

// errStop, from a record's reader, ends eachRecord without an error.
var errStop = errors.New("stop reading")

// eachRecord reads the file at path, of at most limit bytes, holding a
// JSON list, and hands each record to each with its index (from 0), one
// at a time: memory holds one record, at most MaxRecordBytes of it. A file
// that is not a list, a record over the cap and JSON broken mid-list end
// the reading with an error naming the file and the record. It stops with
// ctx's error when ctx is done, and quietly when each returns errStop.
func eachRecord(ctx context.Context, path string, limit int64, each func(int, json.RawMessage) error) error {
	f, err := safefile.OpenCapped(path, limit)
	if err != nil {
		return err
	}
	defer f.Close()
	in := &recordCap{r: f}
	dec := json.NewDecoder(in)
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		if errors.Is(err, safefile.ErrTooLarge) {
			return err
		}
		return fmt.Errorf("%s: not a JSON list of records", path)
	}
	for i := 0; dec.More(); i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		in.start()
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			switch {
			case errors.Is(err, safefile.ErrTooLarge):
				return err
			case in.over:
				return fmt.Errorf("%s: record %d: longer than %d bytes", path, i, MaxRecordBytes)
			}
			return fmt.Errorf("%s: record %d: not JSON: %w", path, i, err)
		}
		if len(raw) > MaxRecordBytes {
			return fmt.Errorf("%s: record %d: longer than %d bytes", path, i, MaxRecordBytes)
		}
		if err := each(i, raw); err == errStop {
			return nil
		} else if err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil {
		return fmt.Errorf("%s: the list does not end: %w", path, err)
	}
	return nil
}

// recordCap fails a read once the record being decoded has taken more
// than twice MaxRecordBytes, so that a record without end is not read on
// (the decoder reads ahead: the count of one record includes some of the
// next, and the record's own length is checked once it is whole).
type recordCap struct {
	r    io.Reader
	read int
	over bool
}

func (c *recordCap) start() { c.read = 0 }

func (c *recordCap) Read(p []byte) (int, error) {
	if c.read > 2*MaxRecordBytes {
		c.over = true
		return 0, errors.New("record too long")
	}
	n, err := c.r.Read(p)
	c.read += n
	return n, err
}
