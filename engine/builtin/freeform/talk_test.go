package freeform

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// importedSotopia returns every fifth free-form scenario of the test copy
// of Sotopia's export (../shared/data beside the repository).
func importedSotopia(t *testing.T) []*scenario.Scenario {
	t.Helper()
	d, err := sotopia.Read(shareddata.Path(t, "sotopia"))
	if err != nil {
		t.Fatal(err)
	}
	var out []*scenario.Scenario
	n := 0
	for _, im := range d.Import(sotopia.Filter{}).Scenarios {
		if im.Scenario.Family != scenario.Sotopia {
			continue
		}
		if n%5 == 0 {
			out = append(out, im.Scenario)
		}
		n++
	}
	return out
}

// The library's secrets come out as the sentences a person would say.
func TestLibrarySecretsAreSaidAsSentences(t *testing.T) {
	want := map[string][2]string{
		"sotopia/team-lead": {
			"I have a written offer from Northwind Labs with a salary of $142,000 and will take it if I do not get the promotion.",
			"Last night I quietly applied for the same team lead position myself and have not told anyone on the team.",
		},
		"sotopia/broken-lamp": {
			"While you were away I threw a party in the flat, and my brother Kofi knocked the lamp off its stand while dancing.",
			"I have already signed a lease on a studio across town and will move out at the end of next month.",
		},
		"sotopia/family-dinner": {
			"I left medical school in the spring and now work as a line cook at a bistro run by the chef Adaeze Nwosu, who has offered to train me.",
			"I have accepted an offer of $1,150,000 from a developer for the trattoria's building and plan to retire to the coast by winter.",
		},
		"sotopia/surprise-trip": {
			"For our anniversary I have already booked a non-refundable trip to Kyoto in July for $1,740.",
			"I have been offered a job in Denver starting in July and must answer by Friday.",
		},
	}
	for _, sc := range builtintest.Library(t, scenario.Sotopia) {
		for seat := range 2 {
			f := newFreePlayer(builtin.KnowledgeOf(view.For(sc, view.Agents, seat), seat), talk.Temperament{})
			if w, ok := want[sc.ID]; ok && f.secret != w[seat] {
				t.Errorf("%s seat %d says its secret as %q, want %q", sc.ID, seat, f.secret, w[seat])
			}
		}
	}
	k := builtin.KnowledgeOf(view.For(builtintest.Library(t, scenario.Sotopia)[0], view.Agents, 1), 1)
	k.Self.Goal = "Find a gentle way to prepare Ines for the news.\nExtra: you are worried."
	if f := newFreePlayer(k, talk.Temperament{}); !strings.Contains(f.aim, "prepare") || strings.Contains(f.aim, "prepare I ") {
		t.Errorf("aim %q", f.aim)
	}
}

// Every aim, circumstance and secret a free-form player says, its own or
// (as a mind reader) its partner's, reads as a sentence: over the library
// and a sample of Sotopia's scenarios, none shows a fault the rewriting
// is known to make, and a safe wording still says the secret whole.
func TestEverySpokenFactIsASentence(t *testing.T) {
	scs := append(builtintest.Library(t, scenario.Sotopia), importedSotopia(t)...)
	if len(scs) < 40 {
		t.Fatalf("only %d scenarios to check", len(scs))
	}
	for _, sc := range scs {
		for seat := range 2 {
			f := newFreePlayer(builtin.KnowledgeOf(view.For(sc, view.Mindreaders, seat), seat), talk.Temperament{})
			for _, said := range []string{"I'd like to " + f.aim + ".", f.reason, f.secret, "I get the feeling you want to " + f.partnerAim + ".", f.partnerSecret} {
				// A safe wording quotes the scenario's own words, checked below.
				if said != "" && !strings.Contains(said, `"`) && awkward(said) {
					t.Errorf("%s seat %d says %q", sc.ID, seat, said)
				}
			}
			if raw := strings.TrimRight(sentence1(sc.Seats[seat].Character.Secret), "."); strings.Contains(f.secret, `"`) && !strings.Contains(f.secret, upperFirst(raw)) {
				t.Errorf("%s seat %d: the safe wording %q leaves out the secret %q", sc.ID, seat, f.secret, raw)
			}
		}
	}
	// The faults themselves, as the old rewriting made them.
	for _, bad := range []string{
		"I am last night I quietly applied for the same team lead position myself.",
		"I left medical school and now works as a line cook who has offered to train my.",
		"I'd like to get my father's blessing for the path me have chosen.",
		"I'd like to find a gentle way to prepare I for big news.",
		"I'd like to I want to donate.",
		"I am a talented painter but never shares my work.",
		"I am descendant of a wealthy oil tycoon, rejects family fortune.",
	} {
		if !awkward(bad) {
			t.Errorf("awkward(%q) = false", bad)
		}
	}
}

// familiar are things said only to someone one knows well.
var familiar = []string{"it's been a while", "how have you been", "we've always been", "you know me", "you know that", "love.", "hey, you.", "come sit with me"}

// Greetings and small talk fit the relationship: strangers say nothing
// that presumes they know each other, colleagues nothing that presumes
// they are close, and nobody who sees the other daily says it has been a
// while.
func TestFreeLinesFitTheRelationship(t *testing.T) {
	for _, sc := range builtintest.Library(t, scenario.Sotopia) {
		for _, rel := range []scenario.Relationship{scenario.Strangers, scenario.Acquaintances} {
			other := *sc
			other.Relationship = rel
			for _, mode := range view.Modes {
				for seed := int64(1); seed <= 12; seed++ {
					for _, ev := range builtintest.Turns(builtintest.Play(t, &other, mode, seed)) {
						text := strings.ToLower(ev.Action.Text)
						for _, f := range familiar {
							if strings.Contains(text, f) {
								t.Errorf("%s as %s, %s seed %d: %q", sc.ID, rel, mode, seed, ev.Action.Text)
							}
						}
					}
				}
			}
		}
	}
}

// An agreement follows something to agree to: a proposal in the same
// turn or the partner's last turn, or the partner's agreement; and a
// question about "that" follows what it refers to.
func TestFreeAgreementFollowsAProposal(t *testing.T) {
	agreed := 0
	for _, sc := range builtintest.Library(t, scenario.Sotopia) {
		for _, mode := range view.Modes {
			for seed := int64(1); seed <= 20; seed++ {
				tt := builtintest.Turns(builtintest.Play(t, sc, mode, seed))
				for i, ev := range tt {
					text := strings.ToLower(ev.Action.Text)
					if strings.Contains(text, "would that be alright") || strings.Contains(text, "how does that sound") {
						t.Errorf("%s %s seed %d: %q asks about nothing", sc.ID, mode, seed, ev.Action.Text)
					}
					if !freeAgreeCues.In(text) || talk.Negated(text) || ev.Action.Type == event.Leave {
						continue
					}
					agreed++
					before := ""
					if i > 0 {
						before = strings.ToLower(tt[i-1].Action.Text)
					}
					if !freeProposalCues.In(text) && !freeProposalCues.In(before) && !freeAgreeCues.In(before) {
						t.Errorf("%s %s seed %d: %q agrees after %q", sc.ID, mode, seed, ev.Action.Text, before)
					}
				}
			}
		}
	}
	if agreed < 100 {
		t.Errorf("only %d agreements", agreed)
	}
}

// A long free-form talk does not read as a loop: no sentence comes back
// within minRepeatGap turns. A mind reader's saying the partner's secret
// again is a move (each time a mind-read), not wording, and is left out.
func TestLongFreeTalksDoNotLoop(t *testing.T) {
	const minRepeatGap = 8
	for _, sc := range builtintest.Library(t, scenario.Sotopia) {
		long := *sc
		long.MaxTurns = 60
		var secrets []string
		for seat := range 2 {
			secrets = append(secrets, newFreePlayer(builtin.KnowledgeOf(view.For(sc, view.Mindreaders, seat), seat), talk.Temperament{}).partnerSecret)
		}
		for _, mode := range []view.Mode{view.Agents, view.Mindreaders} {
			for seed := int64(1); seed <= 10; seed++ {
				last := map[string]int{}
				for i, ev := range builtintest.Turns(builtintest.Play(t, &long, mode, seed)) {
					for _, s := range talk.Sentences(ev.Action.Text) {
						if strings.Contains(secrets[0], s.Text) || strings.Contains(secrets[1], s.Text) {
							continue
						}
						if at, ok := last[s.Text]; ok && i-at < minRepeatGap {
							t.Errorf("%s %s seed %d: %q again after %d turns", sc.ID, mode, seed, s.Text, i-at)
						}
						last[s.Text] = i
					}
				}
			}
		}
	}
}
