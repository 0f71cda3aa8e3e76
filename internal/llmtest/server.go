// Package llmtest is a fake OpenAI-compatible chat-completions server for
// tests, benchmarks and local demos. It speaks the streaming protocol the
// way real servers do (a role chunk first, content deltas, a finish chunk,
// a usage chunk, data: [DONE], SSE comment keep-alives) over real HTTP on loopback, and
// it can be told to fail in each way a real server fails.
package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/omnigap/omnigap/engine/llm/estimate"
)

// Request is one chat-completions request as the server read it.
type Request struct {
	// At is when the request arrived.
	At            time.Time
	Body          []byte
	Authorization string
	Model         string `json:"model"`
	Messages      []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	Temperature    *float64 `json:"temperature"`
	Stream         bool     `json:"stream"`
	ResponseFormat *struct {
		Type string `json:"type"`
	} `json:"response_format"`
	StreamOptions *struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	Seed                *int `json:"seed"`
	MaxTokens           *int `json:"max_tokens"`
	MaxCompletionTokens *int `json:"max_completion_tokens"`
}

// Prompt is every message's content joined, in order.
func (r *Request) Prompt() string {
	var s string
	for _, m := range r.Messages {
		s += m.Role + "\x00" + m.Content + "\x00"
	}
	return s
}

// Message returns the content of the first message with role, or "".
func (r *Request) Message(role string) string {
	for _, m := range r.Messages {
		if m.Role == role {
			return m.Content
		}
	}
	return ""
}

// Last returns the content of the last message.
func (r *Request) Last() string {
	if len(r.Messages) == 0 {
		return ""
	}
	return r.Messages[len(r.Messages)-1].Content
}

// Server is a running fake endpoint. Set its fields before the first
// request; Push faults at any time.
type Server struct {
	// URL is the base URL to configure clients with (ends in /v1).
	URL string
	// Respond writes the reply's content; Default when nil.
	Respond func(*Request) string
	// ChunkRunes is how many characters each content delta carries.
	ChunkRunes int
	// KeepAlives is how many SSE comment lines precede each chunk.
	KeepAlives int
	// ChunkDelay is slept before each content chunk.
	ChunkDelay time.Duration
	// RefuseJSONFormat answers 400 to every request with response_format.
	RefuseJSONFormat bool
	// RefuseParams answers 400 naming the first of these request fields
	// that a request carries ("seed", "stream_options"), as vLLM's strict
	// mode and older servers do.
	RefuseParams []string
	// Plain answers every request with one non-streaming chat.completion
	// JSON body, as servers that ignore "stream" do.
	Plain bool
	// Think is a reasoning model's thinking, sent before the reply: in a
	// <think> block of the content, or as reasoning_content deltas when
	// ThinkField is set.
	Think      func(*Request) string
	ThinkField bool
	// Keep is how many recent requests Requests returns (default 512).
	Keep int
	// Chaos, when set, chooses the fault of each request that finds no
	// fault pushed (a soak test's random mix).
	Chaos func(*Request) Fault
	// Tokenizer, when set, counts the usage's tokens as a model with that
	// tokenizer does: the prompt's messages in the chat format, and the
	// reply (a dry run counts with the same one). Unset: a token per four
	// bytes, at least one per word.
	Tokenizer *estimate.Tokenizer

	http   *http.Server
	ln     net.Listener
	closed chan struct{}

	mu       sync.Mutex
	faults   []Fault
	spent    []Spent
	requests []*Request
	count    int
	left     int
	busy     time.Duration
	cache    *prefixCache
}

// Fault makes one request fail. Zero fields do nothing.
type Fault struct {
	// Status answers with this HTTP status and an OpenAI-style error body.
	Status     int
	RetryAfter string
	Message    string
	// DropAfter sends this many content chunks, then drops the connection
	// (no finish, no [DONE]). 0 means no drop.
	DropAfter int
	// BadChunk sends a chunk that is not JSON after the first content chunk.
	BadChunk bool
	// Hang sends nothing until the client gives up.
	Hang bool
	// Length sends only this many characters of the reply and ends with
	// finish_reason "length", as a server does at max_tokens.
	Length int
	// Stall pauses this long after the first content chunk.
	Stall time.Duration
}

// Start listens on loopback and serves until Close.
func Start() *Server {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(fmt.Sprintf("llmtest: listen on loopback: %v", err))
	}
	return Serve(ln)
}

// Serve serves on ln until Close.
func Serve(ln net.Listener) *Server {
	s := &Server{ln: ln, closed: make(chan struct{}), cache: newPrefixCache()}
	s.URL = "http://" + ln.Addr().String() + "/v1"
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", s.chat)
	mux.HandleFunc("GET /v1/models", s.models)
	s.http = &http.Server{Handler: mux}
	go s.http.Serve(ln)
	return s
}

// Close stops the server and ends hanging requests.
func (s *Server) Close() {
	close(s.closed)
	s.http.Close()
}

// Push queues faults; each incoming request takes the next one.
func (s *Server) Push(f ...Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, f...)
}

// Requests returns the most recent requests, oldest first.
func (s *Server) Requests() []*Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Request(nil), s.requests...)
}

// Busy is the time the server spent on chat requests in all, from reading
// each request to writing its last byte: what a benchmark subtracts to
// find the client's share.
func (s *Server) Busy() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.busy
}

// Spent is the tokens of one answered request, prompt and reply, as the
// usage chunk counts them, with the time the request arrived.
type Spent struct {
	At                 time.Time
	Tokens             int
	Prompt, Completion int
}

// Spending lists the tokens of every request answered so far (reported
// or not), in the order the answers began.
func (s *Server) Spending() []Spent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Spent(nil), s.spent...)
}

// Count is how many chat requests arrived.
func (s *Server) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.count
}

func (s *Server) take(r *Request) (Fault, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count++
	keep := s.Keep
	if keep == 0 {
		keep = 512
	}
	s.requests = append(s.requests, r)
	if len(s.requests) > keep {
		s.requests = s.requests[len(s.requests)-keep:]
	}
	var f Fault
	if len(s.faults) > 0 {
		f, s.faults = s.faults[0], s.faults[1:]
	} else if s.Chaos != nil {
		f = s.Chaos(r)
	}
	return f, s.cache.hit(r.Prompt())
}

func (s *Server) models(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, `{"object":"list","data":[{"id":"fake-model","object":"model","owned_by":"llmtest"}]}`)
}

func (s *Server) chat(w http.ResponseWriter, hr *http.Request) {
	at := time.Now()
	defer func() {
		s.mu.Lock()
		s.busy += time.Since(at)
		s.mu.Unlock()
	}()
	body, err := io.ReadAll(hr.Body)
	if err != nil {
		return
	}
	r := &Request{At: at, Body: body, Authorization: hr.Header.Get("Authorization")}
	if err := json.Unmarshal(body, r); err != nil {
		writeError(w, http.StatusBadRequest, "", "request body is not JSON: "+err.Error())
		return
	}
	f, cached := s.take(r)
	switch {
	case f.Hang:
		select {
		case <-hr.Context().Done():
		case <-s.closed:
		}
		return
	case f.Status != 0:
		writeError(w, f.Status, f.RetryAfter, f.Message)
		return
	case s.RefuseJSONFormat && r.ResponseFormat != nil:
		writeError(w, http.StatusBadRequest, "", "response_format is not supported by this server")
		return
	case s.refused(r) != "":
		writeError(w, http.StatusBadRequest, "", "unsupported parameter: "+s.refused(r))
		return
	case !r.Stream && !s.Plain:
		writeError(w, http.StatusBadRequest, "", "this fake only streams")
		return
	}
	respond := s.Respond
	if respond == nil {
		respond = Default
	}
	content, thought := respond(r), ""
	if s.Think != nil {
		thought = s.Think(r)
		if !s.ThinkField {
			content, thought = "<think>"+thought+"</think>\n\n"+content, ""
		}
	}
	s.mu.Lock()
	prompt, reply := s.tokens(r, content)
	s.spent = append(s.spent, Spent{At: r.At, Tokens: prompt + reply, Prompt: prompt, Completion: reply})
	s.mu.Unlock()
	if s.Plain {
		s.whole(w, r, content, thought, f, cached)
		return
	}
	s.stream(w, hr, r, content, thought, f, cached)
}

// refused names the first field of RefuseParams the request carries.
func (s *Server) refused(r *Request) string {
	for _, p := range s.RefuseParams {
		if (p == "seed" && r.Seed != nil) || (p == "stream_options" && r.StreamOptions != nil) ||
			(p == "response_format" && r.ResponseFormat != nil) {
			return p
		}
	}
	return ""
}

// Abandoned is how many streams the client closed before their end.
func (s *Server) Abandoned() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.left
}

func writeError(w http.ResponseWriter, status int, retryAfter, msg string) {
	if msg == "" {
		msg = http.StatusText(status)
	}
	if retryAfter != "" {
		w.Header().Set("Retry-After", retryAfter)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	data, _ := json.Marshal(map[string]any{"error": map[string]any{"message": msg, "type": "fake_error", "code": status}})
	w.Write(data)
}
