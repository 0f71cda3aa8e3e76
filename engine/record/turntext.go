package record

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/safefile"
)

// TurnText is a completed turn as a search reads it: its number, who
// spoke and what was said.
type TurnText struct {
	Turn          int
	Speaker, Text string
}

// wholeFile is the size up to which ReadTurnTexts reads a recording in
// one read (a long model run is a few hundred KB); a longer one is read
// a line at a time.
const wholeFile = 1 << 20

var wholeFiles = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// ReadTurnTexts reads the text of a recording's completed turns, in
// order, within the bounds every reader keeps (a regular file of at most
// MaxFileBytes, lines of at most MaxLineBytes). Only the lines of
// completed turns are decoded, member by member; the others are passed
// over unread (a replay or a whole read checks them). A torn last line
// ends the turns there; a completed turn that cannot be read is an error
// naming the file, the line and the member.
func ReadTurnTexts(ctx context.Context, path string) ([]TurnText, error) {
	f, st, err := safefile.OpenInfo(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st.Size() > MaxFileBytes {
		_, err := open(nil, path) // says so as every reader does
		return nil, err
	}
	var next func() ([]byte, bool, error)
	if st.Size() <= wholeFile {
		pooled := wholeFiles.Get().(*[]byte)
		defer wholeFiles.Put(pooled)
		buf := (*pooled)[:0]
		if cap(buf) < int(st.Size()) {
			buf = make([]byte, 0, st.Size())
			*pooled = buf
		}
		n, err := io.ReadFull(f, buf[:st.Size()])
		if err != nil && err != io.ErrUnexpectedEOF {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		data := buf[:n]
		next = func() ([]byte, bool, error) {
			if len(data) == 0 {
				return nil, false, io.EOF
			}
			line, rest, complete := bytes.Cut(data, []byte("\n"))
			data = rest
			if len(line) > MaxLineBytes {
				return nil, false, &safefile.LineTooLong{Max: MaxLineBytes}
			}
			return line, complete, nil
		}
	} else {
		lines := safefile.NewLines(f, MaxLineBytes)
		next = lines.Next
	}
	var out []TurnText
	for n := 1; ; n++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		line, complete, err := next()
		if err == io.EOF && len(line) == 0 {
			return out, nil
		}
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		if n == 1 || !bytes.Contains(line, []byte(event.TurnCompleted)) {
			continue
		}
		t, ok, err := turnText(bytes.TrimSpace(line))
		switch {
		case err != nil && !complete:
			return out, nil // cut off mid-write: the recording ends before it
		case err != nil:
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		case ok:
			out = append(out, t)
		}
	}
}

// turnText reads a line's turn if it is a completed turn's (ok).
func turnText(line []byte) (t TurnText, ok bool, err error) {
	var kind string
	var action []byte
	var first error
	merr := members(line, func(key, _, value []byte) {
		name, err := unquote(key)
		switch strings.ToLower(name) {
		case "kind":
			kind, err = unquote(value)
		case "turn":
			err = json.Unmarshal(value, &t.Turn)
		case "speaker":
			t.Speaker, err = unquote(value)
		case "action":
			action = value
		}
		if err != nil && first == nil {
			first = fmt.Errorf("%s: %w", name, err)
		}
	})
	if merr != nil {
		return t, false, fmt.Errorf("not a JSON event: %w", merr)
	}
	if first != nil || kind != string(event.TurnCompleted) {
		return t, false, first
	}
	if action == nil || bytes.Equal(action, []byte("null")) {
		return t, false, fmt.Errorf("action: missing from a completed turn")
	}
	err = members(action, func(key, _, value []byte) {
		if name, _ := unquote(key); strings.EqualFold(name, "text") {
			var e error
			if t.Text, e = unquote(value); e != nil && first == nil {
				first = fmt.Errorf("action.text: %w", e)
			}
		}
	})
	return t, err == nil && first == nil, cmp.Or(err, first)
}
