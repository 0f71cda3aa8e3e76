// Package estimate counts what a study's model calls will cost before
// any is made: tokens, with a model's own tokenizer where one ships in a
// Go module (OpenAI's BPE encodings, bundled by tiktoken-go-loader, so
// nothing is downloaded), and dollars, from a small dated table of list
// prices or the prices given.
package estimate

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

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

	enc *tiktoken.Tiktoken
	// lines and pieces keep the counts of what was counted: prompts
	// repeat their lines call after call, and lines their words.
	lines, pieces memo
}

// memo keeps counts of text, up to maxSeen of them.
type memo struct {
	mu   sync.RWMutex
	seen map[string]int
}

func (m *memo) get(s string) (int, bool) {
	m.mu.RLock()
	n, ok := m.seen[s]
	m.mu.RUnlock()
	return n, ok
}

func (m *memo) put(s string, n int) {
	m.mu.Lock()
	if m.seen == nil || len(m.seen) >= maxSeen {
		m.seen = map[string]int{}
	}
	m.seen[s] = n
	m.mu.Unlock()
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
	t := &Tokenizer{Encoding: standIn, Model: model}
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
	return t.Encoding + " as an estimate\n  (" + t.Model + "'s own tokenizer is not available offline)"
}

// maxSeen bounds each memo of counts.
const maxSeen = 1 << 18

// Count is the number of tokens of text, special-token markers counted
// as plain text. Text is counted a piece at a time, cut where the
// encodings' own pre-tokenizing always cuts: after a run of line breaks,
// and before a space that a letter follows (such a space begins a word's
// piece, " word"; no piece ends in it), so the counts add up to the
// count of the whole. Each line's count and each piece's is kept.
func (t *Tokenizer) Count(text string) int {
	n := 0
	for text != "" {
		i := lineEnd(text)
		n += t.line(text[:i])
		text = text[i:]
	}
	return n
}

// lineEnd is where the first line of text ends: after its run of line
// breaks.
func lineEnd(text string) int {
	i := strings.IndexAny(text, "\r\n")
	if i < 0 {
		return len(text)
	}
	for i < len(text) && (text[i] == '\n' || text[i] == '\r') {
		i++
	}
	return i
}

func (t *Tokenizer) line(s string) int {
	if n, ok := t.lines.get(s); ok {
		return n
	}
	n := 0
	for rest := s; rest != ""; {
		i := wordStart(rest)
		n += t.piece(rest[:i])
		rest = rest[i:]
	}
	t.lines.put(s, n)
	return n
}

// wordStart is where the first piece of a line ends: before the first
// space after its start that a letter follows.
func wordStart(text string) int {
	for i := 1; i+1 < len(text); i++ {
		if text[i] == ' ' {
			if r, _ := utf8.DecodeRuneInString(text[i+1:]); unicode.IsLetter(r) {
				return i
			}
		}
	}
	return len(text)
}

func (t *Tokenizer) piece(s string) int {
	if n, ok := t.pieces.get(s); ok {
		return n
	}
	n := len(t.enc.EncodeOrdinary(s))
	t.pieces.put(s, n)
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
