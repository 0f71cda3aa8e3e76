package export

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"math"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/amount"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/library"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/sotopiawire"
	"github.com/omnigap/omnigap/engine/view"
)

func shipped(t *testing.T, pattern string) []*record.Recording {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("../../recordings", pattern))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no recordings match %s: %v", pattern, err)
	}
	var recs []*record.Recording
	for _, p := range paths {
		r, err := record.Read(p)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	return recs
}

// lines decodes JSONL, failing on any line that is not one JSON object.
func lines[T any](t *testing.T, b []byte) []T {
	t.Helper()
	var out []T
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<24)
	for n := 1; sc.Scan(); n++ {
		var v T
		d := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		d.DisallowUnknownFields()
		if err := d.Decode(&v); err != nil {
			t.Fatalf("line %d: %v\n%s", n, err, sc.Text())
		}
		out = append(out, v)
	}
	return out
}

// The finetune export is chat JSONL: a system message, then user and
// assistant turns; the system message is the seat's AGENTS View and
// never holds the partner's private facts.
func TestFinetuneChatFormat(t *testing.T) {
	recs := shipped(t, "*-script-s1.jsonl")
	var b bytes.Buffer
	st, err := Finetune(&b, recs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	exs := lines[Example](t, b.Bytes())
	if len(exs) != 2*len(recs)-st.Silent || st.Written != len(exs) {
		t.Fatalf("%d examples (stats %+v) from %d recordings, want 2 each", len(exs), st, len(recs))
	}
	for _, ex := range exs {
		var rec *record.Recording
		for _, r := range recs {
			if filepath.Base(r.Path) == ex.Metadata.Recording {
				rec = r
			}
		}
		sc := rec.Header.Scenario
		seat := ex.Metadata.Seat
		if ex.Messages[0].Role != "system" || ex.Messages[0].Content != view.For(sc, view.Agents, seat).Render() {
			t.Errorf("%s seat %d: the system message is not the seat's AGENTS View", ex.Metadata.Recording, seat)
		}
		partner := sc.Seats[scenario.Partner(seat)]
		for _, f := range partner.Facts {
			if mentions(ex.Messages[0].Content, f) {
				t.Errorf("%s seat %d: system message holds the partner's fact %s", ex.Metadata.Recording, seat, f.ID)
			}
		}
		own := sc.Seats[seat].Character.Goal
		if partner.Character.Goal != "" && partner.Character.Goal != own && strings.Contains(ex.Messages[0].Content, partner.Character.Goal) {
			t.Errorf("%s seat %d: system message holds the partner's goal", ex.Metadata.Recording, seat)
		}
		// After the system message, user and assistant alternate, from
		// a user message to an assistant message.
		for i, m := range ex.Messages[1:] {
			want := "user"
			if i%2 == 1 {
				want = "assistant"
			}
			if m.Role != want || m.Content == "" {
				t.Errorf("%s seat %d: message %d is %+v, want a %s message", ex.Metadata.Recording, seat, i+1, m, want)
			}
		}
		if n := len(ex.Messages); n < 3 || ex.Messages[n-1].Role != "assistant" {
			t.Errorf("%s seat %d: the example does not end with the seat's line", ex.Metadata.Recording, seat)
		}
		// Every line of the seat is an assistant message.
		mine := 0
		for _, ev := range rec.Events {
			if ev.Kind == event.TurnCompleted && ev.Seat == seat {
				mine++
			}
		}
		got := 0
		for _, m := range ex.Messages {
			if m.Role == "assistant" {
				got++
			}
		}
		if got != mine {
			t.Errorf("%s seat %d: %d assistant messages for %d lines", ex.Metadata.Recording, seat, got, mine)
		}
	}
}

// mentions reports whether text states fact f, by the annotator's rules,
// not counting the fact's own seat lines a View may quote on purpose.
func mentions(text string, f scenario.Fact) bool {
	return len(match.Compile([]scenario.Fact{f}).Find(text)) > 0
}

// --drop-leaky drops exactly the examples whose seat has a leak annotation.
func TestDropLeaky(t *testing.T) {
	recs := shipped(t, "*-script-s1.jsonl")
	leaky := map[string]bool{}
	for _, r := range recs {
		for _, ev := range r.Events {
			if ev.Kind == event.Annotated && ev.Annotation.Kind == event.Leak {
				leaky[filepath.Base(r.Path)+string(rune('0'+ev.Seat))] = true
			}
		}
	}
	if len(leaky) == 0 {
		t.Fatal("the shipped SCRIPT recordings have no leaks; the test proves nothing")
	}
	var all, kept bytes.Buffer
	if _, err := Finetune(&all, recs, Options{}); err != nil {
		t.Fatal(err)
	}
	st, err := Finetune(&kept, recs, Options{DropLeaky: true})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, ex := range lines[Example](t, all.Bytes()) {
		key := ex.Metadata.Recording + string(rune('0'+ex.Metadata.Seat))
		if (ex.Metadata.Annotations[event.Leak] > 0) != leaky[key] {
			t.Errorf("%s: leak count %d disagrees with the recording", key, ex.Metadata.Annotations[event.Leak])
		}
		if !leaky[key] {
			want[key] = true
		}
	}
	got := map[string]bool{}
	for _, ex := range lines[Example](t, kept.Bytes()) {
		got[ex.Metadata.Recording+string(rune('0'+ex.Metadata.Seat))] = true
	}
	if len(got) != len(want) || st.Dropped != len(leaky) {
		t.Fatalf("kept %v, want %v (dropped %d, leaky %d)", got, want, st.Dropped, len(leaky))
	}
	for k := range want {
		if !got[k] {
			t.Errorf("%s was dropped but has no leak", k)
		}
	}
}

// Every non-mode recording refuses a finetune export with the file named.
func TestFinetuneRefusesOtherModes(t *testing.T) {
	recs := shipped(t, "craigslist_road-bike-agents-s1.jsonl")
	_, err := Finetune(&bytes.Buffer{}, recs, Options{})
	if err == nil || !strings.Contains(err.Error(), "craigslist_road-bike-agents-s1.jsonl") {
		t.Fatalf("err = %v", err)
	}
}

// The Sotopia export decodes into the EpisodeLog shape with a first turn
// of backgrounds and one turn per recorded turn.
func TestSotopiaShape(t *testing.T) {
	recs := shipped(t, "craigslist_road-bike-*.jsonl")
	var b bytes.Buffer
	if _, err := Sotopia(&b, recs, Options{}); err != nil {
		t.Fatal(err)
	}
	logs := lines[sotopiawire.EpisodeLog](t, b.Bytes())
	for i, l := range logs {
		if len(l.Agents) != 2 || len(l.Rewards) != 2 {
			t.Errorf("log %d: agents %v rewards %v", i, l.Agents, l.Rewards)
		}
		if got, want := len(l.Messages)-1, recs[i].Ending().Turns; got != want {
			t.Errorf("log %d: %d turns, want %d", i, got, want)
		}
		if l.Messages[0][0][0] != "Environment" || l.Messages[1][0][1] != "Environment" {
			t.Errorf("log %d: unexpected senders %v", i, l.Messages[:2])
		}
	}
}

// walk calls fn with every string and every number under a price key in
// a decoded JSON value.
func walk(v any, key string, str func(string), num func(string, float64)) {
	switch v := v.(type) {
	case string:
		str(v)
	case float64:
		num(key, v)
	case map[string]any:
		for k, x := range v {
			walk(x, k, str, num)
		}
	case []any:
		for _, x := range v {
			walk(x, key, str, num)
		}
	}
}

// privateLeft lists the private facts of sc still present in redacted.
func privateLeft(t *testing.T, sc *scenario.Scenario, redacted []byte) []string {
	var left []string
	facts := leak.Facts(sc)
	var words []*regexp.Regexp
	for _, f := range facts {
		if f.Kind == scenario.FactName || f.Kind == scenario.FactValue {
			for _, p := range append(append([]string{}, f.Phrases...), f.Aliases...) {
				words = append(words, regexp.MustCompile(`(?i)\b`+regexp.QuoteMeta(p)+`\b`))
			}
		}
	}
	sc2 := bufio.NewScanner(bytes.NewReader(redacted))
	sc2.Buffer(nil, 1<<24)
	for sc2.Scan() {
		var v any
		if err := json.Unmarshal(sc2.Bytes(), &v); err != nil {
			t.Fatalf("redacted line is not JSON: %v", err)
		}
		walk(v, "", func(s string) {
			for _, f := range facts {
				if f.Owner == scenario.OwnerPublic {
					continue
				}
				if f.Kind == scenario.FactPrice {
					for _, a := range amount.Amounts(s) {
						if math.Abs(a-*f.Number) <= f.Tolerance {
							left = append(left, f.ID+" in "+s)
						}
					}
				}
				if f.Text != "" && strings.Contains(s, f.Text) {
					left = append(left, f.ID+" text in "+s)
				}
			}
			for _, w := range words {
				if w.MatchString(s) {
					left = append(left, w.String()+" in "+s)
				}
			}
		}, func(key string, n float64) {
			if !priceKeys[key] {
				return
			}
			for _, f := range facts {
				if f.Owner != scenario.OwnerPublic && f.Kind == scenario.FactPrice && math.Abs(n-*f.Number) <= f.Tolerance {
					left = append(left, f.ID+" as number")
				}
			}
		})
	}
	return left
}

// A redacted recording and a redacted export hold no private fact, and a
// fact gets the same placeholder in every file.
func TestRedact(t *testing.T) {
	for _, family := range []string{"craigslist", "mutualfriends"} {
		recs := shipped(t, family+"_*.jsonl")
		sc := recs[0].Header.Scenario
		placeholders := map[string]string{}
		for _, r := range recs {
			var b bytes.Buffer
			if err := Recording(context.Background(), &b, r.Path); err != nil {
				t.Fatal(err)
			}
			if left := privateLeft(t, sc, b.Bytes()); len(left) > 0 {
				t.Errorf("%s: private facts left after redaction: %v", r.Path, left)
			}
			// The header's facts carry their placeholder as their id.
			var h struct {
				Scenario struct {
					Seats []struct {
						Facts []struct{ ID, Text string }
					}
				}
			}
			json.Unmarshal(bytes.SplitN(b.Bytes(), []byte("\n"), 2)[0], &h)
			for i, s := range h.Scenario.Seats {
				for j, f := range s.Facts {
					key := string(rune('0'+i)) + "/" + string(rune('0'+j))
					if prev, ok := placeholders[key]; ok && prev != f.ID+f.Text {
						t.Errorf("%s: fact %s redacted as %q, elsewhere %q", r.Path, key, f.ID+f.Text, prev)
					}
					placeholders[key] = f.ID + f.Text
				}
			}
			if len(placeholders) == 0 {
				t.Fatal("no facts in the redacted header")
			}
		}
		var b bytes.Buffer
		if _, err := Sotopia(&b, recs, Options{Redact: true}); err != nil {
			t.Fatal(err)
		}
		if left := privateLeft(t, sc, b.Bytes()); len(left) > 0 {
			t.Errorf("%s sotopia export: private facts left: %v", family, left)
		}
		var ft bytes.Buffer
		if _, err := Finetune(&ft, shipped(t, family+"_*-script-s1.jsonl"), Options{Redact: true}); err != nil {
			t.Fatal(err)
		}
		if left := privateLeft(t, sc, ft.Bytes()); len(left) > 0 {
			t.Errorf("%s finetune export: private facts left: %v", family, left)
		}
	}
}

// The same fact gets the same placeholder however it is said.
func TestRedactorStablePlaceholders(t *testing.T) {
	sc := shipped(t, "craigslist_road-bike-script-s1.jsonl")[0].Header.Scenario
	r := NewRedactor(sc)
	a := r.Text("I won't go below $520.")
	b := NewRedactor(sc).Text("Five twenty is my floor, 520 dollars.")
	if !strings.Contains(a, "[seat0-fact2]") || strings.Count(b, "[seat0-fact2]") != 2 {
		t.Errorf("placeholders: %q / %q", a, b)
	}
}

// A free-form scenario's secrets and facts leave a redacted recording:
// quoted whole, by their phrases, names and amounts.
func TestRedactFreeFormSecrets(t *testing.T) {
	sc, err := library.Resolve("sotopia/broken-lamp", 1)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "lamp.jsonl")
	w, err := record.Create(path, record.Header{RunID: "lamp", Scenario: sc, Mode: view.Script, Backends: [2]string{"openai:m", "openai:m"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{"Kofi knocked it over when we had a party, sorry.", "I signed a lease anyway; it was appraised at six forty."}
	for i, text := range lines {
		a := event.Action{Type: event.Speak, Text: text}
		w.Event(event.Event{RunID: "lamp", Seq: i + 1, Kind: event.TurnCompleted, Turn: i + 1, Seat: i % 2, Action: &a})
	}
	if err := w.Close(&event.Ending{Reason: event.TurnLimit}); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Recording(context.Background(), &b, path); err != nil {
		t.Fatal(err)
	}
	if left := privateLeft(t, sc, b.Bytes()); len(left) > 0 {
		t.Errorf("private facts left: %v", left)
	}
	for seat, s := range sc.Seats {
		if strings.Contains(b.String(), strings.TrimSpace(s.Character.Secret)) {
			t.Errorf("seat %d's secret is still quoted whole", seat)
		}
	}
	if !strings.Contains(b.String(), "[seat0-secret]") {
		t.Errorf("no secret placeholder:\n%s", b.String())
	}
	// Paraphrases are as private as their facts: the header's copy of
	// the scenario keeps none of them.
	n := 0
	for _, f := range sc.Facts() {
		for _, p := range f.Paraphrases {
			n++
			if strings.Contains(b.String(), p) {
				t.Errorf("%s's paraphrase %q is left in the redacted copy", f.ID, p)
			}
		}
	}
	if n == 0 {
		t.Error("the scenario has no paraphrases; the redaction of them is untested")
	}
}
