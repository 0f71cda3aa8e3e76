package talk

import (
	"hash/fnv"
	"math/rand/v2"
)

// Dice chooses among paraphrases. It is seeded from the run's seed, the seat
// and the turn, so the same episode always says the same words and a turn's
// wording does not depend on how earlier turns were produced.
type Dice struct{ src rand.PCG }

// NewDice is the dice of one seat's turn.
func NewDice(seed int64, seat, turn int) *Dice {
	d := &Dice{}
	d.src.Seed(uint64(seed), uint64(seat)<<32|uint64(turn))
	return d
}

// NewWordingDice chooses the words of a Craigslist or free-form turn. The
// scenario's hash (ScenarioHash) is mixed into the seed, so two scenarios
// played with one seed do not say the same sentences in the same turns;
// nothing it draws decides a move.
func NewWordingDice(seed int64, scenario uint64, seat, turn int) *Dice {
	d := &Dice{}
	d.src.Seed(uint64(seed)^scenario, uint64(seat)<<32|uint64(turn))
	return d
}

// ScenarioHash is what a scenario's id adds to its wording dice.
func ScenarioHash(id string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return h.Sum64()
}

// Intn returns a number in [0, n).
func (d *Dice) Intn(n int) int { return int(d.src.Uint64() % uint64(n)) }

// Chance returns true with probability p.
func (d *Dice) Chance(p float64) bool {
	return float64(d.src.Uint64()>>11)/(1<<53) < p
}

// Between returns a number in [lo, hi).
func (d *Dice) Between(lo, hi float64) float64 {
	return lo + (hi-lo)*float64(d.src.Uint64()>>11)/(1<<53)
}

// Skip draws a number and drops it: where a draw was once made and no
// longer is, the draws after it keep the numbers they had.
func (d *Dice) Skip() { d.src.Uint64() }
