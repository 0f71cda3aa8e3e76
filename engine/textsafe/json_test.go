package textsafe

import (
	"encoding/json"
	"strings"
	"testing"
)

// rawControl reports the first control character EscapeJSON must leave
// out of encoded JSON, or -1.
func rawControl(b []byte) int {
	for i, r := range string(b) {
		if r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 || isBidiControl(r) {
			return i
		}
	}
	return -1
}

func TestEscapeJSONKeepsTheTextWhole(t *testing.T) {
	in := "clip\x1b]52;c;eA==\x07 csi\u009b2J del\x7f rlo\u202eevil\u202c isolate\u2066x\u2069 mark\u200f arabic\u061c nbsp\u00a0 é ✓ \u2028"
	b, _ := json.Marshal(map[string]string{"k\u009b": in})
	out := EscapeJSON(b)
	if i := rawControl(out); i >= 0 {
		t.Fatalf("raw control left at %d: %q", i, out)
	}
	var back map[string]string
	if err := json.Unmarshal(out, &back); err != nil || back["k\u009b"] != in {
		t.Fatalf("decoded %q, %v", back, err)
	}
	for _, want := range []string{`\u009b`, `\u007f`, `\u202e`, `\u2066`, `\u200f`, `\u061c`, "é ✓", "\u00a0"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("%s missing from %s", want, out)
		}
	}
	plain := []byte(`{"a":"no controls, café"}`)
	if got := EscapeJSON(plain); &got[0] != &plain[0] {
		t.Error("text without controls was copied")
	}
}

func TestJSONWriter(t *testing.T) {
	var b strings.Builder
	enc := json.NewEncoder(JSONWriter(&b))
	enc.SetEscapeHTML(false)
	if err := enc.Encode([]string{"a\u0085b<", "\u202e"}); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), `["a\u0085b<","\u202e"]`+"\n"; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

func FuzzEscapeJSON(f *testing.F) {
	f.Add("x\u009b31m\u202e\x7f\x1b")
	f.Add("\xc2\xe2\x80\xd8")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		out := EscapeJSON(b)
		if i := rawControl(out); i >= 0 {
			t.Fatalf("raw control left in %q", out)
		}
		var want, back string
		json.Unmarshal(b, &want)
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("%q does not decode: %v", out, err)
		}
		if back != want {
			t.Fatalf("%q came back as %q", want, back)
		}
	})
}

func TestLineAndCleanAll(t *testing.T) {
	if got := Line(" a\n\tb\u2028c\r\x1b[2J  d\u0085e "); got != "a b c de" {
		t.Errorf("Line = %q", got)
	}
	type inner struct {
		Names []string
		Vals  map[string]string
	}
	v := struct {
		A      string
		P      *inner
		hidden string
	}{A: "a\x1b]0;t\x07b", P: &inner{Names: []string{"\u202ex"}, Vals: map[string]string{"k\u009b": "v\x07"}}, hidden: "\x1b"}
	CleanAll(&v)
	if v.A != "ab" || v.P.Names[0] != "x" || v.P.Vals["k"] != "v" || len(v.P.Vals) != 1 || v.hidden != "\x1b" {
		t.Errorf("CleanAll left %+v %+v", v, *v.P)
	}
}
