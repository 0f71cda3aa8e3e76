package craigslist

// bargainPools are the sentences that suit one scene, per side: the seller
// [0] and the buyer [1].
type bargainPools struct {
	acts                                                [bargainActs][2][]string
	reasons, smallTalk, listing, firm, moved, afterDeal [2][]string
	questions                                           [2][]string
	answers                                             [topics][2][]string
}

// poolsByScene holds every scene's pools, built once.
var poolsByScene = buildPools()

func buildPools() map[fit]*bargainPools {
	out := map[fit]*bargainPools{}
	for _, scene := range scenes() {
		p := &bargainPools{
			reasons: sides(bargainReasons, scene), smallTalk: sides(bargainSmallTalk, scene),
			listing: sides(bargainListing, scene), firm: sides(bargainFirm, scene),
			moved: sides(bargainMoved, scene), afterDeal: sides(bargainAfterDeal, scene),
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
		out[scene] = p
	}
	return out
}

// poolsFor returns the pools of scene.
func poolsFor(scene fit) *bargainPools { return poolsByScene[scene] }
