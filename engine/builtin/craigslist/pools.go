package craigslist

import (
	"strings"
	"sync"
)

// bargainPools are the sentences that suit one scene, per side: the seller
// [0] and the buyer [1].
type bargainPools struct {
	acts                                   [bargainActs][2][]string
	reasons, smallTalk, firm, moved, after [2]sentences
	listing                                [2][]string
	questions                              [2][]string
	answers                                [topics][2][]string
	// outOfReach take in the partner's price far from this side's, the
	// first time [side][0] and again [side][1], saying it back [..][1] or
	// not [..][0]; partway and middle are counters that give a real part
	// of the gap or meet at its middle.
	outOfReach [2][2][2][]string
	partway    [2][]string // with the side's plain counters
	middle     []string
}

// poolsByScene holds every scene's pools, built on first use (not at
// start: a start pays only for what it uses).
var poolsByScene = sync.OnceValue(buildPools)

func buildPools() map[fit]*bargainPools {
	out := map[fit]*bargainPools{}
	for _, scene := range scenes() {
		p := &bargainPools{
			reasons: support(bargainReasons, scene), smallTalk: support(bargainSmallTalk, scene),
			listing: sides(bargainListing, scene), firm: support(bargainFirm, scene),
			moved: support(bargainMoved, scene), after: support(bargainAfterDeal, scene),
		}
		for act := range p.acts {
			p.acts[act] = sides(bargainLines[act], scene)
		}
		for side, qs := range bargainQuestions {
			for _, q := range qs {
				if q.fits.suits(scene) {
					p.questions[side] = append(p.questions[side], q.text)
				}
			}
		}
		for t := range p.answers {
			p.answers[t] = sides(bargainAnswers[t], scene)
		}
		for side := range p.outOfReach {
			for again, lines := range sides(bargainOutOfReach[side], scene) {
				for _, l := range lines {
					back := 0
					if strings.Contains(l, "{offer}") {
						back = 1
					}
					p.outOfReach[side][again][back] = append(p.outOfReach[side][again][back], l)
				}
			}
		}
		p.middle = only(bargainMiddle, scene)
		for side := range p.partway {
			p.partway[side] = append(only(bargainPartway, scene), p.acts[actCounter][side]...)
		}
		out[scene] = p
	}
	return out
}

// poolsFor returns the pools of scene.
func poolsFor(scene fit) *bargainPools { return poolsByScene()[scene] }

// sentences are a pool of what backs a move, and those of it that do not
// name the item, for a turn that has named it already.
type sentences struct{ all, plain []string }

// support keeps, for each side, the sentences that suit scene.
func support(pools [2][]line, scene fit) [2]sentences {
	var out [2]sentences
	for side, all := range sides(pools, scene) {
		out[side].all = all
		for _, l := range all {
			if !strings.Contains(l, "{thing}") {
				out[side].plain = append(out[side].plain, l)
			}
		}
	}
	return out
}
