package cocoa

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	dond "github.com/omnigap/omnigap/engine/family/dealornodeal"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

// Transcript is one human-human Deal-or-No-Deal dialogue in cocoa's
// transcript format (scenario.kbs, events, outcome), with the scenario it
// was played on, played as a HUMANS run (interop.Transcript: its Turns are
// the events in order, each by the seat that sent it, a side may send two
// in a row). Seat 0 is whoever spoke first, as omnigap's runs start with
// seat 0; Agent says which cocoa agent sits in each seat.
type Transcript struct {
	interop.Transcript
	UUID string
	// Record is the dialogue's index in its file, from 0.
	Record int
	Agent  [2]int
	// Agreed is cocoa's own outcome, kept to check the replay against.
	Agreed bool
}

// HumansBackend is the backend name of a transcript's turns.
const HumansBackend = interop.HumansBackend

type rawTranscript struct {
	UUID     string `json:"uuid"`
	Scenario struct {
		UUID string `json:"uuid"`
		KBs  [][]struct {
			Name  string `json:"Name"`
			Count int    `json:"Count"`
			Value int    `json:"Value"`
		} `json:"kbs"`
	} `json:"scenario"`
	Events []struct {
		Agent  int             `json:"agent"`
		Action string          `json:"action"`
		Data   json.RawMessage `json:"data"`
	} `json:"events"`
	Outcome struct {
		Agreed bool `json:"agreed"`
	} `json:"outcome"`
}

// Transcripts reads a cocoa Deal-or-No-Deal transcript file (the shape of
// dealornodeal/data/val.json), all in memory (EachTranscript streams it).
// A dialogue that cannot be read is a Problem (interop) and the others are still
// read.
func Transcripts(path string) ([]*Transcript, []interop.Problem, error) {
	var out []*Transcript
	var probs []interop.Problem
	err := EachTranscript(context.Background(), path, func(t *Transcript) error {
		out = append(out, t)
		return nil
	}, func(p interop.Problem) { probs = append(probs, p) })
	if err != nil {
		return nil, nil, err
	}
	return out, probs, nil
}

// EachTranscript reads a transcript file one dialogue at a time and hands
// each to fn; a dialogue that cannot be read goes to skip. It stops when
// ctx is done (between two dialogues) or fn fails, returning the error; a
// file over MaxFileBytes is refused before it is read.
func EachTranscript(ctx context.Context, path string, fn func(*Transcript) error, skip func(interop.Problem)) error {
	return eachRecord(ctx, path, MaxFileBytes, func(i int, raw json.RawMessage) error {
		t, field, err := transcript(raw)
		if err != nil {
			skip(interop.Problem{At: interop.Position{File: path, Record: i}, Field: field, Msg: err.Error()})
			return nil
		}
		t.Record = i
		return fn(t)
	})
}

// IsTranscripts reports whether a cocoa file holds transcripts (records
// with events) rather than scenarios, by its first record alone.
func IsTranscripts(path string) bool {
	is := false
	eachRecord(context.Background(), path, MaxFileBytes, func(_ int, raw json.RawMessage) error {
		var probe struct {
			Events []json.RawMessage `json:"events"`
		}
		is = json.Unmarshal(raw, &probe) == nil && probe.Events != nil
		return errStop
	})
	return is
}

func transcript(raw json.RawMessage) (*Transcript, string, error) {
	var r rawTranscript
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, "", fmt.Errorf("not a cocoa transcript: %w", err)
	}
	textsafe.CleanAll(&r)
	if r.Scenario.UUID == "" {
		return nil, "scenario.uuid", fmt.Errorf("is missing")
	}
	if len(r.Scenario.KBs) != 2 {
		return nil, "scenario.kbs", fmt.Errorf("must hold 2 knowledge bases (got %d)", len(r.Scenario.KBs))
	}
	if len(r.Events) == 0 {
		return nil, "events", fmt.Errorf("is empty")
	}
	t := &Transcript{UUID: r.UUID, Agreed: r.Outcome.Agreed}
	t.Mode, t.Players = view.Humans, [2]string{HumansBackend, HumansBackend}
	first := r.Events[0].Agent
	if first != 0 && first != 1 {
		return nil, "events[0].agent", fmt.Errorf("must be 0 or 1 (got %d)", first)
	}
	t.Agent = [2]int{first, 1 - first}
	d := &dond.Deal{Values: [2]map[string]int{{}, {}}}
	for seat, agent := range t.Agent {
		for j, row := range r.Scenario.KBs[agent] {
			name := strings.ToLower(textsafe.Line(row.Name))
			if seat == 0 {
				d.Items = append(d.Items, dond.Item{Name: name, Count: row.Count})
			} else if j >= len(d.Items) || d.Items[j].Name != name || d.Items[j].Count != row.Count {
				return nil, fmt.Sprintf("scenario.kbs[%d][%d]", agent, j), fmt.Errorf("the two sides list different items")
			}
			d.Values[seat][name] = row.Value
		}
	}
	sc := dealScenario(r.Scenario.UUID, d, len(r.Events))
	if err := sc.Check(sc.ID); err != nil {
		return nil, "scenario.kbs", err
	}
	t.Scenario = sc
	for i, ev := range r.Events {
		field := fmt.Sprintf("events[%d]", i)
		seat := slices.Index(t.Agent[:], ev.Agent)
		if seat < 0 {
			return nil, field + ".agent", fmt.Errorf("must be 0 or 1 (got %d)", ev.Agent)
		}
		var a event.Action
		switch ev.Action {
		case "message":
			var text string
			if err := json.Unmarshal(ev.Data, &text); err != nil {
				return nil, field + ".data", fmt.Errorf("a message must be text")
			}
			a = event.Action{Type: event.Speak, Text: textsafe.Clean(text)}
		case "select":
			var split dond.Split
			if err := json.Unmarshal(ev.Data, &split); err != nil {
				return nil, field + ".data", fmt.Errorf("a select must map items to counts")
			}
			if err := d.Fits(split); err != nil {
				return nil, field + ".data", err
			}
			a = event.Action{Type: event.Select, Arg: split}
		default:
			return nil, field + ".action", fmt.Errorf("unknown action %q (want message or select)", ev.Action)
		}
		t.Turns = append(t.Turns, event.Turn{Number: i + 1, Seat: seat, Speaker: sc.Seats[seat].Character.Name, Backend: HumansBackend, Action: a})
	}
	return t, "", nil
}

// dealScenario is the omnigap scenario of a cocoa Deal-or-No-Deal game:
// long enough for the humans' dialogue and for model runs beside it.
func dealScenario(uuid string, d *dond.Deal, events int) *scenario.Scenario {
	all := dond.Split{}
	for _, it := range d.Items {
		all[it.Name] = it.Count
	}
	goal := "Agree with your partner how to divide the items so that what you take is worth as many points to you as possible. Items are worth nothing to either side without an agreement."
	return &scenario.Scenario{
		ID:           interop.Capped("dealornodeal/cocoa-" + scenario.Slug(uuid)),
		Title:        "Dividing " + d.Words(all),
		Family:       scenario.DealOrNoDeal,
		Setting:      "Two people share " + d.Words(all) + " and must agree how to divide them. Each values the items differently.",
		Relationship: scenario.Strangers,
		MaxTurns:     max(scenario.DefaultMaxTurns, events),
		Seats: []scenario.Seat{
			{Role: "negotiator", Character: scenario.Character{Name: "Avery", Public: "Dividing the items.", Goal: goal}},
			{Role: "negotiator", Character: scenario.Character{Name: "Blake", Public: "Dividing the items.", Goal: goal}},
		},
		Data: d,
	}
}

// Play runs the transcript as a HUMANS run through the runner, the
// referee and the annotator of a live run, and returns its turns and
// ending (with metrics).
func (t *Transcript) Play(ctx context.Context) ([]event.Turn, event.Ending, int) {
	return t.Transcript.Play(ctx, "humans-"+t.UUID, leak.Annotate)
}
