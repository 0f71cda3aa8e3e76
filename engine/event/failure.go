package event

import "errors"

// FailureKind says what went wrong in an error event, so failures can be
// counted per kind in the run table, summary.json and the report.
type FailureKind string

const (
	// TransportFailure: the call itself failed (HTTP status, connection,
	// timeout, a stream cut off for good).
	TransportFailure FailureKind = "transport"
	// FormatFailure: the model answered, but no turn or action could be
	// read from what it wrote.
	FormatFailure FailureKind = "format"
	// RefusalFailure: the model declined to play.
	RefusalFailure FailureKind = "refusal"
	// JudgeFailure: the judge gave no usable scores.
	JudgeFailure FailureKind = "judge"
	// CheckFailure: the model's leak check of a turn gave no usable
	// answer, or was cut off at the run's end. The run itself went on:
	// it is not a failure of the run.
	CheckFailure FailureKind = "check"
	// OtherFailure: an error that names no kind.
	OtherFailure FailureKind = "other"
)

// FailureKinds lists the kinds in display order.
var FailureKinds = []FailureKind{TransportFailure, FormatFailure, RefusalFailure, JudgeFailure, CheckFailure, OtherFailure}

// Failure is an error that says its kind and keeps what the model wrote,
// so the error event carries the offending text.
type Failure struct {
	Kind  FailureKind
	Reply string
	Err   error
}

func (f *Failure) Error() string { return f.Err.Error() }
func (f *Failure) Unwrap() error { return f.Err }

// KindOf returns an error's failure kind and the model's text it carries,
// if any.
func KindOf(err error) (FailureKind, string) {
	var f *Failure
	if errors.As(err, &f) {
		return f.Kind, f.Reply
	}
	return OtherFailure, ""
}
