package openaiapi

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
)

// Some servers ignore "stream": true and answer with one chat.completion
// JSON body. go-openai would read that body as a stream without a single
// data line and report a clean, empty end; asStream rewrites it into the
// event stream it expects, so the reply is used instead of thrown away.

// plainReply is the part of a non-streaming chat.completion we use.
type plainReply struct {
	ID      string `json:"id"`
	Model   string `json:"model"`
	Choices []struct {
		Index   int `json:"index"`
		Message struct {
			Content          string `json:"content"`
			ReasoningContent string `json:"reasoning_content"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage json.RawMessage `json:"usage"`
}

// asStream replaces a successful JSON body with the same reply as an SSE
// stream. Other responses are returned as they are.
func asStream(resp *http.Response) *http.Response {
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Type"), "json") {
		return resp
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	var plain plainReply
	if err != nil || json.Unmarshal(body, &plain) != nil || len(plain.Choices) == 0 {
		// Not a completion: let go-openai read the bytes as they came.
		resp.Body = io.NopCloser(bytes.NewReader(body))
		return resp
	}
	var sse bytes.Buffer
	write := func(v any) {
		data, _ := json.Marshal(v)
		sse.WriteString("data: ")
		sse.Write(data)
		sse.WriteString("\n\n")
	}
	for _, ch := range plain.Choices {
		finish := ch.FinishReason
		if finish == "" {
			finish = "stop" // a whole body is a whole reply
		}
		write(map[string]any{"id": plain.ID, "object": "chat.completion.chunk", "model": plain.Model,
			"choices": []any{map[string]any{"index": ch.Index, "finish_reason": finish, "delta": map[string]any{
				"role": "assistant", "content": ch.Message.Content, "reasoning_content": ch.Message.ReasoningContent}}}})
	}
	if len(plain.Usage) > 0 && string(plain.Usage) != "null" {
		write(map[string]any{"id": plain.ID, "object": "chat.completion.chunk", "model": plain.Model,
			"choices": []any{}, "usage": plain.Usage})
	}
	sse.WriteString("data: [DONE]\n\n")
	resp.Header.Set("Content-Type", "text/event-stream")
	resp.Body = io.NopCloser(&sse)
	resp.ContentLength = int64(sse.Len())
	return resp
}
