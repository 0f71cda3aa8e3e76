package estimate

import (
	"math"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/llm/chat"
)

// Counting piece by piece gives the count of the whole text, for both
// encodings, on text with blank lines, runs of spaces, trailing spaces,
// CRLF, numbers, JSON, contractions, capitals, accents and other scripts.
func TestCountingByPiecesIsCountingTheWhole(t *testing.T) {
	texts := []string{
		"Scenario: Road bike\nSetting: Listed on Craigslist for $1,200.\n\n\nCharacter 1: Maya (seller)  \n  indented line\r\nTurn 3 of 20 is yours, Maya. Answer with one JSON object.\n" +
			`{"action": "speak", "text": "I can do 950 -- no less."}` + "\n\n  \n<|endoftext|> stays text\nend",
		"I'm sure you'll say it's   too much; we'd   rather\tnot.  THE END OF IT, Mr. O'Neil?  Ça va — très bien.  日本語 のテキスト  and  ǅemal",
		"  leading spaces, then words\n\n\n   more  \n", "a", " ", "\n", "x  y", "1 2 3 a b c", "end with a space ",
		`{"believability": {"reasoning": "we could look at this", "score": 0}, "secret": {"reasoning": "x", "score": -3}}`,
	}
	for _, model := range []string{"gpt-4o", "gpt-4"} {
		tok := For(model)
		for _, text := range texts {
			whole := len(tok.enc.EncodeOrdinary(text))
			if got := tok.Count(text); got != whole {
				t.Errorf("%s: %d by pieces, %d whole: %q", model, got, whole, text)
			}
			if tok.Count(text) != whole {
				t.Errorf("%s: counted again from the memo, the count changed", model)
			}
		}
	}
}

func TestTokenizersAndTheirNames(t *testing.T) {
	for model, want := range map[string]string{
		"gpt-4o": "o200k_base", "gpt-4o-mini": "o200k_base", "openai/gpt-4.1-mini": "o200k_base", "o3-mini": "o200k_base",
		"gpt-4": "cl100k_base", "gpt-3.5-turbo-0125": "cl100k_base",
	} {
		if tok := For(model); tok.Encoding != want || !tok.Exact {
			t.Errorf("%s: %s exact %v, want %s", model, tok.Encoding, tok.Exact, want)
		}
	}
	tok := For("qwen2.5-7b-instruct")
	if tok.Exact || !strings.Contains(tok.Describe(), "estimate") {
		t.Errorf("a model without an offline tokenizer: %s", tok.Describe())
	}
	// "Hello world" is two tokens in both encodings; a chat adds its frame.
	if n := For("gpt-4o").Chat([]chat.Message{{Role: chat.User, Content: "Hello world"}}); n != 3+1+2+3 {
		t.Errorf("chat of one message: %d tokens, want 9", n)
	}
}

func TestListPrices(t *testing.T) {
	p, ok := ListPrice("gpt-4o-2024-08-06")
	if !ok || p.In != 2.5 || p.Out != 10 || !strings.Contains(p.Source, PricesDated) {
		t.Errorf("gpt-4o snapshot: %+v %v", p, ok)
	}
	if p, _ := ListPrice("gpt-4o-mini"); p.In != 0.15 {
		t.Errorf("gpt-4o-mini took %+v", p)
	}
	if _, ok := ListPrice("llama3.1"); ok {
		t.Error("a price for a model the table lacks")
	}
	if c := (Price{In: 2.5, Out: 10}).Cost(2_000_000, 100_000); math.Abs(c-6) > 1e-9 {
		t.Errorf("cost %v, want 6", c)
	}
}
