package run

import "github.com/omnigap/omnigap/engine/event"

// Stop is a cancellation cause (context.WithCancelCause) that names the
// reason a run stopped from outside ends with, such as
// Stop(event.Disconnected) when its player went away. A run cancelled
// without one ends as canceled.
type Stop event.EndReason

func (s Stop) Error() string { return "run stopped: " + string(s) }
