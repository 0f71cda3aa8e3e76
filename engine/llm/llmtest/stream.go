package llmtest

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"time"
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
	Role    string  `json:"role,omitempty"`
	Content *string `json:"content,omitempty"`
}

type usage struct {
	Prompt     int `json:"prompt_tokens"`
	Completion int `json:"completion_tokens"`
	Total      int `json:"total_tokens"`
	Details    struct {
		Cached int `json:"cached_tokens"`
	} `json:"prompt_tokens_details"`
}

// stream writes content as a chat-completions event stream.
func (s *Server) stream(w http.ResponseWriter, r *Request, content string, f Fault, cached int) {
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
	sent := 0
	for rest := content; rest != ""; {
		piece := rest
		if n := runeOffset(rest, size); n < len(rest) {
			piece = rest[:n]
		}
		rest = rest[len(piece):]
		if s.ChunkDelay > 0 {
			flush()
			time.Sleep(s.ChunkDelay)
		}
		c := base
		c.Choices = []choice{{Delta: delta{Content: &piece}}}
		send(c)
		sent++
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
	stop := "stop"
	last := base
	last.Choices = []choice{{Delta: delta{}, FinishReason: &stop}}
	send(last)
	if r.StreamOptions != nil && r.StreamOptions.IncludeUsage {
		u := base
		u.Choices = []choice{}
		prompt := tokens(r.Prompt())
		done := tokens(content)
		u.Usage = &usage{Prompt: prompt, Completion: done, Total: prompt + done}
		u.Usage.Details.Cached = min(cached, prompt)
		send(u)
	}
	bw.WriteString("data: [DONE]\n\n")
	flush()
}

// tokens estimates a token count the way rough tokenizers do: a token per
// four bytes, at least one per word.
func tokens(s string) int {
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
