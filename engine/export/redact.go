package export

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
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
	matcher  *match.Matcher
	literals []literal // surface texts, longest first
	// said remembers the redaction of short texts, which a recording
	// repeats on every line (kinds, speakers, backends, the run id).
	said map[string]string
}

// Bounds on Redactor.said: the texts it keeps and how many.
const (
	saidMaxBytes = 64
	saidMax      = 4096
)

type literal struct{ from, to string }

// NewRedactor collects the private facts of sc, the ones the annotator
// tracks (leak.Facts), derived facts included.
func NewRedactor(sc *scenario.Scenario) *Redactor {
	r := &Redactor{byID: map[string]string{}, said: map[string]string{}}
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
	r.matcher = match.Compile(r.facts)
	return r
}

// Text returns s with every mention of a private fact (any way the
// annotator recognises it: "$520", "five twenty", a first name) and every
// fact's own wording replaced by the fact's placeholder.
func (r *Redactor) Text(s string) string {
	short := len(s) <= saidMaxBytes
	if out, ok := r.said[s]; ok && short {
		return out
	}
	out := r.text(s)
	if short && len(r.said) < saidMax {
		r.said[s] = out
	}
	return out
}

func (r *Redactor) text(s string) string {
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
		r.factWording(v)
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

// factWording replaces the wording of a private fact's own record (in a
// recording's header) with its placeholder whole: the stored text of a
// derived fact may say its number otherwise than the sentence it was
// derived from, or otherwise than the matcher can read.
func (r *Redactor) factWording(m map[string]any) {
	id, _ := m["id"].(string)
	holder, private := r.byID[id]
	if _, isFact := m["kind"]; !private || !isFact {
		return
	}
	for _, k := range []string{"text", "phrases", "aliases"} {
		switch x := m[k].(type) {
		case string:
			m[k] = "[" + holder + "]"
		case []any:
			for i := range x {
				x[i] = "[" + holder + "]"
			}
		}
	}
}

// Recording writes a redacted copy of the recording at path to w: every
// line redacted field by field. Streamed text is redacted per turn (a
// price said as "five" "twenty" spans two pieces): a turn's first delta
// carries the whole redacted text and its others are emptied, so the file
// keeps its lines. The copy is for reading and sharing: with its private
// prices gone, a Craigslist scenario no longer validates for replay.
//
// The recording is read twice, a line at a time: once checked whole as
// replay reads it, then copied. Memory holds one turn's lines (at most
// maxGroupBytes of them), however long the recording. It stops with ctx's
// error when ctx is done.
func Recording(ctx context.Context, w io.Writer, path string) error {
	rec, err := checked(ctx, path)
	if err != nil {
		return err
	}
	f, err := safefile.OpenCapped(path, record.MaxFileBytes)
	if err != nil {
		return err
	}
	defer f.Close()
	c := copier{r: NewRedactor(rec.Header.Scenario), out: bufio.NewWriter(w)}
	lines := safefile.NewLines(f, record.MaxLineBytes)
	for n := 1; n <= rec.Lines; n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		line, _, err := lines.Next()
		if err != nil && (err != io.EOF || len(line) == 0) {
			return fmt.Errorf("%s:%d: %w", path, n, err)
		}
		d := json.NewDecoder(bytes.NewReader(line))
		d.UseNumber()
		var m map[string]any
		if err := d.Decode(&m); err != nil {
			return fmt.Errorf("%s:%d: %w", path, n, err)
		}
		if err := c.line(m, len(line)); err != nil {
			return err
		}
	}
	if err := c.flush(); err != nil {
		return err
	}
	return c.out.Flush()
}

// checked reads the recording at path through, checking every line as
// replay does, and returns it without its events (how many lines are
// whole, the header).
func checked(ctx context.Context, path string) (*record.Recording, error) {
	rec, err := record.ReadHeader(ctx, path)
	if err != nil {
		return nil, err
	}
	s, err := rec.Stream()
	if err != nil {
		return nil, err
	}
	defer s.Close()
	for {
		if _, err := s.Next(ctx); err == io.EOF {
			return s.Read(), nil
		} else if err != nil {
			return nil, err
		}
	}
}

// maxGroupBytes caps the lines of one turn held to redact its streamed
// text whole; a turn streamed in more is redacted in parts.
const maxGroupBytes = 8 << 20

// copier writes redacted lines, holding back a turn's lines from its
// first delta until the turn is over, so the turn's streamed text is
// redacted whole.
type copier struct {
	r     *Redactor
	out   *bufio.Writer
	turn  float64 // of the held lines
	held  []map[string]any
	said  strings.Builder
	bytes int
}

func (c *copier) line(m map[string]any, size int) error {
	delta := m["kind"] == "delta"
	if len(c.held) > 0 && (turnOf(m) != c.turn || m["kind"] == "turn_completed" || c.bytes > maxGroupBytes) {
		if err := c.flush(); err != nil {
			return err
		}
	}
	if len(c.held) == 0 && !delta {
		return c.write(m)
	}
	c.turn = turnOf(m)
	c.held = append(c.held, m)
	c.bytes += size
	if delta {
		piece, _ := m["delta"].(string)
		c.said.WriteString(piece)
	}
	return nil
}

// flush writes the held lines, the turn's whole redacted text in its
// first delta.
func (c *copier) flush() error {
	first := true
	for _, m := range c.held {
		if m["kind"] == "delta" {
			m["delta"] = ""
			if first {
				m["delta"], first = c.r.Text(c.said.String()), false
			}
		}
		if err := c.write(m); err != nil {
			return err
		}
	}
	c.held, c.bytes = c.held[:0], 0
	c.said.Reset()
	return nil
}

func (c *copier) write(m map[string]any) error {
	out, err := json.Marshal(c.r.value("", m))
	if err != nil {
		return err
	}
	c.out.Write(textsafe.EscapeJSON(out))
	return c.out.WriteByte('\n')
}

func turnOf(l map[string]any) float64 {
	num, _ := l["turn"].(json.Number)
	n, _ := num.Float64()
	return n
}
