package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
)

// Redactor replaces a scenario's private facts (each seat's and the
// environment's) with placeholders for sharing. A fact always gets the
// same placeholder, numbered by owner in the scenario's fact order, such
// as [seat0-fact2] or [env-fact1]: files redacted apart still line up. A
// character's secret, wherever it is quoted whole, becomes [seat0-secret].
// Public facts, names of the characters and the setting stay.
type Redactor struct {
	facts    []scenario.Fact // the private facts
	holders  []string        // placeholder ids, facts[i] -> holders[i]
	byID     map[string]string
	matcher  *leak.Matcher
	literals []literal // surface texts, longest first
}

type literal struct{ from, to string }

// NewRedactor collects the private facts of sc, the ones the annotator
// tracks (leak.Facts), derived facts included.
func NewRedactor(sc *scenario.Scenario) *Redactor {
	r := &Redactor{byID: map[string]string{}}
	counts := map[string]int{}
	for _, f := range leak.Facts(sc) {
		if f.Owner == scenario.OwnerPublic {
			continue
		}
		owner := "env"
		if f.Owner >= 0 {
			owner = fmt.Sprintf("seat%d", f.Owner)
		}
		counts[owner]++
		id := fmt.Sprintf("%s-fact%d", owner, counts[owner])
		r.facts = append(r.facts, f)
		r.holders = append(r.holders, id)
		r.byID[f.ID] = id
		for _, s := range slices.Concat([]string{f.Text}, f.Phrases, f.Paraphrases, f.Aliases) {
			if strings.TrimSpace(s) != "" {
				r.literals = append(r.literals, literal{s, "[" + id + "]"})
			}
		}
	}
	for seat, s := range sc.Seats {
		if secret := strings.TrimSpace(s.Character.Secret); secret != "" {
			r.literals = append(r.literals, literal{secret, fmt.Sprintf("[seat%d-secret]", seat)})
		}
	}
	slices.SortStableFunc(r.literals, func(a, b literal) int { return len(b.from) - len(a.from) })
	r.matcher = leak.Compile(r.facts)
	return r
}

// Text returns s with every mention of a private fact (any way the
// annotator recognises it: "$520", "five twenty", a first name) and every
// fact's own wording replaced by the fact's placeholder.
func (r *Redactor) Text(s string) string {
	for _, l := range r.literals {
		s = strings.ReplaceAll(s, l.from, l.to)
	}
	hits := r.matcher.Find(s)
	if len(hits) == 0 {
		return s
	}
	runes := []rune(s)
	var b strings.Builder
	at := 0
	for _, h := range hits {
		if h.Start < at || h.End <= h.Start {
			continue // inside a span already replaced, or a structured move
		}
		start := h.Start
		if start > at && runes[start-1] == '$' {
			start-- // "$520" goes whole
		}
		b.WriteString(string(runes[at:start]))
		b.WriteString("[" + r.holders[h.Fact] + "]")
		at = h.End
	}
	b.WriteString(string(runes[at:]))
	return b.String()
}

// priceKeys are the JSON fields that hold amounts a private price can be.
var priceKeys = map[string]bool{"price": true, "number": true, "target": true, "bottomline": true}

// number returns the placeholder of the private price v equals, if any.
func (r *Redactor) number(v float64) (string, bool) {
	for i, f := range r.facts {
		if f.Kind == scenario.FactPrice && f.Number != nil && math.Abs(*f.Number-v) <= math.Max(f.Tolerance, 1e-9) {
			return "[" + r.holders[i] + "]", true
		}
	}
	return "", false
}

// value redacts one decoded JSON value found under key.
func (r *Redactor) value(key string, v any) any {
	switch v := v.(type) {
	case string:
		if id, ok := r.byID[v]; ok {
			return id
		}
		return r.Text(v)
	case json.Number:
		if f, err := v.Float64(); err == nil && priceKeys[key] {
			if p, ok := r.number(f); ok {
				return p
			}
		}
		return v
	case map[string]any:
		for k, x := range v {
			v[k] = r.value(k, x)
		}
		return v
	case []any:
		for i, x := range v {
			v[i] = r.value(key, x)
		}
		return v
	}
	return v
}

// Recording writes a redacted copy of the recording at path to w: every
// line redacted field by field. Streamed text is redacted per turn (a
// price said as "five" "twenty" spans two pieces): a turn's first delta
// carries the whole redacted text and its others are emptied, so the file
// keeps its lines. The copy is for reading and sharing: with its private
// prices gone, a Craigslist scenario no longer validates for replay.
func Recording(w io.Writer, path string) error {
	rec, err := record.Read(path)
	if err != nil {
		return err
	}
	r := NewRedactor(rec.Header.Scenario)
	raw, err := readLines(path, rec.Lines)
	if err != nil {
		return err
	}
	said := map[float64]string{} // turn -> the turn's streamed text
	for _, l := range raw {
		if l["kind"] == "delta" {
			t := turnOf(l)
			piece, _ := l["delta"].(string)
			said[t] += piece
		}
	}
	bw := bufio.NewWriter(w)
	seen := map[float64]bool{}
	for _, l := range raw {
		if l["kind"] == "delta" {
			t := turnOf(l)
			l["delta"] = ""
			if !seen[t] {
				seen[t] = true
				l["delta"] = r.Text(said[t])
			}
		}
		out, err := json.Marshal(r.value("", l))
		if err != nil {
			return err
		}
		bw.Write(append(out, '\n'))
	}
	return bw.Flush()
}

func turnOf(l map[string]any) float64 {
	num, _ := l["turn"].(json.Number)
	n, _ := num.Float64()
	return n
}

// readLines decodes the first n lines of a recording as generic JSON,
// numbers kept exact.
func readLines(path string, n int) ([]map[string]any, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	lines := bytes.SplitN(b, []byte("\n"), n+1)
	out := make([]map[string]any, 0, n)
	for i, line := range lines[:min(n, len(lines))] {
		d := json.NewDecoder(bytes.NewReader(line))
		d.UseNumber()
		var m map[string]any
		if err := d.Decode(&m); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, i+1, err)
		}
		out = append(out, m)
	}
	return out, nil
}
