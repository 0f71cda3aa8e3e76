package chat

import (
	"fmt"
	"time"
)

// ErrorKind classifies a failed call for the retry policy.
type ErrorKind int

const (
	// Status is an HTTP error status from the server.
	Status ErrorKind = iota
	// Connection is a failure to connect or a connection lost before any
	// content arrived.
	Connection
	// Cut is a stream that broke off after content had arrived.
	Cut
	// Malformed is a reply the protocol cannot read (bad JSON in a chunk).
	Malformed
)

// Error is a failed call. Message is the server's own words where there
// are any, already stripped of the API key.
type Error struct {
	Kind       ErrorKind
	StatusCode int           // for Status
	Message    string        // what the server or the connection said
	RetryAfter time.Duration // from a Retry-After header, 0 if none
	// Partial is the content received before a Cut.
	Partial string
}

func (e *Error) Error() string {
	switch e.Kind {
	case Status:
		return fmt.Sprintf("server answered %d: %s", e.StatusCode, e.Message)
	case Cut:
		return "stream cut off mid-reply: " + e.Message
	case Malformed:
		return "unreadable reply: " + e.Message
	}
	return "connection failed: " + e.Message
}

// Retryable reports whether the same request may simply be sent again: a
// rate limit, a server error or a connection failure before any content.
func (e *Error) Retryable() bool {
	switch e.Kind {
	case Status:
		return e.StatusCode == 429 || e.StatusCode >= 500
	case Connection:
		return true
	}
	return false
}
