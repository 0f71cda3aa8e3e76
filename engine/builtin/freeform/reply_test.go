package freeform

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// Every reply takes up the partner's last turn: news gets a reaction,
// one's own secret in the partner's mouth gets surprise, a proposal gets
// agreement or a refusal, and a question an answer, in a sentence that
// says no fact, with nothing before it but a greeting and what took up
// news or a claim. Whether one heard right is moot once the same turn
// brought news, a claim or a guess.
func TestRepliesTakeUpTheLastTurn(t *testing.T) {
	var count struct{ news, claims, proposals, questions int }
	for _, sc := range builtintest.Library(t, scenario.Sotopia) {
		var names [2]string // what each seat calls its partner
		for seat := range 2 {
			names[seat] = newFreePlayer(builtin.KnowledgeOf(view.For(sc, view.Agents, seat), seat), talk.Temperament{}).partnerName
		}
		for _, mode := range view.Modes {
			for seed := int64(1); seed <= 20; seed++ {
				events := builtintest.Play(t, sc, mode, seed)
				tt := builtintest.Turns(events)
				for i := 1; i < len(tt); i++ {
					if tt[i].Action.Type == event.Leave {
						continue
					}
					r, text, name := readTurn(tt[i-1].Action.Text), tt[i].Action.Text, names[tt[i].Seat]
					where := func(format string, args ...any) {
						t.Helper()
						t.Errorf("%s %s seed %d turn %d, after %q: %q "+format, append([]any{sc.ID, mode, seed, tt[i].Turn, tt[i-1].Action.Text, text}, args...)...)
					}
					pl := freePoolsByTie()[tieOf(sc.Relationship)]
					if r.has(doesNews) {
						count.news++
						var reactions []string
						for _, act := range []freeAct{freeSympathy, freeSurprise, freeShock, freeUnderstand, freeUnderstandEcho} {
							reactions = append(reactions, pl[act]...)
						}
						if at, _ := firstOf(text, rendered(reactions, name)); at < 0 {
							where("takes no notice of the news")
						}
					}
					if r.has(doesClaim) {
						count.claims++
						if at, _ := firstOf(text, rendered(append(pl[freeCaught], pl[freeCaughtAgain]...), name)); at < 0 {
							where("takes no notice of hearing its own secret")
						}
					}
					if r.has(doesPropose) && !r.has(doesAgree) {
						count.proposals++
						at, _ := firstOf(text, rendered(pl[freeRefuse], name))
						if at < 0 && !readTurn(text).has(doesAgree) {
							where("neither agrees nor refuses")
						}
					}
					q := r.asked
					if q == askedNothing || q == askedCheck && r.has(doesNews|doesClaim|doesGuess) {
						continue
					}
					count.questions++
					at, answer := firstOf(text, rendered(freeAnswers[q], name))
					if q.aboutSelf() && at < 0 {
						at, answer = firstOf(text, rendered(pl[freeDeflect], name))
						if at < 0 {
							at, answer = firstOf(text, rendered(pl[freeReveal], name))
						}
					}
					if at < 0 {
						where("does not answer")
						continue
					}
					for _, s := range talk.Sentences(text[:at]) {
						if !takesUp(s.Text, pl, name) {
							where("answers only after %q", s.Text)
						}
					}
					for _, ev := range events {
						if ev.Kind == event.Annotated && ev.Turn == tt[i].Turn && ev.Annotation.Start < at+len(answer) && ev.Annotation.End > at && !strings.Contains(answer, "{detail}") {
							where("the answer %q says %s", answer, ev.Annotation.FactID)
						}
					}
				}
			}
		}
	}
	t.Logf("taken up: %+v", count)
	if count.news < 50 || count.claims < 50 || count.proposals < 100 || count.questions < 200 {
		t.Errorf("too little to take up: %+v", count)
	}
}

// rendered is pool with the partner's name filled in; other slots stay.
func rendered(pool []string, name string) []string {
	out := make([]string, len(pool))
	for i, l := range pool {
		out[i] = strings.ReplaceAll(l, "{name}", name)
	}
	return out
}

// takesUp reports whether a sentence of a reply, before its answer, is a
// greeting or takes up news or a claim.
func takesUp(sentence string, pl *freePools, name string) bool {
	for _, act := range []freeAct{freeGreet, freeGreetBack, freeCaught, freeCaughtAgain, freeReadRight, freeEchoNews, freeSympathy, freeSurprise, freeShock,
		freeUnderstand, freeUnderstandEcho} {
		for _, l := range rendered(pl[act], name) {
			for _, s := range talk.Sentences(l) {
				lead, _, _ := strings.Cut(s.Text, "{")
				if lead != "" && strings.HasPrefix(sentence, lead) {
					return true
				}
			}
		}
	}
	return false
}

// firstOf is where in text the first sentence of pool is said, taken up
// to its first slot, with the template, or -1.
func firstOf(text string, pool []string) (int, string) {
	best, which := -1, ""
	for _, l := range pool {
		lead, _, _ := strings.Cut(l, "{")
		if i := strings.Index(text, lead); lead != "" && i >= 0 && (best < 0 || i < best) {
			best, which = i, l
		}
	}
	return best, which
}

// A pool's lines all ask or none does, and no answer asks, so whether a
// turn asks is the player's move, never the wording dice's.
func TestOnlyQuestionLinesAsk(t *testing.T) {
	for act, lines := range freeLines {
		asks := 0
		for _, l := range lines {
			if strings.Contains(l.text, "?") {
				asks++
			}
		}
		if asks != 0 && asks != len(lines) {
			t.Errorf("act %d: %d of its %d lines ask", act, asks, len(lines))
		}
	}
	for q, lines := range freeAnswers {
		for _, l := range lines {
			if strings.Contains(l, "?") {
				t.Errorf("an answer to question kind %d asks: %q", q, l)
			}
		}
	}
}
