package llm

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

var _ episode.SettingsReporter = (*Factory)(nil)

// writerCalls plays a SCRIPT run of ref against a server that logs its
// requests, with the writer's instruction named (""; the default), and
// returns the writer's requests and the run.
func writerCalls(t *testing.T, ref, prompt string) ([]*llmtest.Request, played) {
	t.Helper()
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	cfg := testConfig(srv)
	cfg.WriterPrompt = prompt
	p := play(t, context.Background(), testFactory(cfg), resolve(t, ref), view.Script)
	var calls []*llmtest.Request
	for _, r := range srv.Requests() {
		if strings.Contains(r.Message("system"), "scriptwriter") {
			calls = append(calls, r)
		}
	}
	if len(calls) == 0 {
		t.Fatal("no call of the writer")
	}
	return calls, p
}

// keepApart are words by which an instruction keeps what each character
// knows apart; the study's writer is told none of them.
var keepApart = []string{"only their own", "knows only", "reveal", "as they would", "in character", "private information", "secret"}

// The default writer is the study's: its messages hold everything about
// both sides (profiles, goals, secrets, private facts) and, beyond the
// scenario's own words, no instruction to keep what each knows apart.
func TestDefaultWriterIsTheStudysAndIsToldBothSides(t *testing.T) {
	calls, p := writerCalls(t, "sotopia/broken-lamp", "")
	sc := p.rec.Header.Scenario
	for _, r := range calls {
		user := r.Message("user")
		for seat := range 2 {
			c := sc.Seats[seat].Character
			for _, s := range []string{c.Secret, c.Goal, c.Personality, c.Public} {
				if !strings.Contains(user, strings.TrimSpace(s)) {
					t.Errorf("the writer is not given seat %d's %q", seat, s)
				}
			}
			for _, f := range sc.Seats[seat].Facts {
				// A goal fact is the goal itself, checked above.
				if f.TypeOf() == scenario.TypeGoal {
					continue
				}
				if !strings.Contains(user, f.Text) {
					t.Errorf("the writer is not given seat %d's fact %q", seat, f.Text)
				}
			}
		}
		// The rendered View is the scenario's words; what is left is the
		// instruction: the system message and the closing request.
		background := view.For(sc, view.Script, view.Writer).Render()
		if !strings.HasPrefix(user, background) {
			t.Fatalf("the writer's message does not open with its View:\n%s", user)
		}
		said := strings.ToLower(r.Message("system") + strings.TrimPrefix(user, background))
		for _, w := range keepApart {
			if strings.Contains(said, w) {
				t.Errorf("the study's writer is told %q:\n%s", w, said)
			}
		}
		for _, w := range []string{"social goal", "finish the script on your own", "at most 20 turns"} {
			if !strings.Contains(said, w) {
				t.Errorf("the study's request lacks %q:\n%s", w, said)
			}
		}
	}
	if got := p.rec.Header.Settings[record.SettingWriterPrompt]; got != config.WriterPromptStudy {
		t.Errorf("header's writer prompt %q, want study", got)
	}
	if got, want := p.rec.Header.Settings[record.SettingWriterPromptHash], PromptHash(calls[0].Message("system")); got != want || len(got) != 8 {
		t.Errorf("header's writer prompt hash %q, want %q (of the system text sent)", got, want)
	}
}

// carefulCraigslist is the writer's system message for Craigslist before
// the study's became the default, word for word.
const carefulCraigslist = `You are a scriptwriter. You write a whole conversation between two characters, both sides of it, from its first turn to its end. You know everything about both, but each character knows only their own goal and private information and reveals them only as they would. Keep both in character, and let neither repeat themselves.

Write only the script: one turn per line, the two characters taking turns, each line a number, the speaker's name, a colon and the words:
1. Name: what they say
2. Other name: what they say

A turn that is not plain speech starts with a tag right after the colon:
  [non-verbal] a gesture or expression
  [action] a physical action
  [leave] parting words; the character leaves and the conversation ends
  [offer $120] words: a formal offer of a price
  [accept] or [reject]: the answer to the partner's formal offer; the conversation ends
Only a formal offer and its acceptance make a deal; agreeing in words makes none.

When the conversation is over, write END on a line of its own.`

// --writer-prompt careful sends the writer's instruction as it was, and
// the recording names it.
func TestCarefulWriterIsTheOldTextExactly(t *testing.T) {
	calls, p := writerCalls(t, "craigslist/road-bike", config.WriterPromptCareful)
	for _, r := range calls {
		if got := r.Message("system"); got != carefulCraigslist {
			t.Fatalf("careful writer's system message changed:\n%s", got)
		}
	}
	if record.WriterPromptBefore != config.WriterPromptCareful {
		t.Errorf("recordings made before the instruction was named read as %q, not as the careful writer's name", record.WriterPromptBefore)
	}
	h := p.rec.Header
	if h.WriterPrompt() != config.WriterPromptCareful || h.Settings[record.SettingWriterPromptHash] != PromptHash(carefulCraigslist) {
		t.Errorf("header names %q %q", h.WriterPrompt(), h.Settings[record.SettingWriterPromptHash])
	}
}

// The two variants differ for every family, and each names the family's
// moves in the format.
func TestWriterVariantsDifferForEveryFamily(t *testing.T) {
	for _, f := range []scenario.Family{scenario.Craigslist, scenario.MutualFriends, scenario.DealOrNoDeal, scenario.Sotopia} {
		study, careful := WriterSystem(config.WriterPromptStudy, f), WriterSystem(config.WriterPromptCareful, f)
		if study == careful || PromptHash(study) == PromptHash(careful) {
			t.Errorf("%s: the variants are the same", f)
		}
		if !strings.HasPrefix(study, writerOpening) || !strings.Contains(study, "write END") {
			t.Errorf("%s: the study's writer lacks the format:\n%s", f, study)
		}
		if strings.Contains(strings.ToLower(study), "recite") {
			t.Errorf("%s: the study's writer is advised how to play:\n%s", f, study)
		}
	}
}

// A MINDREADERS seat is given its partner's full side as the study's mind
// readers were: profile, personality, secret, goal and private facts,
// none of which an AGENTS seat gets.
func TestMindreadersAreGivenThePartnersFullSide(t *testing.T) {
	sc := resolve(t, "sotopia/broken-lamp")
	for _, mode := range []view.Mode{view.Mindreaders, view.Agents} {
		srv := llmtest.Start()
		play(t, context.Background(), testFactory(testConfig(srv)), sc, mode)
		srv.Close()
		asked := 0
		for _, r := range srv.Requests() {
			user := r.Message("user")
			seat := 0
			if strings.Contains(user, "\nYou are "+sc.Seats[1].Character.Name) {
				seat = 1
			}
			asked |= 1 << seat
			partner := sc.Seats[1-seat]
			given := []string{partner.Character.Public, partner.Character.Personality, partner.Character.Secret, partner.Character.Goal, sc.Background}
			for _, f := range partner.Facts {
				if f.TypeOf() == scenario.TypeGoal {
					continue // the goal itself is in given
				}
				given = append(given, f.Text)
			}
			for _, s := range given {
				has := strings.Contains(user, strings.TrimSpace(s))
				switch {
				case s == "":
				case mode == view.Mindreaders && !has:
					t.Errorf("a mind reader in seat %d is not given %q", seat, s)
				case mode == view.Agents && has && s != partner.Character.Public && s != partner.Character.Personality:
					t.Errorf("an agent in seat %d is given the partner's %q", seat, s)
				}
			}
		}
		if asked != 3 {
			t.Errorf("%s: seats asked %b, want both", mode, asked)
		}
	}
}

// docs/LLM.md shows both instructions word for word.
func TestDocsShowBothWriterInstructions(t *testing.T) {
	data, err := os.ReadFile("../../docs/LLM.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range config.WriterPrompts {
		if text := WriterSystem(v, scenario.Sotopia); !strings.Contains(string(data), "```\n"+text+"\n```\n") {
			t.Errorf("docs/LLM.md does not show the %s writer's instruction:\n%s", v, text)
		}
	}
	for _, f := range []scenario.Family{scenario.Craigslist, scenario.DealOrNoDeal, scenario.MutualFriends} {
		p := family.Of(f).Prompt()
		for _, rule := range []string{p.WriterTerms, p.WriterRule} {
			if !strings.Contains(strings.Join(strings.Fields(string(data)), " "), strings.TrimSuffix(strings.TrimSpace(rule), ".")) {
				t.Errorf("docs/LLM.md does not give %s's rule %q", f, rule)
			}
		}
	}
}
