// Package dealornodeal is the built-in players of Deal-or-No-Deal: two
// negotiators who divide the items on the table. With the partner's
// values in view (SCRIPT, MINDREADERS) a negotiator aims at the split both
// accept; without them (AGENTS) it starts greedy and concedes over the
// turns.
package dealornodeal

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"

	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/event"
	dond "github.com/omnigap/omnigap/engine/family/dealornodeal"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

func init() { builtin.Register(scenario.DealOrNoDeal, players) }

// players makes the negotiators of an episode, each from its View only.
func players(views [2]view.View, _ int64) ([2]builtin.Player, error) {
	return [2]builtin.Player{newNegotiator(views[0], 0), newNegotiator(views[1], 1)}, nil
}

// negotiator plays one seat. With the partner's values in its view
// (SCRIPT, MINDREADERS) it aims at the split both accept: the one with the
// largest product of the two sides' points, which no other split improves
// for both. Without them (AGENTS) it starts greedy and concedes over the
// turns, guessing what the partner wants from what the partner asks for.
type negotiator struct {
	seat     int
	deal     *dond.Deal // items, and the values the view holds
	known    bool       // the partner's values are in the view
	total    int        // own points for everything
	maxTurns int
	target   dond.Split // with known values: the split to reach
	ranked   []rankedSplit
}

// rankedSplit is a split this side can take and its points to this side.
type rankedSplit struct {
	take   dond.Split
	points int
}

func newNegotiator(v view.View, seat int) *negotiator {
	d := &dond.Deal{Items: dond.ItemsOf(v)}
	d.Values[seat] = dond.ValuesOf(v.Seats[seat])
	partner := v.Seats[scenario.Partner(seat)]
	n := &negotiator{seat: seat, deal: d, known: dond.ValuesOf(partner) != nil, maxTurns: v.MaxTurns}
	n.total = d.Points(seat, everything(d))
	if n.known {
		d.Values[scenario.Partner(seat)] = dond.ValuesOf(partner)
		n.target = fairest(d)
		if seat == 1 {
			n.target = d.Rest(n.target)
		}
	}
	return n
}

func everything(d *dond.Deal) dond.Split {
	all := dond.Split{}
	for _, it := range d.Items {
		all[it.Name] = it.Count
	}
	return all
}

// fairest is the split seat 0 should take for the largest product of both
// sides' points (ties: more joint points, then the first in a fixed
// order). It is always seat 0's split, so both sides find the same one.
func fairest(d *dond.Deal) dond.Split {
	var best dond.Split
	bestProd, bestSum := -1, -1
	for _, s := range d.Splits() {
		mine, theirs := d.Points(0, s), d.Points(1, d.Rest(s))
		if p, sum := mine*theirs, mine+theirs; p > bestProd || p == bestProd && sum > bestSum {
			best, bestProd, bestSum = s, p, sum
		}
	}
	return best
}

// dondState is what the history says: the partner's open proposal (what
// the partner would take), the partner's selection, and what the partner
// has asked for so far.
type dondState struct {
	open      dond.Split
	selected  dond.Split
	asked     dond.Split // items the partner proposed to take, summed
	proposals int        // this seat's own proposals
}

func (n *negotiator) read(history []event.Turn) dondState {
	st := dondState{asked: dond.Split{}}
	for _, t := range history {
		a := t.Action
		mine := t.Seat == n.seat
		switch a.Type {
		case event.Offer:
			split := dond.SplitOf(a)
			if split == nil {
				continue
			}
			if mine {
				st.proposals++
				st.open = nil
				continue
			}
			st.open = split
			for k, v := range split {
				st.asked[k] += v
			}
		case event.Reject:
			if mine {
				st.open = nil
			}
		case event.Select:
			if split := dond.SplitOf(a); !mine && split != nil {
				st.selected = split
			}
		}
	}
	return st
}

// needed is the least this seat accepts at turn: with known values its
// share of the fairest split; otherwise from 90% of what everything is
// worth to it down to half, its fair share by its own values, at the turn
// limit.
func (n *negotiator) needed(turn int) int {
	if n.known {
		return n.deal.Points(n.seat, n.target)
	}
	progress := float64(turn) / float64(max(n.maxTurns, 1))
	share := 0.9 - 0.4*progress
	return int(share*float64(n.total) + 0.5)
}

// Act plays one turn, its wording drawn from the seed, seat and turn.
func (n *negotiator) Act(history []event.Turn, turn int, seed int64) event.Action {
	rng := rand.New(rand.NewPCG(uint64(seed), uint64(n.seat)<<32|uint64(turn)))
	st := n.read(history)
	need := n.needed(turn)
	if st.selected != nil {
		// The partner has chosen: take the rest when it is enough,
		// otherwise say what this side takes.
		rest := n.deal.Rest(st.selected)
		take := rest
		if n.deal.Points(n.seat, rest) < need && turn < n.maxTurns {
			take = n.proposal(st, need)
		}
		return event.Action{Type: event.Select, Arg: take, Text: n.say(dondSelect, take, rng)}
	}
	if st.open != nil && n.deal.Points(n.seat, n.deal.Rest(st.open)) >= need {
		return event.Action{Type: event.Accept, Text: pick(rng, dondLines[dondAccept])}
	}
	take := n.proposal(st, need)
	line := dondPropose
	if st.open != nil {
		line = dondCounter
	}
	return event.Action{Type: event.Offer, Arg: take, Text: n.say(line, take, rng)}
}

// proposal is the split to ask for: with known values the target;
// otherwise, among the splits worth need or more, the one leaving the
// partner most of what it asked for (then the most items), then the one
// best for this side.
func (n *negotiator) proposal(st dondState, need int) dond.Split {
	if n.known {
		return n.target
	}
	ranked := n.rankedSplits()
	best := ranked[0].take
	bestScore := -1
	for _, r := range ranked {
		if r.points < need {
			break
		}
		s := r.take
		rest := n.deal.Rest(s)
		score := 0
		for _, it := range n.deal.Items {
			score += rest[it.Name] * (1 + 3*st.asked[it.Name])
		}
		if score > bestScore {
			best, bestScore = s, score
		}
	}
	return maps.Clone(best) // the ranking's own stays as it is
}

// rankedSplits are the splits this side can take, the best for it first
// (ties in the order of Splits). They are the same on every turn of an
// episode, so they are ranked once.
func (n *negotiator) rankedSplits() []rankedSplit {
	if n.ranked == nil {
		for _, s := range n.deal.Splits() {
			n.ranked = append(n.ranked, rankedSplit{s, n.deal.Points(n.seat, s)})
		}
		slices.SortStableFunc(n.ranked, func(a, b rankedSplit) int { return b.points - a.points })
	}
	return n.ranked
}

// say fills a line with the split this side takes and what it leaves.
func (n *negotiator) say(line dondLine, take dond.Split, rng *rand.Rand) string {
	return textsafe.Clean(fmt.Sprintf(pick(rng, dondLines[line]), n.deal.Words(take), n.deal.Words(n.deal.Rest(take))))
}

func pick(rng *rand.Rand, lines []string) string { return lines[rng.IntN(len(lines))] }
