package family_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	_ "github.com/omnigap/omnigap/engine/family/all"
	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/jsonw"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/llm"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// handshake is a family with data of its own written in this file only,
// as a new family's package would be, with its built-in players as their
// package would be (engine/family/NAME and engine/builtin/NAME in the
// recipe of docs/ARCHITECTURE.md): a host and a guest meet in a room
// both know of, each with gifts only they know of; each gives one of
// their own gifts (a move whose argument is the gift), and the meeting
// ends when both have given one. Nothing outside this file knows it; the
// tests show that loading its section from YAML and JSON, checking it,
// copying it, showing it in views, reading its move from a player, an
// agent and the writer, recording the move and what the rules settled and
// reading them back, and the offline engine all reach it through the
// registries.
type handshake struct{}

const (
	exchanged = "gifts_exchanged"
	giftFact  = "gift"
)

func (handshake) Name() scenario.Family { return "handshake" }

// meeting is the family's data: the room everyone is told of, and the
// gifts each side brought.
type meeting struct {
	Room  string      `yaml:"room" json:"room"`
	Gifts [2][]string `yaml:"gifts" json:"gifts"`
}

func (handshake) Section() scenario.Section {
	return scenario.Section{Key: "handshake", New: func() scenario.Data { return &meeting{} }}
}

func (m *meeting) Clone() scenario.Data {
	c := *m
	for side := range c.Gifts {
		c.Gifts[side] = slices.Clone(m.Gifts[side])
	}
	return &c
}

func (m *meeting) Scene() view.Scene             { return room(m.Room) }
func (m *meeting) Holding(seat int) view.Holding { return gifts(m.Gifts[seat]) }

// room is what every viewer is shown.
type room string

func (r room) Render(b *strings.Builder) { fmt.Fprintf(b, "Room: %s\n", string(r)) }

// gifts are what a seat's private side holds.
type gifts []string

func (g gifts) Render(b *strings.Builder, whose string) {
	fmt.Fprintf(b, "%s gifts: %s\n", whose, strings.Join(g, ", "))
}
func (g gifts) Summary() string { return fmt.Sprintf("%d gifts", len(g)) }
func (g gifts) Label() string   { return "gifts" }

// gift is the argument of giving one: recorded under "gift".
type gift string

func (gift) Key() string                            { return "gift" }
func (g gift) Label() string                        { return string(g) }
func (g gift) Said() string                         { return string(g) }
func (g gift) AppendJSON(dst []byte) ([]byte, bool) { return jsonw.String(dst, string(g)), true }
func (handshake) Terms() event.Terms                { return exchange{} }
func (handshake) Prompt() family.Prompt {
	return family.Prompt{AgentRule: "Give a gift to close the meeting.\n"}
}
func (handshake) Referee(*scenario.Scenario) family.Referee { return &giving{} }

// exchange is what the rules settle: who gave what. It writes nothing at
// its zero value, so the other families' outcomes keep their shape.
type exchange struct {
	Gifts []string `json:"gifts,omitempty"`
}

func (exchange) Key() string    { return "gifts" }
func (e exchange) Agreed() bool { return len(e.Gifts) == 2 }
func giftOf(a event.Action) string {
	g, _ := a.Arg.(gift)
	return string(g)
}

func (handshake) Validate(s *scenario.Scenario, report func(path, format string, args ...any)) {
	if len(s.Seats) == 2 && s.Seats[0].Role != "host" {
		report("seats[0].role", "must be host in the handshake family (got %q)", s.Seats[0].Role)
	}
	m, _ := s.Data.(*meeting)
	if m == nil {
		report("handshake", "is required in the handshake family")
		return
	}
	for side, g := range m.Gifts {
		if len(g) == 0 {
			report(fmt.Sprintf("handshake.gifts[%d]", side), "needs at least one gift")
		}
	}
}

// Derive makes the meeting's title public and each gift a fact its giver
// owns, shown through the gifts a seat holds.
func (handshake) Derive(s *scenario.Scenario) {
	s.PublicFacts = append(s.PublicFacts, scenario.Fact{ID: "meeting-title", Owner: scenario.OwnerPublic,
		Kind: scenario.FactPhrase, Text: "The meeting is called " + s.Title + ".", Phrases: []string{s.Title}, Derived: true})
	for side, gs := range s.Data.(*meeting).Gifts {
		for _, g := range gs {
			s.Seats[side].Facts = append(s.Seats[side].Facts, scenario.Fact{ID: fmt.Sprintf("seat%d-gift-%s", side, scenario.Slug(g)),
				Owner: scenario.Owner(side), Kind: scenario.FactPhrase, Attribute: giftFact, Phrases: []string{g},
				Text: s.FirstName(side) + " brought " + g + ".", Derived: true})
		}
	}
}

// readGift is the family's one reader of a gift: one the mover brought.
func readGift(text string, v view.View, seat int) (gift, error) {
	own, _ := v.Seats[seat].Holding.(gifts)
	for _, g := range own {
		if strings.EqualFold(g, strings.TrimSpace(text)) {
			return gift(g), nil
		}
	}
	return "", fmt.Errorf("%q is not one of your gifts (%s)", text, strings.Join(own, ", "))
}

func (handshake) Moves() []family.Move {
	return []family.Move{{Type: event.Offer, Agent: `give a gift: "gift" is one of yours; the meeting ends when both have.`,
		Arg: &family.Arg{Kind: gift(""),
			Tag: func(tag, text string, v view.View, seat int) (event.Arg, error) {
				g, err := readGift(text, v, seat)
				if err != nil {
					return nil, fmt.Errorf("[%s]: %v", tag, err)
				}
				return g, nil
			},
			Reply: func(r family.Reply, v view.View, seat int) (event.Arg, error) {
				return readGift(r.Text("gift"), v, seat)
			}},
		Command: family.Command{Usage: "/give GIFT", Summary: "give one of your gifts"}, Elsewhere: "/give is for meetings",
		Human: func(arg string, v view.View, _ []family.Turn) (event.Action, error) {
			g, err := readGift(arg, v, v.Self().Seat)
			if err != nil {
				return event.Action{}, err
			}
			return event.Action{Type: event.Offer, Arg: g, Text: "Here, I brought " + string(g) + "."}, nil
		}}}
}

func (handshake) Metrics(m map[string]float64, _ *scenario.Scenario, ep family.Episode) {
	e, _ := ep.Outcome.Terms.(exchange)
	m[exchanged] = metrics.Flag(e.Agreed())
}

func (handshake) Measures() []family.Measure {
	return []family.Measure{{Key: exchanged, Label: "gift exchange rate", Rate: true, Max: 1}}
}

// giving ends the meeting when both sides have given a gift.
type giving struct{ given [2]string }

func (r *giving) Judge(t family.Turn) *event.Ending {
	if g := giftOf(t.Action); t.Action.Type == event.Offer && g != "" {
		r.given[t.Seat] = g
	}
	if r.given[0] != "" && r.given[1] != "" {
		return &event.Ending{Reason: event.Accepted, Outcome: event.Outcome{Terms: exchange{Gifts: r.given[:]}, Summary: "gifts exchanged"}}
	}
	return nil
}

func (r *giving) NoDeal(why string) event.Outcome {
	return event.Outcome{Summary: "no exchange: " + why}
}

func init() { family.Register(handshake{}) }

const kickoff = `id: handshake/kickoff
title: Kickoff
family: handshake
setting: A meeting room.
relationship: acquaintances
seats:
  - role: %s
    character: {name: Ada Lund, public: The host., goal: Open the project.}
  - role: guest
    character: {name: Ben Ortiz, public: A guest., goal: Join the project.}
handshake:
  room: Hall 4
  gifts:
    - [%s]
    - [wine]
`

func meetingFile(role, hostGifts string) []byte {
	return []byte(fmt.Sprintf(kickoff, role, hostGifts))
}

// greeter is a handshake player of the offline engine: it greets the
// partner by the name its View shows, then gives its first gift; the
// SCRIPT writer, who plays both, has each seat give at once.
type greeter struct{ k builtin.Knowledge }

func greeters(views [2]view.View, _ int64) ([2]builtin.Player, error) {
	return [2]builtin.Player{greeter{builtin.KnowledgeOf(views[0], 0)}, greeter{builtin.KnowledgeOf(views[1], 1)}}, nil
}

func (g greeter) Act(history []event.Turn, _ int, _ int64) event.Action {
	for _, t := range history {
		if t.Seat == g.k.Seat || g.k.Writer {
			own := g.k.Self.Holding.(gifts)
			return event.Action{Type: event.Offer, Arg: gift(own[0]), Text: "I brought " + own[0] + "."}
		}
	}
	return event.Action{Type: event.Speak, Text: "Hello, " + g.k.Partner.Name + "."}
}

func init() { builtin.Register("handshake", greeters) }

// The family's section is read from YAML with the loader's checks (file,
// line and field), written back as YAML and JSON and read again the same,
// and copied deeply.
func TestANewFamilysSectionIsReadCheckedWrittenAndCopied(t *testing.T) {
	for _, c := range []struct {
		src  []byte
		want string
	}{
		{meetingFile("guest", "cake"), "bad.yaml:7:5: seats[0].role: must be host in the handshake family"},
		{meetingFile("host", ""), "bad.yaml:14:7: handshake.gifts[0]: needs at least one gift"},
		{[]byte(strings.Replace(string(meetingFile("host", "cake")), "room: Hall 4", "room: Hall 4\n  colour: red", 1)), `bad.yaml:13:3: handshake.colour: unknown field "colour"`},
		{[]byte(strings.Replace(string(meetingFile("host", "cake")), "room: Hall 4", "room: [Hall, 4]", 1)), "bad.yaml:12:9: handshake.room: must be text (got a list)"},
	} {
		if _, err := scenario.Parse("bad.yaml", c.src); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
	sc, err := scenario.Parse("kickoff.yaml", meetingFile("host", "cake, flowers"))
	if err != nil {
		t.Fatal(err)
	}
	want := &meeting{Room: "Hall 4", Gifts: [2][]string{{"cake", "flowers"}, {"wine"}}}
	if !reflect.DeepEqual(sc.Data, want) {
		t.Fatalf("decoded %#v, want %#v", sc.Data, want)
	}

	js, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), `"public_facts":[{"id":"meeting-title"`) || !strings.Contains(string(js), `}],"handshake":{"room":"Hall 4","gifts":[["cake","flowers"],["wine"]]},"source":"kickoff.yaml"}`) {
		t.Errorf("the section is not written under its key after the public facts:\n%s", js)
	}
	var back scenario.Scenario
	if err := json.Unmarshal(js, &back); err != nil || !reflect.DeepEqual(back.Data, want) {
		t.Errorf("read back from JSON: %#v, %v", back.Data, err)
	}

	file, err := interop.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(file), "handshake:\n  room: Hall 4\n  gifts:\n  - - cake\n    - flowers\n  - - wine\n") {
		t.Errorf("written as YAML:\n%s", file)
	}
	again, err := scenario.Parse("again.yaml", file)
	if err != nil || !reflect.DeepEqual(again.Data, want) {
		t.Errorf("read back from YAML: %#v, %v", again.Data, err)
	}

	c := sc.Clone()
	c.Data.(*meeting).Gifts[0][0] = "nothing"
	if !reflect.DeepEqual(sc.Data, want) {
		t.Error("changing the clone's gifts changed the original's")
	}
}

// Views show the room to everyone and a side's gifts with its private
// side only: never to an AGENTS partner.
func TestANewFamilysDataIsShownThroughViews(t *testing.T) {
	sc, err := scenario.Parse("kickoff.yaml", meetingFile("host", "cake"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		mode     view.Mode
		viewer   int
		has, not []string
	}{
		{view.Agents, 0, []string{"Room: Hall 4", "Your gifts: cake"}, []string{"wine"}},
		{view.Agents, 1, []string{"Room: Hall 4", "Your gifts: wine"}, []string{"cake"}},
		{view.Mindreaders, 1, []string{"Your gifts: wine", "Their gifts: cake"}, nil},
		{view.Script, view.Writer, []string{"Room: Hall 4", "Their gifts: cake", "Their gifts: wine"}, nil},
	} {
		text := view.For(sc, c.mode, c.viewer).Render()
		for _, s := range c.has {
			if !strings.Contains(text, s) {
				t.Errorf("%s viewer %d is not shown %q:\n%s", c.mode, c.viewer, s, text)
			}
		}
		for _, s := range c.not {
			if strings.Contains(text, s) {
				t.Errorf("%s viewer %d is shown %q:\n%s", c.mode, c.viewer, s, text)
			}
		}
	}
	if v := view.For(sc, view.Agents, 0); v.Seats[1].Holding != nil || v.Seats[0].Holding.Summary() != "1 gifts" {
		t.Errorf("AGENTS seat 0 holds %v and %v", v.Seats[0].Holding, v.Seats[1].Holding)
	}
	if strings.Contains(view.For(sc, view.Agents, 0).Render(), "brought") {
		t.Error("the gift facts are listed beside the gifts")
	}
}

// A player's command, an agent's reply and the writer's tag give the move
// its argument by the family's one reader, and label it.
func TestANewFamilysMoveIsReadFromEveryMaker(t *testing.T) {
	sc, err := scenario.Parse("kickoff.yaml", meetingFile("host", "cake"))
	if err != nil {
		t.Fatal(err)
	}
	v := view.For(sc, view.Agents, 0)
	if h := human.Help(sc.Family); !strings.Contains(h, "/give GIFT") {
		t.Errorf("help lacks the family's command:\n%s", h)
	}
	if a, err := human.Parse("/give Cake", v, nil); err != nil || a.Type != event.Offer || a.Arg != gift("cake") || scenario.Label(a) != "offer cake" {
		t.Errorf("/give Cake: %+v, %v", a, err)
	}
	if _, err := human.Parse("/give wine", v, nil); err == nil || !strings.Contains(err.Error(), "not one of your gifts") {
		t.Errorf("the partner's gift: %v", err)
	}
	if _, err := human.Parse("/offer 5", v, nil); err == nil || err.Error() != "offers are for Craigslist negotiations" {
		t.Errorf("another family's command: %v", err)
	}
	move, ok := family.ModelMove(family.Of(sc.Family), event.Offer)
	if !ok || move.Arg == nil {
		t.Fatal("models may not give a gift")
	}
	reply := family.Reply{Objects: []map[string]json.RawMessage{{"type": json.RawMessage(`"offer"`)}, {"gift": json.RawMessage(`"cake"`)}}}
	if g, err := move.Arg.Reply(reply, v, 0); err != nil || g != gift("cake") {
		t.Errorf("an agent's nested gift: %v, %v", g, err)
	}
	if g, err := move.Arg.Tag("offer cake", "cake", view.For(sc, view.Script, view.Writer), 0); err != nil || g != gift("cake") {
		t.Errorf("the writer's [offer cake]: %v, %v", g, err)
	}
	if _, err := move.Arg.Tag("offer wine", "wine", view.For(sc, view.Script, view.Writer), 0); err == nil {
		t.Error("the writer gave seat 0 seat 1's gift")
	}
}

// The offline engine plays the new family through the registries; the
// run's moves and what its rules settled are recorded (the argument on
// the recording's fast path, byte for byte as encoding/json writes it)
// and read back in the family's types, and the gift said is annotated as
// its giver's disclosure.
func TestANewFamilysMovesAndTermsAreRecordedAndReadBack(t *testing.T) {
	sc, err := scenario.Parse("kickoff.yaml", meetingFile("host", "cake"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	live, err := episode.Start(context.Background(), episode.Spec{Scenario: sc, Mode: view.Agents, Seed: 1,
		Factory: builtin.Factory{}, Annotate: leak.Shared(1), RecordDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for range live.Events {
	}
	end, err := live.Wait()
	if err != nil || end.Reason != event.Accepted || end.Turns != 4 || end.Metrics[exchanged] != 1 {
		t.Fatalf("ending %+v, %v", end, err)
	}
	rec, err := record.Read(live.Recording)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rec.Header.Scenario.Data, sc.Data) {
		t.Errorf("the header's data read back as %#v", rec.Header.Scenario.Data)
	}
	var given []event.Arg
	disclosed := map[string]bool{}
	for _, ev := range rec.Events {
		switch {
		case ev.Kind == event.TurnCompleted && ev.Action.Arg != nil:
			given = append(given, ev.Action.Arg)
		case ev.Kind == event.Annotated:
			disclosed[ev.Annotation.FactID] = ev.Annotation.Kind == event.Disclosure
		}
	}
	if !reflect.DeepEqual(given, []event.Arg{gift("cake"), gift("wine")}) {
		t.Errorf("the moves read back with %#v", given)
	}
	if !disclosed["seat0-gift-cake"] || !disclosed["seat1-gift-wine"] {
		t.Errorf("annotations %v", disclosed)
	}
	got := rec.Ending()
	if got == nil || !reflect.DeepEqual(got.Outcome.Terms, exchange{Gifts: []string{"cake", "wine"}}) || !got.Outcome.Good() {
		t.Fatalf("the ending read back as %+v", got)
	}
	if m := metrics.Compute(rec.Header.Scenario, make([]event.Turn, got.Turns), nil, got); m[exchanged] != 1 {
		t.Errorf("metrics of the outcome read back: %v", m)
	}

	f, err := os.Open(filepath.Clean(live.Recording))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines := bufio.NewScanner(f)
	found := false
	for n := 0; lines.Scan(); n++ {
		if n == 0 || !strings.Contains(lines.Text(), `"gift":`) {
			continue
		}
		found = true
		var ev event.Event
		if err := json.Unmarshal(lines.Bytes(), &ev); err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(ev)
		if err != nil || string(textsafe.EscapeJSON(want)) != lines.Text() {
			t.Errorf("recorded\n%s\nencoding/json writes\n%s (%v)", lines.Text(), want, err)
		}
	}
	if !found {
		t.Error("no recorded line holds a gift")
	}
}

// Models make the new family's move through the model backends' generic
// readers: an agent's JSON reply names its gift, the writer's script tags
// one per seat; both runs end in the exchange, recorded with the gifts.
func TestANewFamilysMovesAreMadeByModels(t *testing.T) {
	sc, err := scenario.Parse("kickoff.yaml", meetingFile("host", "cake"))
	if err != nil {
		t.Fatal(err)
	}
	srv := llmtest.Start()
	defer srv.Close()
	srv.Respond = func(r *llmtest.Request) string {
		prompt := r.Prompt()
		if strings.Contains(prompt, "You write the dialogue for both characters") {
			return "1. Ada Lund: [offer cake] For you.\n2. Ben Ortiz: [offer wine] And for you.\n"
		}
		for _, g := range []string{"cake", "wine"} {
			if strings.Contains(prompt, "Your gifts: "+g) {
				return `{"action": {"type": "offer", "gift": "` + strings.ToUpper(g) + `"}, "text": "For you."}`
			}
		}
		return `{"action": "speak", "text": "Hello."}`
	}
	factory := llm.NewFactory(config.Config{Endpoints: []config.Endpoint{{URL: srv.URL, APIKey: "sk-test"}}, Model: "fake", Timeout: 5 * time.Second})
	for _, mode := range []view.Mode{view.Agents, view.Script} {
		live, err := episode.Start(context.Background(), episode.Spec{Scenario: sc, Mode: mode, Seed: 1, Factory: factory, RecordDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		for range live.Events {
		}
		rec, err := record.Read(live.Recording)
		if err != nil {
			t.Fatal(err)
		}
		var given []event.Arg
		for _, ev := range rec.Events {
			if ev.Kind == event.TurnCompleted && ev.Action.Arg != nil {
				given = append(given, ev.Action.Arg)
			}
		}
		end := rec.Ending()
		if !reflect.DeepEqual(given, []event.Arg{gift("cake"), gift("wine")}) || end == nil || end.Reason != event.Accepted ||
			!reflect.DeepEqual(end.Outcome.Terms, exchange{Gifts: []string{"cake", "wine"}}) {
			t.Errorf("%s: gifts %v, ending %+v", mode, given, end)
		}
	}
}

// The built-in engine plays the new family with its players, found by
// the scenario's family: two greetings and two gifts in AGENTS, one
// greeting and two gifts from the SCRIPT writer.
func TestANewFamilysPlayersAreReachedThroughTheRegistryAlone(t *testing.T) {
	sc, err := scenario.Parse("kickoff.yaml", meetingFile("host", "cake"))
	if err != nil {
		t.Fatal(err)
	}
	for mode, want := range map[view.Mode][]string{
		view.Agents: {"builtin Hello, Ben Ortiz.", "builtin Hello, Ada Lund.", "builtin [offer cake] I brought cake.", "builtin [offer wine] I brought wine."},
		view.Script: {"builtin-writer Hello, Ben Ortiz.", "builtin-writer [offer wine] I brought wine.", "builtin-writer [offer cake] I brought cake."},
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
				said = append(said, ev.Backend+" "+scenario.Tagged(*ev.Action))
			}
		}
		if end.Reason != event.Accepted || strings.Join(said, "|") != strings.Join(want, "|") {
			t.Errorf("%s ended %s after %q, want gifts exchanged after %q", mode, end.Reason, said, want)
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
			if a := m.Arg; a != nil && (a.Kind == nil || m.Agent != "" && (a.Tag == nil || a.Reply == nil)) {
				t.Errorf("%s: models make %s but nothing reads its argument", f.Name(), m.Type)
			}
		}
	}
}

// A new family's terms write nothing at their zero value: the built-in
// families' outcomes keep their recorded shape with it registered.
func TestANewFamilysTermsLeaveOtherOutcomesAsTheyWere(t *testing.T) {
	b, err := json.Marshal(event.Outcome{Summary: "turn limit reached"})
	if err != nil || string(b) != `{"selections":["",""],"splits":[null,null],"summary":"turn limit reached"}` {
		t.Errorf("an outcome without terms: %s, %v", b, err)
	}
}
