package interop

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// ErrStop, returned by a record's handler, ends Records without a Problem.
var ErrStop = errors.New("stop reading")

// Records calls each for every non-blank line of r (the file named file),
// in order, with its position, so that an import of any size holds one
// record at a time. A line each rejects, or one longer than recordBytes,
// is handed to problem with its position and the reading goes on. It
// returns when r ends, ctx is done (checked before each line), or each
// returns ErrStop (then ErrStop). Open the file with safefile.OpenCapped:
// links are not followed and its size is bounded.
func Records(ctx context.Context, r io.Reader, file string, recordBytes int, problem func(Problem), each func(Position, []byte) error) error {
	lines := safefile.NewLines(r, recordBytes)
	for n := 1; ; n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		at := Position{File: file, Line: n}
		line, _, err := lines.Next()
		var long *safefile.LineTooLong
		if errors.As(err, &long) {
			problem(Problem{At: at, Msg: fmt.Sprintf("record longer than %d bytes", recordBytes)})
			err = lines.SkipLine()
		} else if line = bytes.TrimSpace(line); len(line) > 0 {
			switch perr := each(at, line); {
			case perr == ErrStop:
				return ErrStop
			case perr != nil:
				problem(ProblemAt(at, perr))
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s:%d: %w", file, n, err)
		}
	}
}

// DecodeJSON reads one JSON record into v, naming the field when a value
// has the wrong type (a FieldError), and cleans its text
// (textsafe.CleanAll): nothing imported carries a control character
// further.
func DecodeJSON(data []byte, v any) error {
	err := json.Unmarshal(data, v)
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return Fieldf(te.Field, "must be %s (got %s)", te.Type, te.Value)
	}
	if err != nil {
		return Fieldf("", "not a whole JSON record (%v)", err)
	}
	textsafe.CleanAll(v)
	return nil
}
