package episodes

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/sotopiawire"
)

// Bounds on what is read, checked before and while reading.
var (
	// MaxRecordBytes caps one record: a line of a .jsonl file, a .json
	// file of one record, or one record of a .json list. Sotopia's
	// episodes are tens of kilobytes.
	MaxRecordBytes = 8 << 20
	// MaxFileBytes caps a file, which is read one record at a time.
	MaxFileBytes int64 = 4 << 30
)

// Read reads every episode of path (a .jsonl file of one record a line,
// or a .json file holding one record, or a list of them) and hands each
// to fn in file order, so that a file of any size costs the memory of
// one record. A record that cannot be read goes to skip with its file,
// line and field, and the others are still read. It returns when the
// file ends, ctx is done (checked between records), or fn fails. A file
// that cannot be opened, is a link or is over its cap is an error.
func Read(ctx context.Context, path string, fn func(*Episode) error, skip func(interop.Problem)) error {
	var fnErr error
	each := func(at interop.Position, data []byte) error {
		e, err := Decode(data)
		if err != nil {
			return err
		}
		e.At = at
		if fnErr = fn(e); fnErr != nil {
			return interop.ErrStop
		}
		return nil
	}
	var err error
	if strings.EqualFold(filepath.Ext(path), ".jsonl") {
		err = readJSONL(ctx, path, skip, each)
	} else {
		err = readJSON(ctx, path, skip, each)
	}
	if err == interop.ErrStop {
		return fnErr
	}
	return err
}

func readJSONL(ctx context.Context, path string, skip func(interop.Problem), each func(interop.Position, []byte) error) error {
	f, err := safefile.OpenCapped(path, MaxFileBytes)
	if err != nil {
		return err
	}
	defer f.Close()
	return interop.Records(ctx, f, path, MaxRecordBytes, skip, each)
}

// readJSON reads a .json file: one record (an object, or an object
// encoded as a JSON string) of at most MaxRecordBytes, or a list of
// records, each at its index, read one at a time.
func readJSON(ctx context.Context, path string, skip func(interop.Problem), each func(interop.Position, []byte) error) error {
	f, err := safefile.OpenCapped(path, MaxFileBytes)
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReader(f)
	first, err := firstByte(br)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if first != '[' {
		at := interop.Position{File: path, Line: 1}
		data, err := io.ReadAll(io.LimitReader(br, int64(MaxRecordBytes)+1))
		switch {
		case err != nil:
			return fmt.Errorf("%s: %w", path, err)
		case len(data) > MaxRecordBytes:
			skip(interop.Problem{At: at, Msg: fmt.Sprintf("record longer than %d bytes", MaxRecordBytes)})
			return nil
		}
		if err := each(at, data); err == interop.ErrStop {
			return err
		} else if err != nil {
			skip(interop.ProblemAt(at, err))
		}
		return nil
	}
	dec := json.NewDecoder(br)
	if _, err := dec.Token(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	for i := 0; dec.More(); i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		at := interop.Position{File: path, Record: i}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			skip(interop.Problem{At: at, Msg: fmt.Sprintf("not a JSON list of records from here on (%v)", err)})
			return nil
		}
		if len(raw) > MaxRecordBytes {
			skip(interop.Problem{At: at, Msg: fmt.Sprintf("record longer than %d bytes", MaxRecordBytes)})
			continue
		}
		switch err := each(at, raw); {
		case err == interop.ErrStop:
			return err
		case err != nil:
			skip(interop.ProblemAt(at, err))
		}
	}
	return nil
}

// firstByte is the first byte of r that is not white space, left unread.
func firstByte(r *bufio.Reader) (byte, error) {
	for {
		b, err := r.ReadByte()
		if err != nil {
			return 0, err
		}
		if b != ' ' && b != '\t' && b != '\n' && b != '\r' {
			return b, r.UnreadByte()
		}
	}
}

// Decode reads one record of any of the three forms (also when it is
// stored JSON-encoded as a string) into an Episode. The form is told by
// its fields: social_interactions (episodes_to_jsonl), messages (a raw
// EpisodeLog), else rewards_prompt. Every text is cleaned as it is read
// (interop.DecodeJSON).
func Decode(data []byte) (*Episode, error) {
	data = bytes.TrimSpace(data)
	if bytes.HasPrefix(data, []byte(`"`)) {
		var inner string
		if err := json.Unmarshal(data, &inner); err != nil {
			return nil, interop.Fieldf("", "not a whole JSON string (%v)", err)
		}
		data = bytes.TrimSpace([]byte(inner))
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, interop.Fieldf("", "not a whole JSON object (%v)", err)
	}
	switch {
	case fields["social_interactions"] != nil:
		var r sotopiawire.EpisodeJSONL
		if err := decodeFields(data, fields, &r); err != nil {
			return nil, err
		}
		return fromJSONL(&r)
	case fields["messages"] != nil:
		var r sotopiawire.EpisodeLog
		if err := decodeFields(data, fields, &r); err != nil {
			return nil, err
		}
		return fromEpisodeLog(&r)
	case fields["rewards_prompt"] != nil:
		var r promptRecord
		if err := decodeFields(data, fields, &r); err != nil {
			return nil, err
		}
		return fromPrompt(&r)
	}
	return nil, interop.Fieldf("", "is no Sotopia episode: it has none of social_interactions (episodes_to_jsonl), messages (EpisodeLog) and rewards_prompt")
}

// decodeFields decodes data into v; when that fails, it finds the field
// at fault by decoding each field alone, so the problem can name it.
func decodeFields(data []byte, fields map[string]json.RawMessage, v any) error {
	err := interop.DecodeJSON(data, v)
	var fe *interop.FieldError
	if err == nil || (errors.As(err, &fe) && fe.Field != "") {
		return err
	}
	for name, raw := range fields {
		one, _ := json.Marshal(map[string]json.RawMessage{name: raw})
		if ferr := json.Unmarshal(one, newOf(v)); ferr != nil {
			return interop.Fieldf(name, "%v", strings.TrimPrefix(ferr.Error(), "json: "))
		}
	}
	return err
}

// Walk reads the episodes of every path: a file, or a folder read
// recursively for its .json and .jsonl files, in name order. Links are
// not followed: a link given or met is skipped as a Problem.
func Walk(ctx context.Context, paths []string, fn func(*Episode) error, skip func(interop.Problem)) error {
	for _, root := range paths {
		st, err := os.Lstat(root)
		if err != nil {
			return err
		}
		if !st.IsDir() {
			if err := readOne(ctx, root, st.Mode(), fn, skip); err != nil {
				return err
			}
			continue
		}
		err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				return nil
			}
			ext := strings.ToLower(filepath.Ext(path))
			if ext != ".json" && ext != ".jsonl" {
				return nil
			}
			return readOne(ctx, path, d.Type(), fn, skip)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func readOne(ctx context.Context, path string, mode fs.FileMode, fn func(*Episode) error, skip func(interop.Problem)) error {
	if mode&fs.ModeSymlink != 0 {
		skip(interop.Problem{At: interop.Position{File: path, Record: -1}, Msg: "is a link; links are not followed"})
		return nil
	}
	return Read(ctx, path, fn, skip)
}
