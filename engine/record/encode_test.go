package record_test

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	dond "github.com/omnigap/omnigap/engine/family/dealornodeal"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// The hand-written encoder writes what encoding/json writes with the
// controls it leaves raw escaped (textsafe.EscapeJSON), byte for byte, so
// recordings do not change with it and hold no raw control character:
// the families' move arguments, written on it by themselves, included.
func TestAppendEventMatchesEncodingJSON(t *testing.T) {
	price := 4450.5
	tiny, huge := 1e-9, 3e21
	ending := event.Ending{Reason: event.Selected, Turns: 12,
		Outcome: event.Outcome{Terms: mf.Picks{Selections: [2]string{"Ana <3", "Bo"}}, Success: true, Summary: "both chose \"Ana\""},
		Metrics: map[string]float64{"words": 378, "goal_completion": 4.002290294875465, "tiny": 1e-7, "huge": -2e22, "zero": 0},
		Notes:   map[string]string{"believability": "sounded \x1b]0;real\x07", "goal": ""},
		Usage:   &event.Usage{Prompt: 1, Completion: 2}, Retries: map[string]int{"rate_limit": 2, "reask": 1},
		Cache: &event.CacheUse{Hits: 12, Misses: 3}}
	events := []event.Event{
		{RunID: "craigslist_gen-1-agents-s1", Seq: 1, At: 1663, Kind: event.RunStarted, Seat: -1},
		{RunID: "r", Seq: 2, At: 4137 * time.Microsecond, Kind: event.TurnStarted, Turn: 1, Speaker: "Luther", Backend: "builtin"},
		{RunID: "r", Seq: 3, Kind: event.Delta, Turn: 1, Seat: 1, Speaker: "Amara", Delta: "I'm asking $4450 for it."},
		{RunID: "r", Kind: event.TurnCompleted, Turn: 7, Action: &event.Action{Type: event.Offer, Text: "<b>ok</b> & \"so\" \\ \x00\x1b[2J\t\n", Arg: cl.Price(price)}},
		{RunID: "r", Kind: event.TurnCompleted, Action: &event.Action{Type: event.Select, Arg: mf.Pick("Ana \u2028 Bé \xff")}},
		{RunID: "r", Kind: event.TurnCompleted, Action: &event.Action{Type: event.Select, Arg: dond.Split{"hat": 1, "book": 2, "ball": 0, "<ü>": 3}}},
		{RunID: "r", Kind: event.TurnCompleted, Action: &event.Action{Type: event.Offer, Arg: cl.Price(tiny)}},
		{RunID: "r", Kind: event.TurnCompleted, Action: &event.Action{Type: event.Offer, Arg: cl.Price(huge)}},
		{RunID: "r", Kind: event.Annotated, Turn: 3, Annotation: &event.Annotation{Kind: event.FirstMention, FactID: "seller-target", Start: 4, End: 9, Negated: true, Position: 0.35}},
		{RunID: "r", Kind: event.Annotated, Turn: 4, Annotation: &event.Annotation{Kind: event.Guess, FactID: "buyer-bottomline", Start: 1, End: 2, Approximate: true, Source: event.ByModel}},
		{RunID: "r", Kind: event.Annotated, Annotation: &event.Annotation{Kind: event.Leak, FactID: "f", Position: math.SmallestNonzeroFloat64}},
		{RunID: "r", Kind: event.Control, Seat: 1, Control: "take-over", Backend: "human"},
		{RunID: "r", Kind: event.Error, Error: "status 500", Failure: event.TransportFailure, Reply: "{\"a\": 1}"},
		{RunID: "r", Kind: event.Reasoning, Thought: "hmm…"},
		{RunID: "r\u009b", Kind: event.Delta, Delta: "c1 \u009b2J del \x7f bidi \u202eevil\u202c \u2066iso\u2069 \u200f\u061c é", Speaker: "Ana\x7f"},
		{RunID: "r", Kind: event.UsageReported, Usage: &event.Usage{Prompt: 10, Completion: 3, Cached: 8}},
		{RunID: "r", Kind: event.UsageReported, Usage: &event.Usage{}},
		{RunID: "r", Kind: event.UsageReported, Usage: &event.Usage{Prompt: 7, Completion: 2, Role: event.UsageLeakCheck}},
		{RunID: "r", Kind: event.RunEnded, Seat: -1, Ending: &event.Ending{Reason: event.Accepted, Outcome: event.Outcome{Terms: cl.Sale{Deal: true, Price: &price}}}},
		{RunID: "r", Kind: event.RunEnded, Seat: -1, Ending: &event.Ending{Reason: event.Selected, Outcome: event.Outcome{Terms: dond.Division{Splits: [2]dond.Split{{"hat": 1}, nil}}, Summary: "no agreement"}}},
		{RunID: "r", Kind: event.RunEnded, Seat: -1, Ending: &ending},
		{},
	}
	for i, ev := range events {
		want, err := marshal(ev)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := record.AppendEvent([]byte("x"), &ev)
		if err != nil {
			t.Fatalf("event %d: %v", i, err)
		}
		if string(got[1:]) != string(want) {
			t.Errorf("event %d:\ngot  %s\nwant %s", i, got[1:], want)
		}
		if c := record.RawControl(got); c >= 0 {
			t.Errorf("event %d: raw control character at %d: %q", i, c, got)
		}
		if ev.Ending == nil {
			continue
		}
		want, _ = marshal(record.Footer{Kind: record.FooterKind, Ending: ev.Ending})
		if got, _ := record.AppendFooter(nil, ev.Ending, nil); string(got) != string(want) {
			t.Errorf("footer %d:\ngot  %s\nwant %s", i, got, want)
		}
		line, at, _ := record.AppendEvent(nil, &ev)
		if got, _ := record.AppendFooter(nil, ev.Ending, line[at:len(line)-1]); at >= 0 && string(got) != string(want) {
			t.Errorf("footer %d from the event's ending:\ngot  %s\nwant %s", i, got, want)
		}
	}
	if _, _, err := record.AppendEvent(nil, &event.Event{Action: &event.Action{Type: event.Offer, Arg: cl.Price(math.Inf(1))}}); err == nil {
		t.Error("an offer of an infinite price encoded without an error")
	}
	nan := &event.Ending{Metrics: map[string]float64{"x": math.NaN()}}
	if _, _, err := record.AppendEvent(nil, &event.Event{Ending: nan}); err == nil {
		t.Error("an event with a NaN metric encoded without an error")
	}
	if _, err := record.AppendFooter(nil, nan, nil); err == nil {
		t.Error("a footer with a NaN metric encoded without an error")
	}
	want, _ := marshal(record.Footer{Kind: record.FooterKind})
	if got, _ := record.AppendFooter(nil, nil, nil); string(got) != string(want) {
		t.Errorf("footer without ending:\ngot  %s\nwant %s", got, want)
	}
}

// marshal is what the encoder must write: encoding/json's bytes with the
// controls it leaves raw escaped.
func marshal(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	return textsafe.EscapeJSON(b), err
}

func FuzzAppendEvent(f *testing.F) {
	f.Add("r", 3, int64(4137), "turn_completed", 2, 1, "Luther", "I'm asking $4450.", 4450.0, "seller-target", 0.5, "boom")
	f.Add("\x1b]52;c;aGk=\x07", -1, int64(-5), "delta", 0, -1, "\u202e", "\xff\xfe<&>", -1e-7, "", 1e300, "\u2029")
	f.Add("\u009b31m", 2, int64(0), "turn_completed", 1, 0, "\x7f", "\u2066\u200f\u061c", 1.0, "\u0085", 0.0, "\u202a")
	f.Fuzz(func(t *testing.T, run string, seq int, at int64, kind string, turn, seat int, speaker, text string, price float64, fact string, pos float64, errText string) {
		ev := event.Event{RunID: run, Seq: seq, At: time.Duration(at), Kind: event.Kind(kind), Turn: turn, Seat: seat, Speaker: speaker,
			Backend: speaker, Delta: text, Error: errText, Failure: event.FailureKind(kind), Reply: text, Thought: errText, Control: fact,
			Action: &event.Action{Type: event.ActionType(kind), Text: text, Arg: []event.Arg{cl.Price(price), mf.Pick(speaker), dond.Split{fact: turn, text: seat}}[pick(seq, 3)]},
			Annotation: &event.Annotation{Kind: event.AnnotationKind(kind), FactID: fact, Start: turn, End: seat, Negated: turn%2 == 0, Approximate: seat%2 == 1, Position: pos,
				Source: event.AnnotationSource(uint8(seq) % 3)},
			Usage: &event.Usage{Prompt: turn, Completion: seat, Cached: seq, Role: fact},
			Ending: &event.Ending{Reason: event.EndReason(kind), Turns: turn, Outcome: event.Outcome{Success: turn%3 == 0, Summary: errText,
				Terms: []event.Terms{cl.Sale{Deal: turn%2 == 0, Price: &pos}, mf.Picks{Selections: [2]string{fact, text}}, dond.Division{Deal: seat%2 == 0, Splits: [2]dond.Split{{fact: seq}, nil}}, nil}[pick(turn, 4)]},
				Metrics: map[string]float64{fact: price, text: pos}, Notes: map[string]string{speaker: text}, Retries: map[string]int{kind: seq}, Cache: &event.CacheUse{Hits: seq, Misses: turn}},
		}
		want, werr := marshal(ev)
		got, _, gerr := record.AppendEvent(nil, &ev)
		if (werr == nil) != (gerr == nil) {
			t.Fatalf("errors differ: %v, %v", werr, gerr)
		}
		if werr == nil && string(got) != string(want) {
			t.Fatalf("\ngot  %s\nwant %s", got, want)
		}
		if c := record.RawControl(got); c >= 0 {
			t.Fatalf("raw control character at %d: %q", c, got)
		}
	})
}

// pick is one of k choices, picked by a fuzzed number.
func pick(n, k int) int { return int(uint(n) % uint(k)) }
