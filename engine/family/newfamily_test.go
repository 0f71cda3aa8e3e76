package family_test

import (
	"context"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	_ "github.com/omnigap/omnigap/engine/family/all"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// handshake is a family written in this file only, as a new family's
// package would be, with its built-in players as their package would be
// (engine/family/NAME and engine/builtin/NAME in the recipe of
// docs/ARCHITECTURE.md): a host and a guest meet, and the meeting ends
// when both have shaken hands. Nothing outside this file knows it; the
// tests show that loading, playing, refereeing, measuring, a player's
// commands and the offline engine all reach it through the registries.
type handshake struct{}

const handshakes = "handshakes"

func (handshake) Name() scenario.Family { return "handshake" }

func (handshake) Validate(s *scenario.Scenario, report func(path, format string, args ...any)) {
	if len(s.Seats) == 2 && s.Seats[0].Role != "host" {
		report("seats[0].role", "must be host in the handshake family (got %q)", s.Seats[0].Role)
	}
}

func (handshake) Data(*scenario.Scenario) (string, bool) { return "", false }

func (handshake) Derive(s *scenario.Scenario) {
	s.PublicFacts = append(s.PublicFacts, scenario.Fact{ID: "meeting-title", Owner: scenario.OwnerPublic,
		Kind: scenario.FactPhrase, Text: "The meeting is called " + s.Title + ".", Phrases: []string{s.Title}, Derived: true})
}

func (handshake) Moves() []family.Move {
	return []family.Move{{Type: event.Accept, Agent: "shake hands; the meeting ends when both have.",
		Command: family.Command{Usage: "/shake", Summary: "shake hands"}, Elsewhere: "/shake is for meetings",
		Human: func(string, view.View, []family.Turn) (event.Action, error) {
			return event.Action{Type: event.Accept, Text: "*shakes hands*"}, nil
		}}}
}

func (handshake) Prompt() family.Prompt {
	return family.Prompt{AgentRule: "Shake hands to close the meeting.\n"}
}

func (handshake) Referee(*scenario.Scenario) family.Referee { return &shakes{} }

func (handshake) Metrics(m map[string]float64, _ *scenario.Scenario, ep family.Episode) {
	m[handshakes] = metrics.Flag(ep.Outcome.Deal)
}

func (handshake) Measures() []family.Measure {
	return []family.Measure{{Key: handshakes, Label: "handshake rate", Rate: true, Max: 1}}
}

type shakes struct{ done [2]bool }

func (r *shakes) Judge(t family.Turn) *event.Ending {
	if t.Action.Type == event.Accept {
		r.done[t.Seat] = true
	}
	if r.done[0] && r.done[1] {
		return &event.Ending{Reason: event.Accepted, Outcome: event.Outcome{Deal: true, Summary: "hands shaken"}}
	}
	return nil
}

func (r *shakes) NoDeal(why string) event.Outcome {
	return event.Outcome{Summary: "no handshake: " + why}
}

func init() { family.Register(handshake{}) }

const meeting = `id: handshake/kickoff
title: Kickoff
family: handshake
setting: A meeting room.
relationship: acquaintances
seats:
  - role: %s
    character: {name: Ada Lund, public: The host., goal: Open the project.}
  - role: guest
    character: {name: Ben Ortiz, public: A guest., goal: Join the project.}
`

// shaker shakes hands on every turn.
type shaker struct{}

func (shaker) Name() string { return "shaker" }

func (shaker) Turn(context.Context, run.Request) (run.Result, error) {
	return run.Result{Action: event.Action{Type: event.Accept, Text: "*shakes hands*"}}, nil
}

// greeter is a handshake player of the offline engine: a separate player
// greets the partner by the name its View shows, then shakes hands; the
// SCRIPT writer, who plays both, has the guest shake hands at the host's
// greeting.
type greeter struct{ k builtin.Knowledge }

func greeters(views [2]view.View, _ int64) ([2]builtin.Player, error) {
	return [2]builtin.Player{greeter{builtin.KnowledgeOf(views[0], 0)}, greeter{builtin.KnowledgeOf(views[1], 1)}}, nil
}

func (g greeter) Act(history []run.Turn, _ int, _ int64) event.Action {
	for _, t := range history {
		if t.Seat == g.k.Seat || g.k.Writer {
			return event.Action{Type: event.Accept, Text: "*shakes hands*"}
		}
	}
	return event.Action{Type: event.Speak, Text: "Hello, " + g.k.Partner.Name + "."}
}

func init() { builtin.Register("handshake", greeters) }

func TestANewFamilyIsReachedThroughTheRegistryAlone(t *testing.T) {
	if _, err := scenario.Parse("bad.yaml", []byte(strings.Replace(meeting, "%s", "guest", 1))); err == nil ||
		!strings.Contains(err.Error(), "bad.yaml:7:5: seats[0].role: must be host in the handshake family") {
		t.Fatalf("the family's own check, with file, line and field: %v", err)
	}
	sc, err := scenario.Parse("kickoff.yaml", []byte(strings.Replace(meeting, "%s", "host", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if fs := sc.Facts(); len(fs) != 1 || fs[0].ID != "meeting-title" {
		t.Fatalf("derived facts: %+v", fs)
	}

	v := view.For(sc, view.Agents, 1)
	if h := human.Help(sc.Family); !strings.Contains(h, "/shake") {
		t.Errorf("help lacks the family's command:\n%s", h)
	}
	if a, err := human.Parse("/shake", v, nil); err != nil || a.Type != event.Accept {
		t.Errorf("/shake: %+v, %v", a, err)
	}
	if _, err := human.Parse("/offer 5", v, nil); err == nil || err.Error() != "offers are for Craigslist negotiations" {
		t.Errorf("another family's command: %v", err)
	}
	if _, ok := family.ModelMove(family.Of(sc.Family), event.Accept); !ok {
		t.Error("models may not make the family's move")
	}

	out := make(chan event.Event, 64)
	end := run.Run(context.Background(), run.Config{ID: "kickoff", Scenario: sc, Mode: view.Agents,
		Backends: [2]run.Backend{shaker{}, shaker{}}}, out)
	if end.Reason != event.Accepted || end.Turns != 2 || end.Outcome.Summary != "hands shaken" {
		t.Fatalf("ending: %+v", end)
	}
	if m := metrics.Compute(sc, make([]run.Turn, 2), nil, &end); m[handshakes] != 1 {
		t.Errorf("family metric: %v", m)
	}
}

// The built-in engine plays the new family with its players, found by
// the scenario's family: two greetings and two handshakes in AGENTS, one
// greeting and two handshakes from the SCRIPT writer.
func TestANewFamilysPlayersAreReachedThroughTheRegistryAlone(t *testing.T) {
	sc, err := scenario.Parse("kickoff.yaml", []byte(strings.Replace(meeting, "%s", "host", 1)))
	if err != nil {
		t.Fatal(err)
	}
	for mode, want := range map[view.Mode][]string{
		view.Agents: {"builtin Hello, Ben Ortiz.", "builtin Hello, Ada Lund.", "builtin *shakes hands*", "builtin *shakes hands*"},
		view.Script: {"builtin-writer Hello, Ben Ortiz.", "builtin-writer *shakes hands*", "builtin-writer *shakes hands*"},
	} {
		backends, err := builtin.Factory{}.Backends(sc, mode, 1)
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		out := make(chan event.Event, 64)
		end := run.Run(context.Background(), run.Config{ID: "kickoff", Scenario: sc, Mode: mode, Backends: backends}, out)
		close(out)
		var said []string
		for ev := range out {
			if ev.Kind == event.TurnCompleted {
				said = append(said, ev.Backend+" "+ev.Action.Text)
			}
		}
		if end.Reason != event.Accepted || strings.Join(said, "|") != strings.Join(want, "|") {
			t.Errorf("%s ended %s after %q, want hands shaken after %q", mode, end.Reason, said, want)
		}
	}
}

func TestEveryFamilyIsRegistered(t *testing.T) {
	var names []string
	for _, f := range family.All() {
		if f.Name() != "handshake" {
			names = append(names, string(f.Name()))
		}
	}
	want := []scenario.Family{scenario.Craigslist, scenario.DealOrNoDeal, scenario.MutualFriends, scenario.Sotopia}
	if len(names) != len(want) {
		t.Fatalf("registered %v, want %v", names, want)
	}
	for i, f := range want {
		if names[i] != string(f) || family.Of(f) == nil {
			t.Errorf("registered %v, want %v", names, want)
		}
	}
}

func TestEveryArgumentHasAReader(t *testing.T) {
	for _, f := range family.All() {
		for _, m := range f.Moves() {
			if m.Command.Usage != "" && m.Human == nil {
				t.Errorf("%s: %s has no parser", f.Name(), m.Command.Usage)
			}
			if m.Agent != "" && m.Arg != family.NoArg && m.Read == nil {
				t.Errorf("%s: models make %s but nothing reads its argument", f.Name(), m.Type)
			}
		}
	}
}

func TestFriendTakesAFullNameOrAFirstNameOnlyOneHas(t *testing.T) {
	list := []scenario.Friend{{Name: "Jacob Reyes"}, {Name: "Jacob Hill"}, {Name: "Nina Park"}}
	for in, want := range map[string]string{"jacob reyes": "Jacob Reyes", " Nina ": "Nina Park", "NINA PARK": "Nina Park"} {
		if got, err := family.Friend(in, list); err != nil || got != want {
			t.Errorf("Friend(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for in, why := range map[string]string{"Jacob": "fits more than one friend", "Omar": "is not in your friend list (Jacob Reyes, Jacob Hill, Nina Park)"} {
		if _, err := family.Friend(in, list); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("Friend(%q): %v, want %q", in, err, why)
		}
	}
}
