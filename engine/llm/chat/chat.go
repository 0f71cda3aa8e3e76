// Package chat is omnigap's own small view of a chat-completions endpoint:
// the request it sends, the streamed reply and the errors it can meet. The
// go-openai client lives behind it in package openaiapi, so the backends,
// their tests and the retry policy never touch go-openai's types.
package chat

import (
	"context"
	"errors"

	"github.com/omnigap/omnigap/engine/event"
)

// Role of a message.
type Role string

const (
	System    Role = "system"
	User      Role = "user"
	Assistant Role = "assistant"
)

// Message is one chat message.
type Message struct {
	Role    Role
	Content string
}

// Request is one streamed chat completion.
type Request struct {
	Model    string
	Messages []Message
	// Temperature is always sent, 0 included.
	Temperature float64
	// MaxTokens caps the reply; 0 leaves it to the server.
	MaxTokens int
	// CompletionTokensField sends MaxTokens as max_completion_tokens
	// instead of the older max_tokens (a provider quirk).
	CompletionTokensField bool
	// JSON asks for response_format json_object.
	JSON bool
	// Seed, when not nil, is sent for servers that sample reproducibly.
	Seed *int
	// Usage asks for the usage chunk (stream_options.include_usage).
	Usage bool
	// Progress, when set, is called on every chunk that arrives, content
	// or not (a reasoning model thinks in chunks without content).
	Progress func()
}

// Reply is a finished completion.
type Reply struct {
	Text string
	// Reasoning is what a reasoning model thought before answering
	// (reasoning_content deltas, <think> blocks); it is never part of Text.
	Reasoning    string
	FinishReason string
	// Usage is nil when the server did not report it.
	Usage *event.Usage
	// Cache says what a reply cache did with the call: CacheHit (it
	// answered, nothing was sent) or CacheMiss (it sent the call on and
	// kept the reply); empty without a cache.
	Cache CacheOutcome
}

// CacheOutcome is what a reply cache did with a call.
type CacheOutcome string

const (
	CacheHit  CacheOutcome = "hit"
	CacheMiss CacheOutcome = "miss"
)

// ErrReadEnough is the cause a caller gives when it stops a streamed call
// because it has read all it needs (the SCRIPT writer at END): the reply
// so far is then the whole answer, which a reply cache may keep.
var ErrReadEnough = errors.New("the caller read all it needed")

// Client streams one chat completion. onDelta receives each piece of
// content as it arrives, from the calling goroutine; reasoning_content
// deltas go to Reply.Reasoning only. Errors that come from
// the server or the connection are *Error.
type Client interface {
	Stream(ctx context.Context, req Request, onDelta func(string)) (Reply, error)
}
