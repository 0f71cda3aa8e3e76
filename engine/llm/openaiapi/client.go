// Package openaiapi implements chat.Client with github.com/sashabaranov/go-openai
// against any OpenAI-compatible chat-completions endpoint. It works around
// the library's traps: temperature 0 dropped by omitempty, SSE comment
// keep-alives counted as empty messages, Retry-After not exposed, and a
// stream that ends without [DONE] looking like a finished one.
package openaiapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm/chat"
)

// Config says where to send requests.
type Config struct {
	BaseURL string
	APIKey  string
	// Secrets are other key values this run knows (keys in the
	// environment that are not sent to this endpoint): a server that
	// quotes one back must not get it into an error either.
	Secrets []string
}

// Client is a chat.Client for one endpoint. It is safe for concurrent use.
type Client struct {
	api *openai.Client
	cfg Config
}

// keepAliveLimit replaces go-openai's default of 300 non-data lines between
// two chunks: servers that send SSE comments while a long prompt is
// processed would otherwise fail the stream. Hangs are bounded by the call
// timeout instead.
const keepAliveLimit = 1 << 20

// New returns a client for cfg.
func New(cfg Config) *Client {
	oc := openai.DefaultConfig(cfg.APIKey)
	oc.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	oc.HTTPClient = newDoer()
	oc.EmptyMessagesLimit = keepAliveLimit
	return &Client{api: openai.NewClientWithConfig(oc), cfg: cfg}
}

// Stream sends req and streams the reply's content to onDelta.
func (c *Client) Stream(ctx context.Context, req chat.Request, onDelta func(string)) (chat.Reply, error) {
	info := &callInfo{}
	ctx = withCallInfo(ctx, info)
	stream, err := c.api.CreateChatCompletionStream(ctx, c.request(req))
	if err != nil {
		return chat.Reply{}, c.failure(ctx, err, info, "")
	}
	defer stream.Close()
	var (
		text, reasoning strings.Builder
		reply           chat.Reply
	)
	for {
		chunk, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			// What was thought before the failure is kept.
			return chat.Reply{Reasoning: reasoning.String()}, c.failure(ctx, err, info, text.String())
		}
		if req.Progress != nil {
			req.Progress()
		}
		if u := chunk.Usage; u != nil {
			reply.Usage = &event.Usage{Prompt: u.PromptTokens, Completion: u.CompletionTokens}
			if d := u.PromptTokensDetails; d != nil {
				reply.Usage.Cached = d.CachedTokens
			}
		}
		for _, ch := range chunk.Choices {
			if ch.Index != 0 {
				continue
			}
			reasoning.WriteString(ch.Delta.ReasoningContent)
			if d := ch.Delta.Content; d != "" {
				text.WriteString(d)
				onDelta(d)
			}
			if ch.FinishReason != "" {
				reply.FinishReason = string(ch.FinishReason)
			}
		}
	}
	// go-openai reports a body that ends without [DONE] as a clean end.
	// Every compatible server names a finish reason in its last choice
	// chunk, so a reply without one was cut off.
	if reply.FinishReason == "" {
		msg := "the stream ended before the server named a finish reason"
		if text.Len() == 0 {
			return chat.Reply{Reasoning: reasoning.String()}, &chat.Error{Kind: chat.Connection, Message: msg}
		}
		return chat.Reply{Reasoning: reasoning.String()}, &chat.Error{Kind: chat.Cut, Message: msg, Partial: text.String()}
	}
	reply.Text, reply.Reasoning = text.String(), reasoning.String()
	return reply, nil
}

// request translates ours into go-openai's.
func (c *Client) request(req chat.Request) openai.ChatCompletionRequest {
	out := openai.ChatCompletionRequest{
		Model:       req.Model,
		Temperature: float32(req.Temperature),
		Stream:      true,
		Seed:        req.Seed,
	}
	if req.Usage {
		out.StreamOptions = &openai.StreamOptions{IncludeUsage: true}
	}
	if req.Temperature == 0 {
		// omitempty would drop 0; the doer turns this marker back into 0.
		out.Temperature = math.SmallestNonzeroFloat32
	}
	if req.CompletionTokensField {
		out.MaxCompletionTokens = req.MaxTokens
	} else {
		out.MaxTokens = req.MaxTokens
	}
	if req.JSON {
		out.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
	}
	out.Messages = make([]openai.ChatCompletionMessage, len(req.Messages))
	for i, m := range req.Messages {
		out.Messages[i] = openai.ChatCompletionMessage{Role: string(m.Role), Content: m.Content}
	}
	return out
}

// failure turns what go-openai or the connection returned into a
// *chat.Error with the key removed, or returns the context's error when
// the call was cancelled or timed out.
func (c *Client) failure(ctx context.Context, err error, info *callInfo, partial string) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	e := classify(err, partial)
	if e.Kind == chat.Status {
		e.RetryAfter = info.retryAfter
		if e.StatusCode == http.StatusNotFound {
			e.Message += " (from " + strings.TrimRight(PublicURL(c.cfg.BaseURL), "/") + "/chat/completions: does the base URL end in /v1, and is the model name right?)"
		}
	}
	// Keys come out before the message is clipped, so a key straddling
	// the cut cannot survive as a prefix.
	e.Message = clip(c.redact(e.Message))
	e.Partial = c.redact(e.Partial)
	return e
}

func classify(err error, partial string) *chat.Error {
	var (
		apiErr  *openai.APIError
		reqErr  *openai.RequestError
		synErr  *json.SyntaxError
		typeErr *json.UnmarshalTypeError
	)
	switch {
	case errors.As(err, &apiErr) && apiErr.HTTPStatusCode > 0:
		return &chat.Error{Kind: chat.Status, StatusCode: apiErr.HTTPStatusCode, Message: apiErr.Message}
	case errors.As(err, &reqErr):
		msg := strings.TrimSpace(string(reqErr.Body))
		if msg == "" {
			msg = reqErr.HTTPStatus
		}
		return &chat.Error{Kind: chat.Status, StatusCode: reqErr.HTTPStatusCode, Message: msg}
	case errors.As(err, &apiErr):
		// An error object sent as a data line in the middle of the stream.
		return lost(apiErr.Message, partial)
	case errors.Is(err, openai.ErrTooManyEmptyStreamMessages):
		return &chat.Error{Kind: chat.Malformed, Message: "too many lines without data", Partial: partial}
	case errors.As(err, &synErr), errors.As(err, &typeErr):
		return &chat.Error{Kind: chat.Malformed, Message: "a chunk is not valid JSON: " + err.Error(), Partial: partial}
	}
	return lost(describeNetErr(err), partial)
}

// lost is a connection that failed: before any content it may be retried
// as is; after some it is a cut stream.
func lost(msg, partial string) *chat.Error {
	if partial == "" {
		return &chat.Error{Kind: chat.Connection, Message: msg}
	}
	return &chat.Error{Kind: chat.Cut, Message: msg, Partial: partial}
}

func describeNetErr(err error) string {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return "network timeout: " + err.Error()
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return "the connection closed mid-reply"
	}
	return err.Error()
}

// clip keeps an error message short enough for one line of an event.
func clip(s string) string {
	const max = 600
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}

// redact removes the endpoint's key and every other key the run knows.
func (c *Client) redact(s string) string {
	for _, key := range append([]string{c.cfg.APIKey}, c.cfg.Secrets...) {
		if key != "" && s != "" {
			s = strings.ReplaceAll(s, key, "[api key]")
		}
	}
	return s
}

// retryAfter reads a Retry-After header: seconds or an HTTP date.
func retryAfter(h string, now time.Time) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	if secs, err := strconv.ParseFloat(h, 64); err == nil && secs >= 0 {
		return time.Duration(secs * float64(time.Second))
	}
	if t, err := http.ParseTime(h); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}
