package llmtest

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/omnigap/omnigap/engine/llm/chat"
)

// chunk is one streamed chat.completion.chunk.
type chunk struct {
	ID      string   `json:"id"`
	Object  string   `json:"object"`
	Created int64    `json:"created"`
	Model   string   `json:"model"`
	Choices []choice `json:"choices"`
	Usage   *usage   `json:"usage"`
}

type choice struct {
	Index        int     `json:"index"`
	Delta        delta   `json:"delta"`
	FinishReason *string `json:"finish_reason"`
}

type delta struct {
	Role      string  `json:"role,omitempty"`
	Content   *string `json:"content,omitempty"`
	Reasoning string  `json:"reasoning_content,omitempty"`
}

type usage struct {
	Prompt     int `json:"prompt_tokens"`
	Completion int `json:"completion_tokens"`
	Total      int `json:"total_tokens"`
	Details    struct {
		Cached int `json:"cached_tokens"`
	} `json:"prompt_tokens_details"`
}

// stream writes content as a chat-completions event stream, after the
// thought as reasoning_content deltas.
func (s *Server) stream(w http.ResponseWriter, hr *http.Request, r *Request, content, thought string, f Fault, cached int) {
	fl, _ := w.(http.Flusher)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	bw := bufio.NewWriter(w)
	base := chunk{ID: "chatcmpl-fake", Object: "chat.completion.chunk", Created: time.Now().Unix(), Model: r.Model}
	send := func(c chunk) {
		for range s.KeepAlives {
			bw.WriteString(": keep-alive\n\n")
		}
		data, _ := json.Marshal(c)
		bw.WriteString("data: ")
		bw.Write(data)
		bw.WriteString("\n\n")
	}
	flush := func() {
		bw.Flush()
		if fl != nil {
			fl.Flush()
		}
	}
	empty := ""
	first := base
	first.Choices = []choice{{Delta: delta{Role: "assistant", Content: &empty}}}
	send(first)
	size := s.ChunkRunes
	if size <= 0 {
		size = 12
	}
	for rest := thought; rest != ""; {
		piece := rest[:runeOffset(rest, size)]
		rest = rest[len(piece):]
		c := base
		c.Choices = []choice{{Delta: delta{Reasoning: piece}}}
		send(c)
	}
	stop := "stop"
	if f.Length > 0 && f.Length < len([]rune(content)) {
		content, stop = content[:runeOffset(content, f.Length)], "length"
	}
	sent := 0
	for rest := content; rest != ""; {
		piece := rest
		if n := runeOffset(rest, size); n < len(rest) {
			piece = rest[:n]
		}
		rest = rest[len(piece):]
		if s.ChunkDelay > 0 {
			flush()
			select {
			case <-time.After(s.ChunkDelay):
			case <-hr.Context().Done():
				s.mu.Lock()
				s.left++
				s.mu.Unlock()
				return
			}
		}
		c := base
		c.Choices = []choice{{Delta: delta{Content: &piece}}}
		send(c)
		sent++
		if f.Stall > 0 && sent == 1 {
			flush()
			time.Sleep(f.Stall)
		}
		if f.BadChunk && sent == 1 {
			bw.WriteString("data: {\"id\": \"chatcmpl-fake\", \"choices\": [{\"delta\": {\"content\": \"oops\"\n\n")
			flush()
			return
		}
		if f.DropAfter > 0 && sent == f.DropAfter {
			flush()
			panic(http.ErrAbortHandler) // closes the connection mid-stream
		}
	}
	last := base
	last.Choices = []choice{{Delta: delta{}, FinishReason: &stop}}
	send(last)
	if r.StreamOptions != nil && r.StreamOptions.IncludeUsage {
		u := base
		u.Choices = []choice{}
		u.Usage = s.usageOf(r, content, cached)
		send(u)
	}
	bw.WriteString("data: [DONE]\n\n")
	flush()
}

func (s *Server) usageOf(r *Request, content string, cached int) *usage {
	prompt, done := s.tokens(r, content)
	u := &usage{Prompt: prompt, Completion: done, Total: prompt + done}
	u.Details.Cached = min(cached, prompt)
	return u
}

// whole answers with one non-streaming chat.completion body.
func (s *Server) whole(w http.ResponseWriter, r *Request, content, thought string, f Fault, cached int) {
	stop := "stop"
	if f.Length > 0 && f.Length < len([]rune(content)) {
		content, stop = content[:runeOffset(content, f.Length)], "length"
	}
	msg := map[string]any{"role": "assistant", "content": content}
	if thought != "" {
		msg["reasoning_content"] = thought
	}
	body, _ := json.Marshal(map[string]any{"id": "chatcmpl-fake", "object": "chat.completion", "model": r.Model,
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": stop}},
		"usage":   s.usageOf(r, content, cached)})
	w.Header().Set("Content-Type", "application/json")
	w.Write(body)
}

// tokens counts a request's prompt and reply: with the Tokenizer when
// the server has one, else as rough tokenizers do (roughTokens).
func (s *Server) tokens(r *Request, content string) (prompt, reply int) {
	if s.Tokenizer == nil {
		return roughTokens(r.Prompt()), roughTokens(content)
	}
	msgs := make([]chat.Message, len(r.Messages))
	for i, m := range r.Messages {
		msgs[i] = chat.Message{Role: chat.Role(m.Role), Content: m.Content}
	}
	return s.Tokenizer.Chat(msgs), s.Tokenizer.Count(content)
}

// roughTokens estimates a token count the way rough tokenizers do: a
// token per four bytes, at least one per word.
func roughTokens(s string) int {
	return max(len(s)/4, len(strings.Fields(s)))
}

func runeOffset(s string, n int) int {
	for i := range s {
		if n == 0 {
			return i
		}
		n--
	}
	return len(s)
}
