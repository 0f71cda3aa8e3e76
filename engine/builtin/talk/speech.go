package talk

import (
	"github.com/omnigap/omnigap/engine/event"

	"slices"
	"strings"
)

// Speech builds one turn's text from pools of sentences, preferring in each
// pool a sentence nobody has said yet in the episode, so players vary what
// they say and no turn repeats an earlier one word for word.
type Speech struct {
	// Dice chooses where in a pool Add starts looking.
	Dice *Dice
	// Slots fill the templates of the pools.
	Slots Slots
	// Oldest repeats, once a pool is all said, the sentence said longest
	// ago rather than one at random, so a long episode does not loop.
	Oldest  bool
	earlier []string // the episode's earlier turns
	said    string   // the same, joined, to look sentences up in
	parts   []string
	room    [6]string // parts' first backing array: a turn has a few sentences
}

// NewSpeech starts a turn after history, whose texts tr keeps.
func NewSpeech(d *Dice, tr *Transcript, history []event.Turn, sl Slots) *Speech {
	s := &Speech{Dice: d, Slots: sl}
	s.parts = s.room[:0]
	s.earlier, s.said = tr.update(history)
	return s
}

// Transcript keeps an episode's turns as said, shared by its players, so a
// turn adds only what was said since the last one.
type Transcript struct {
	texts []string
	said  strings.Builder
}

// update brings the transcript up to history and returns the turns' texts
// and the same joined. A history that is not a continuation of what the
// transcript holds (another episode) starts it afresh.
func (tr *Transcript) update(history []event.Turn) ([]string, string) {
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

// Said is the episode's earlier turns, joined.
func (s *Speech) Said() string { return s.said }

// Add says one sentence of pool: from a random start, the first one not
// said before; if all were, one not said in this turn (see Oldest).
func (s *Speech) Add(pool []string) { s.AddFrom(s.Dice, pool) }

// AddFrom is Add with the start drawn from d.
func (s *Speech) AddFrom(d *Dice, pool []string) {
	if len(pool) == 0 {
		return
	}
	start := d.Intn(len(pool))
	for i := range pool {
		line := Render(pool[(start+i)%len(pool)], s.Slots)
		if !s.Has(line) {
			s.parts = append(s.parts, line)
			return
		}
	}
	// Everything was said before: repeat one, but not one this turn says,
	// and with Oldest set the one said longest ago.
	best, bestAt := "", len(s.earlier)
	for i := range pool {
		line := Render(pool[(start+i)%len(pool)], s.Slots)
		if slices.Contains(s.parts, line) {
			continue
		}
		if !s.Oldest {
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
func (s *Speech) lastSaid(line string) int {
	for i := len(s.earlier) - 1; i >= 0; i-- {
		if strings.Contains(s.earlier[i], line) {
			return i
		}
	}
	return -1
}

// Has reports whether line was said before, in this episode or this turn.
func (s *Speech) Has(line string) bool {
	return strings.Contains(s.said, line) || slices.Contains(s.parts, line)
}

// Saying reports whether this turn's sentences so far hold sub.
func (s *Speech) Saying(sub string) bool {
	for _, p := range s.parts {
		if strings.Contains(p, sub) {
			return true
		}
	}
	return false
}

// Text is the turn's text. Should it equal an earlier turn, sentences of
// spare are added until it does not.
func (s *Speech) Text(spare []string) string {
	t := joinSentences(s.parts...)
	for _, line := range spare {
		if !slices.Contains(s.earlier, t) {
			break
		}
		if line = Render(line, s.Slots); !slices.Contains(s.parts, line) {
			s.parts = append(s.parts, line)
			t = joinSentences(s.parts...)
		}
	}
	return t
}
