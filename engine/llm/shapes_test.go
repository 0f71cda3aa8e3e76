package llm

import (
	"context"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

func TestAgentReadsTheShapesModelsWrite(t *testing.T) {
	v := view.For(resolve(t, "craigslist/road-bike"), view.Agents, 0)
	cases := map[string]event.Action{
		`{"action_type": "speak", "argument": "Hello there."}`:                 {Type: event.Speak, Text: "Hello there."},
		`{'action': 'speak', 'text': "I'm here."}`:                             {Type: event.Speak, Text: "I'm here."},
		"{\"action\": \"speak\", \"text\": \"Line one.\nLine two.\"}":          {Type: event.Speak, Text: "Line one.\nLine two."},
		`{"action": {"type": "offer", "price": 450, "text": "Would 450 do?"}}`: {Type: event.Offer, Text: "Would 450 do?", Arg: cl.Price(450)},
		`Would you take 450 for it?`:                                           {Type: event.Speak, Text: "Would you take 450 for it?"},
		`"That is a lovely bike."`:                                             {Type: event.Speak, Text: "That is a lovely bike."},
		`{"action_type": "non-verbal communication", "argument": "smiles"}`:    {Type: event.NonVerbal, Text: "smiles"},
	}
	for reply, want := range cases {
		got, err := parseAction(reply, v)
		if err != nil || !sameAction(got, want) {
			t.Errorf("%s: got %+v, %v; want %+v", reply, got, err, want)
		}
	}
	for _, reply := range []string{
		"I'm sorry, but I can't play this character.",
		"Sure! Here is my answer: I would like to offer less.",
		"First paragraph.\n\nSecond paragraph.",
		"",
	} {
		if got, err := parseAction(reply, v); err == nil {
			t.Errorf("%q read as %+v: a reply that is not plainly speech must be re-asked", reply, got)
		}
	}
}

func TestScriptReadsSotopiaFormatNarrationAndParagraphs(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.ChunkRunes = 4
	n := names(t)
	last := func(s string) string { f := splitName(s); return f[len(f)-1] }
	srv.Respond = func(*llmtest.Request) string {
		return "Turn #1\n" + n[0] + " said: \"Hi, thanks for coming.\"\n\n" +
			"Turn #2: " + last(n[1]) + " said: \"Happy to be here.\"\n" +
			"(" + splitName(n[0])[0] + " wheels the bike out.)\n" +
			"4. " + n[1] + ": It looks well kept.\n\nHow old is it?\n" +
			"(The sun comes out.)\n" +
			"5. " + last(n[0]) + ": [offer $500] Five hundred.\n" +
			"6. " + n[1] + ": [accept] Deal.\nEND\n"
	}
	p := scriptRun(t, srv)
	if errs := p.errors(); len(errs) > 0 {
		t.Fatalf("errors %v", errs)
	}
	want := []event.Action{
		{Type: event.Speak, Text: "Hi, thanks for coming."},
		{Type: event.Speak, Text: "Happy to be here."},
		{Type: event.NonVerbal, Text: splitName(n[0])[0] + " wheels the bike out."},
		{Type: event.Speak, Text: "It looks well kept. How old is it?"},
		{Type: event.Offer, Text: "Five hundred.", Arg: cl.Price(500)},
		{Type: event.Accept, Text: "Deal."},
	}
	acts := p.actions()
	if len(acts) != len(want) {
		t.Fatalf("%d turns: %+v", len(acts), acts)
	}
	for i := range want {
		if !sameAction(acts[i], want[i]) {
			t.Errorf("turn %d = %+v, want %+v", i+1, acts[i], want[i])
		}
	}
	if d := p.deltas()[4]; d != acts[3].Text {
		t.Errorf("turn 4 streamed %q, completed %q", d, acts[3].Text)
	}
}

func TestReplyWithoutATurnIsAnErrorAndReasked(t *testing.T) {
	for _, mode := range []view.Mode{view.Script, view.Agents} {
		srv := llmtest.Start()
		calls := 0
		srv.Respond = func(r *llmtest.Request) string {
			calls++
			if calls == 1 {
				return "I'm sorry, I can't write dialogue for these characters."
			}
			return llmtest.Default(r)
		}
		p := play(t, context.Background(), testFactory(testConfig(srv)), resolve(t, "craigslist/road-bike"), mode)
		srv.Close()
		var refusals []event.Event
		for _, ev := range p.events {
			if ev.Kind == event.Error {
				refusals = append(refusals, ev)
			}
		}
		if len(refusals) != 1 || refusals[0].Failure != event.RefusalFailure || refusals[0].Reply != "I'm sorry, I can't write dialogue for these characters." {
			t.Fatalf("%s: error events %+v", mode, refusals)
		}
		if a := p.actions()[0]; a.Empty() {
			t.Errorf("%s: turn 1 empty after the re-ask", mode)
		}
	}
}

func TestScriptPostscriptIsNotSpoken(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	n := names(t)
	srv.Respond = func(*llmtest.Request) string {
		return "1. " + n[0] + ": Hi.\n2. " + n[1] + ": [offer $500] Five hundred?\n3. " + n[0] + ": [accept] Deal.\n\nI hope this captures the scene."
	}
	p := scriptRun(t, srv)
	if acts := p.actions(); len(acts) != 3 || acts[2].Text != "Deal." {
		t.Fatalf("turns %+v", acts)
	}
}
