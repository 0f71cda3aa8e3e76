package builtin

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/generate"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// episodesPerMode is the batch: seeds 1..300 in every mode.
const episodesPerMode = 300

// modeStats are the batch measurements of one mode.
type modeStats struct {
	deals, successes int
	firstMention     float64 // summed relative positions
	mentioned        int
	words, turns     int
}

func (s modeStats) rate(n int) float64 { return float64(n) / episodesPerMode }

func (s modeStats) wordsPerTurn() float64 { return float64(s.words) / float64(s.turns) }

func batch(t *testing.T, gen func(int64) *scenario.Scenario, mode view.Mode) modeStats {
	var s modeStats
	for seed := int64(1); seed <= episodesPerMode; seed++ {
		sc := gen(seed)
		events := play(t, sc, mode, seed)
		e := ending(events)
		if e.Outcome.Deal {
			s.deals++
		}
		if e.Outcome.Success {
			s.successes++
		}
		done := turns(events)
		for _, ev := range done {
			s.words += len(strings.Fields(ev.Action.Text))
			s.turns++
		}
		if sc.Friends != nil {
			if pos, ok := firstMention(sc, done); ok {
				s.firstMention += pos
				s.mentioned++
			}
		}
	}
	return s
}

// firstMention is the relative position (0 = first turn, 1 = last) of the
// first turn that says the mutual friend's full or first name.
func firstMention(sc *scenario.Scenario, done []event.Event) (float64, bool) {
	i, _ := sc.Friends.Mutual()
	full := strings.ToLower(sc.Friends.Lists[0][i].Name)
	first, _, _ := strings.Cut(full, " ")
	for k, ev := range done {
		text := strings.ToLower(ev.Action.Text)
		if hasPhrase(text, full) || hasPhrase(text, first) {
			if len(done) == 1 {
				return 0, true
			}
			return float64(k) / float64(len(done)-1), true
		}
	}
	return 0, false
}

func TestCraigslistDealRates(t *testing.T) {
	stats := map[view.Mode]modeStats{}
	for _, m := range view.Modes {
		stats[m] = batch(t, generate.Craigslist, m)
		t.Logf("craigslist %-11s deal rate %.3f, %.1f words per turn", m, stats[m].rate(stats[m].deals), stats[m].wordsPerTurn())
	}
	script := stats[view.Script].rate(stats[view.Script].deals)
	agents := stats[view.Agents].rate(stats[view.Agents].deals)
	minds := stats[view.Mindreaders].rate(stats[view.Mindreaders].deals)
	if script < 0.9 {
		t.Errorf("SCRIPT deal rate %.3f, want at least 0.9", script)
	}
	if script-agents < 0.3 {
		t.Errorf("AGENTS deal rate %.3f is not 0.3 below SCRIPT's %.3f", agents, script)
	}
	if minds < agents || minds > script+0.02 {
		t.Errorf("MINDREADERS deal rate %.3f is not between AGENTS %.3f and SCRIPT %.3f", minds, agents, script)
	}
	if stats[view.Script].wordsPerTurn() >= stats[view.Agents].wordsPerTurn() {
		t.Errorf("SCRIPT turns (%.1f words) are not shorter than AGENTS turns (%.1f words)",
			stats[view.Script].wordsPerTurn(), stats[view.Agents].wordsPerTurn())
	}
}

func TestMutualFriendsFirstMentionAndSuccess(t *testing.T) {
	stats := map[view.Mode]modeStats{}
	for _, m := range view.Modes {
		s := batch(t, generate.MutualFriends, m)
		stats[m] = s
		t.Logf("mutualfriends %-11s success %.3f, first mention at %.3f (%d episodes mention it), %.1f words per turn",
			m, s.rate(s.successes), s.firstMention/float64(s.mentioned), s.mentioned, s.wordsPerTurn())
		if s.rate(s.successes) < 0.8 {
			t.Errorf("%s succeeds in %.3f of episodes, want most", m, s.rate(s.successes))
		}
	}
	script, agents := stats[view.Script], stats[view.Agents]
	if script.firstMention/float64(script.mentioned) >= agents.firstMention/float64(agents.mentioned) {
		t.Errorf("SCRIPT names the mutual friend at %.3f, not earlier than AGENTS at %.3f",
			script.firstMention/float64(script.mentioned), agents.firstMention/float64(agents.mentioned))
	}
}
