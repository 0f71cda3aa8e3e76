package builtin

import (
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/run"
)

// speech builds one turn's text from pools of sentences, preferring in each
// pool a sentence nobody has said yet in the episode, so players vary what
// they say and no turn repeats an earlier one word for word.
type speech struct {
	d       *dice
	sl      slots
	earlier []string // the episode's earlier turns
	said    string   // the same, joined, to look sentences up in
	// oldest repeats, once a pool is all said, the sentence said longest
	// ago rather than one at random, so a long episode does not loop.
	oldest bool
	parts  []string
	room   [6]string // parts' first backing array: a turn has a few sentences
}

func newSpeech(d *dice, tr *transcript, history []run.Turn, sl slots) *speech {
	s := &speech{d: d, sl: sl}
	s.parts = s.room[:0]
	s.earlier, s.said = tr.update(history)
	return s
}

// transcript keeps an episode's turns as said, shared by its players, so a
// turn adds only what was said since the last one.
type transcript struct {
	texts []string
	said  strings.Builder
}

// update brings the transcript up to history and returns the turns' texts
// and the same joined. A history that is not a continuation of what the
// transcript holds (another episode) starts it afresh.
func (tr *transcript) update(history []run.Turn) ([]string, string) {
	n := len(tr.texts)
	if n > len(history) || n > 0 && history[n-1].Action.Text != tr.texts[n-1] {
		tr.texts, n = tr.texts[:0], 0
		tr.said.Reset()
	}
	for _, t := range history[n:] {
		tr.texts = append(tr.texts, t.Action.Text)
		tr.said.WriteString(t.Action.Text)
		tr.said.WriteByte('\n')
	}
	return tr.texts, tr.said.String()
}

// add says one sentence of pool: from a random start, the first one not
// said before; if all were, one not said in this turn (see oldest).
func (s *speech) add(pool []string) { s.addFrom(s.d, pool) }

// addFrom is add with the start drawn from d.
func (s *speech) addFrom(d *dice, pool []string) {
	if len(pool) == 0 {
		return
	}
	start := d.intn(len(pool))
	for i := range pool {
		line := render(pool[(start+i)%len(pool)], s.sl)
		if !s.has(line) {
			s.parts = append(s.parts, line)
			return
		}
	}
	// Everything was said before: repeat one, but not one this turn says,
	// and with oldest set the one said longest ago.
	best, bestAt := "", len(s.earlier)
	for i := range pool {
		line := render(pool[(start+i)%len(pool)], s.sl)
		if slices.Contains(s.parts, line) {
			continue
		}
		if !s.oldest {
			s.parts = append(s.parts, line)
			return
		}
		if at := s.lastSaid(line); at < bestAt {
			best, bestAt = line, at
		}
	}
	if best != "" {
		s.parts = append(s.parts, best)
	}
}

// lastSaid is the index of the latest earlier turn that said line, -1
// for none.
func (s *speech) lastSaid(line string) int {
	for i := len(s.earlier) - 1; i >= 0; i-- {
		if strings.Contains(s.earlier[i], line) {
			return i
		}
	}
	return -1
}

// has reports whether line was said before, in this episode or this turn.
func (s *speech) has(line string) bool {
	return strings.Contains(s.said, line) || slices.Contains(s.parts, line)
}

// text is the turn's text. Should it equal an earlier turn, sentences of
// spare are added until it does not.
func (s *speech) text(spare []string) string {
	t := joinSentences(s.parts...)
	for _, line := range spare {
		if !slices.Contains(s.earlier, t) {
			break
		}
		if line = render(line, s.sl); !slices.Contains(s.parts, line) {
			s.parts = append(s.parts, line)
			t = joinSentences(s.parts...)
		}
	}
	return t
}
