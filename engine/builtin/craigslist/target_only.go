package craigslist

import "math"

// Sotopia's Craigslist goals give each side a target price and no
// bottomline: how far a side gives way is not written anywhere. The
// built-in players do what people do without a fixed limit:
//
//   - A separate player (AGENTS, MINDREADERS) meets the partner part of
//     the way from its own target to the partner's first price, a share
//     drawn with its temperament (about halfway), and no further. The
//     limit comes from what was said, so a partner who anchors far away
//     moves it, and failures come from anchoring, slow concessions and the
//     turn limit.
//   - A mind reader knows the partner's target but not its temperament:
//     it expects the partner to meet it halfway from that target to its
//     own first price, and holds out for that.
//   - The SCRIPT writer knows both targets and settles the scene anywhere
//     between them.

// believedGive is how far a mind reader expects a target-only partner to
// meet it: halfway.
const believedGive = 0.5

// meetLimit is the worst price a target-only side with this sign (+1
// seller, -1 buyer) takes after the partner opened at partnerFirst: the
// share give of the way from its target to that price, or the target
// itself when the partner opened at or past it. It is rounded in the
// side's favour to a price people say.
func meetLimit(sign, target, partnerFirst, give, step float64) float64 {
	if sign*(partnerFirst-target) >= 0 {
		return roundLimit(sign, target, step)
	}
	return roundLimit(sign, target+give*(partnerFirst-target), step)
}

// writerLimit is how far the SCRIPT writer lets a target-only side go: as
// far as the partner's target, never past its own.
func writerLimit(sign, target, partnerTarget, step float64) float64 {
	l := math.Min(target, partnerTarget)
	if sign < 0 {
		l = math.Max(target, partnerTarget)
	}
	return roundLimit(sign, l, step)
}

// roundLimit rounds a limit in its owner's favour (up for a seller, down
// for a buyer) to a whole step, so a limit that is said aloud is a price
// people say and still one its owner can take.
func roundLimit(sign, p, step float64) float64 {
	if sign > 0 {
		return math.Ceil(p/step-1e-9) * step
	}
	return math.Floor(p/step+1e-9) * step
}
