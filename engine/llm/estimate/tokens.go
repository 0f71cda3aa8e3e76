// Package estimate counts what a study's model calls will cost before
// any is made: tokens, with a model's own tokenizer where one ships in a
// Go module (OpenAI's BPE encodings, bundled by tiktoken-go-loader, so
// nothing is downloaded), and dollars, from a small dated table of list
// prices or the prices given.
package estimate

import (
	"strings"
	"sync"

	"github.com/pkoukk/tiktoken-go"
	loader "github.com/pkoukk/tiktoken-go-loader"

	"github.com/omnigap/omnigap/engine/llm/chat"
)

// Tokenizer counts the tokens of a model's prompts and replies.
type Tokenizer struct {
	// Encoding is the BPE encoding counted with.
	Encoding string
	// Exact says the encoding is the model's own; otherwise it stands in
	// for a tokenizer that is not available offline, and counts are an
	// estimate.
	Exact bool
	Model string

	enc  *tiktoken.Tiktoken
	mu   sync.Mutex
	seen map[string]int
}

// encodings are the BPE encodings, each loaded once, from the bundled
// files (never the network).
var encodings = struct {
	once sync.Once
	mu   sync.Mutex
	made map[string]*tiktoken.Tiktoken
}{made: map[string]*tiktoken.Tiktoken{}}

func encoding(name string) *tiktoken.Tiktoken {
	encodings.once.Do(func() { tiktoken.SetBpeLoader(loader.NewOfflineLoader()) })
	encodings.mu.Lock()
	defer encodings.mu.Unlock()
	if e, ok := encodings.made[name]; ok {
		return e
	}
	e, err := tiktoken.GetEncoding(name)
	if err != nil {
		// The encodings are bundled: a failure here is a broken build.
		panic("estimate: bundled encoding " + name + ": " + err.Error())
	}
	encodings.made[name] = e
	return e
}

// ownEncodings maps OpenAI's model names (a dated snapshot by its prefix)
// to their tokenizers.
var ownEncodings = []struct{ prefix, encoding string }{
	{"gpt-4o", "o200k_base"}, {"chatgpt-4o", "o200k_base"}, {"gpt-4.1", "o200k_base"}, {"gpt-4.5", "o200k_base"},
	{"gpt-5", "o200k_base"}, {"o1", "o200k_base"}, {"o3", "o200k_base"}, {"o4-mini", "o200k_base"},
	{"gpt-4", "cl100k_base"}, {"gpt-3.5-turbo", "cl100k_base"},
}

// stand-in is the encoding that counts for models whose tokenizer does
// not ship offline (Llama, Qwen, Mistral ...): most BPE tokenizers of
// that generation count English within about a tenth of it.
const standIn = "cl100k_base"

// For returns the tokenizer of model: its own for OpenAI's models (a
// "provider/" prefix, as OpenRouter's, is ignored), else the stand-in,
// marked not Exact.
func For(model string) *Tokenizer {
	name := strings.ToLower(model[strings.LastIndex(model, "/")+1:])
	t := &Tokenizer{Encoding: standIn, Model: model, seen: map[string]int{}}
	for _, e := range ownEncodings {
		if name == e.prefix || strings.HasPrefix(name, e.prefix+"-") {
			t.Encoding, t.Exact = e.encoding, true
			break
		}
	}
	t.enc = encoding(t.Encoding)
	return t
}

// Describe says what counts the tokens, and whether that is the model's
// own tokenizer.
func (t *Tokenizer) Describe() string {
	if t.Exact {
		return t.Encoding + ", " + t.Model + "'s own tokenizer"
	}
	return t.Encoding + " as an estimate: " + t.Model + "'s own tokenizer is not available offline"
}

// maxSeen bounds the memo of counted pieces.
const maxSeen = 1 << 18

// Count is the number of tokens of text, special-token markers counted
// as plain text. Text is counted a line at a time (a line with the line
// breaks after it), which gives the count of the whole, as the encodings
// never join a line break to the text after it; each line's count is
// kept, since prompts repeat their lines call after call.
func (t *Tokenizer) Count(text string) int {
	n := 0
	for text != "" {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			i = len(text)
		}
		for i < len(text) && (text[i] == '\n' || text[i] == '\r') {
			i++
		}
		n += t.line(text[:i])
		text = text[i:]
	}
	return n
}

func (t *Tokenizer) line(s string) int {
	t.mu.Lock()
	n, ok := t.seen[s]
	t.mu.Unlock()
	if ok {
		return n
	}
	n = len(t.enc.EncodeOrdinary(s))
	t.mu.Lock()
	if len(t.seen) >= maxSeen {
		clear(t.seen)
	}
	t.seen[s] = n
	t.mu.Unlock()
	return n
}

// Per OpenAI's chat format, each message costs its role and content and
// a few tokens that frame it, and the reply is primed with a few more.
const (
	perMessage = 3
	perReply   = 3
)

// Chat is the prompt tokens of a chat request's messages.
func (t *Tokenizer) Chat(msgs []chat.Message) int {
	n := perReply
	for _, m := range msgs {
		n += perMessage + t.Count(string(m.Role)) + t.Count(m.Content)
	}
	return n
}
