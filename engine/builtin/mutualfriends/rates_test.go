package mutualfriends

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/builtintest"
)

// episodesPerMode is the batch: seeds 1..300 in every mode, the
// episodes of `omnigap run --scenario 'mutualfriends/gen-*' --episodes 300
// --seed 1`.
const episodesPerMode = 300

// modeStats are the batch measurements of one mode.
type modeStats struct {
	successes    int
	firstMention float64 // summed relative positions
	mentioned    int
	words, turns int
}

func (s modeStats) rate(n int) float64 { return float64(n) / episodesPerMode }

func (s modeStats) wordsPerTurn() float64 { return float64(s.words) / float64(s.turns) }

func batch(t *testing.T, mode view.Mode) modeStats {
	var s modeStats
	for seed := int64(1); seed <= episodesPerMode; seed++ {
		sc := generate.MutualFriends(seed)
		events := builtintest.Play(t, sc, mode, seed)
		done := builtintest.Turns(events)
		if builtintest.Ending(events).Outcome.Success {
			s.successes++
		}
		for _, ev := range done {
			s.words += len(strings.Fields(ev.Action.Text))
			s.turns++
		}
		if pos, ok := firstMention(sc, done); ok {
			s.firstMention += pos
			s.mentioned++
		}
	}
	return s
}

// firstMention is the relative position (0 = first turn, 1 = last) of the
// first turn that says the mutual friend's full or first name.
func firstMention(sc *scenario.Scenario, done []event.Event) (float64, bool) {
	i, _ := mf.ListsOf(sc).Mutual()
	full := strings.ToLower(mf.ListsOf(sc).Lists[0][i].Name)
	first, _, _ := strings.Cut(full, " ")
	for k, ev := range done {
		text := strings.ToLower(ev.Action.Text)
		if talk.HasPhrase(text, full) || talk.HasPhrase(text, first) {
			if len(done) == 1 {
				return 0, true
			}
			return float64(k) / float64(len(done)-1), true
		}
	}
	return 0, false
}

// The writer names the mutual friend at once, mind readers after checking
// with each other, agents after a search.
func TestMutualFriendsFirstMentionAndSuccess(t *testing.T) {
	stats := map[view.Mode]modeStats{}
	pos := map[view.Mode]float64{}
	for _, m := range view.Modes {
		s := batch(t, m)
		stats[m], pos[m] = s, s.firstMention/float64(s.mentioned)
		t.Logf("mutualfriends %-11s success %.3f, first mention at %.3f (%d episodes mention it), %.1f words per turn",
			m, s.rate(s.successes), pos[m], s.mentioned, s.wordsPerTurn())
		if s.rate(s.successes) < 0.8 {
			t.Errorf("%s succeeds in %.3f of episodes, want most", m, s.rate(s.successes))
		}
	}
	if !(pos[view.Script] < pos[view.Mindreaders] && pos[view.Mindreaders] < pos[view.Agents]) {
		t.Errorf("first mention SCRIPT %.3f, MINDREADERS %.3f, AGENTS %.3f: not in that order", pos[view.Script], pos[view.Mindreaders], pos[view.Agents])
	}
}
