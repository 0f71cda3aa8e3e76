package builtin

import (
	"hash/fnv"
	"math/rand/v2"
	"strings"
)

// dice chooses among paraphrases. It is seeded from the run's seed, the seat
// and the turn, so the same episode always says the same words and a turn's
// wording does not depend on how earlier turns were produced.
type dice struct{ src rand.PCG }

func newDice(seed int64, seat, turn int) *dice {
	d := &dice{}
	d.src.Seed(uint64(seed), uint64(seat)<<32|uint64(turn))
	return d
}

// newWordingDice chooses the words of a Craigslist or free-form turn. The
// scenario's hash (scenarioHash) is mixed into the seed, so two scenarios
// played with one seed do not say the same sentences in the same turns;
// nothing it draws decides a move.
func newWordingDice(seed int64, scenario uint64, seat, turn int) *dice {
	d := &dice{}
	d.src.Seed(uint64(seed)^scenario, uint64(seat)<<32|uint64(turn))
	return d
}

// scenarioHash is what a scenario's id adds to its wording dice.
func scenarioHash(id string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return h.Sum64()
}

// intn returns a number in [0, n).
func (d *dice) intn(n int) int { return int(d.src.Uint64() % uint64(n)) }

// chance returns true with probability p.
func (d *dice) chance(p float64) bool {
	return float64(d.src.Uint64()>>11)/(1<<53) < p
}

// slots fills a template's {placeholders}.
type slots struct {
	price, item, name, one, many, count string
	other                               string // a second price: the partner's limit
	detail                              string // a sentence of the listing
	reason                              string // a free-form player's private circumstance
}

// render replaces the {placeholders} of slots in t.
func render(t string, s slots) string {
	if strings.IndexByte(t, '{') < 0 {
		return t
	}
	var b strings.Builder
	b.Grow(len(t) + 32)
	for {
		i := strings.IndexByte(t, '{')
		if i < 0 {
			b.WriteString(t)
			return b.String()
		}
		j := strings.IndexByte(t[i:], '}')
		if j < 0 {
			b.WriteString(t)
			return b.String()
		}
		b.WriteString(t[:i])
		switch t[i+1 : i+j] {
		case "price":
			b.WriteString(s.price)
		case "item":
			b.WriteString(s.item)
		case "name":
			b.WriteString(s.name)
		case "one":
			b.WriteString(s.one)
		case "many":
			b.WriteString(s.many)
		case "count":
			b.WriteString(s.count)
		case "other":
			b.WriteString(s.other)
		case "detail":
			b.WriteString(s.detail)
		case "reason":
			b.WriteString(s.reason)
		default:
			b.WriteString(t[i : i+j+1])
		}
		t = t[i+j+1:]
	}
}

// joinSentences puts a turn's sentences together.
func joinSentences(parts ...string) string {
	n, size := 0, 0
	for _, p := range parts {
		if p != "" {
			n++
			size += len(p) + 1
		}
	}
	if n <= 1 {
		for _, p := range parts {
			if p != "" {
				return p
			}
		}
		return ""
	}
	var b strings.Builder
	b.Grow(size)
	for _, p := range parts {
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p)
	}
	return b.String()
}

// between returns a number in [lo, hi).
func (d *dice) between(lo, hi float64) float64 {
	return lo + (hi-lo)*float64(d.src.Uint64()>>11)/(1<<53)
}
