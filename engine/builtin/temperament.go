package builtin

// temperament is how one built-in player bargains, drawn per seed and seat
// within sensible bounds, so a seed sweep on one scenario gives a spread of
// outcomes rather than one. It is drawn from the seed and the seat only,
// never from the partner's side, so AGENTS and MINDREADERS players of the
// same seed have the same temperament and differ only in what they know.
type temperament struct {
	// pace is the share of the gap to the partner's price conceded in one
	// counter-offer.
	pace float64
	// patience is how many of the partner's turns in a row without a
	// concession a player sits through before it gives ground beyond what
	// it believes the partner can do, and, once at its own limit, before it
	// walks away.
	patience int
	// margin is the room, as a share of the listing, that a player without
	// the partner's limit assumes the partner keeps beyond its best price.
	margin float64
	// open places the opening price within the settings' bounds for the
	// player's role: 0 at the low end, 1 at the high end.
	open float64
	// closer players make a take-it-or-leave-it offer when time runs short;
	// the others keep haggling until the turn limit.
	closer bool
	// trusting players take a partner's "that's my final price" at its
	// word; the others read it as one more hold.
	trusting bool
	// give is how far a side with a target and no bottomline will meet
	// the partner: this share of the way from its target to the partner's
	// first price (target_only.go).
	give float64
}

// bargainSettings are the bounds temperaments are drawn within. The
// sensitivity study in docs/METRICS.md varies them.
type bargainSettings struct {
	paceLo, paceHi         float64
	patienceLo, patienceHi int
	marginLo, marginHi     float64
	// The seller opens this share of the way from its target up to the
	// listing price; the buyer at this share of its target.
	sellerOpenLo, sellerOpenHi float64
	buyerOpenLo, buyerOpenHi   float64
	closerShare, trustingShare float64
	giveLo, giveHi             float64
	// pressure: with this few turns left a player gives ground whether or
	// not the partner does.
	pressure int
}

// defaultSettings are the built-in engine's bounds: concessions of a fifth
// to a half of the gap, two to four turns of patience, an assumed room of
// 5% to 25% of the listing.
var defaultSettings = bargainSettings{
	paceLo: 0.2, paceHi: 0.5,
	patienceLo: 2, patienceHi: 4,
	marginLo: 0.1, marginHi: 0.3,
	sellerOpenLo: 0, sellerOpenHi: 0.6,
	buyerOpenLo: 0.9, buyerOpenHi: 1.05,
	closerShare: 0.5, trustingShare: 0.4,
	giveLo: 0.3, giveHi: 0.7,
	pressure: 2,
}

// temperTurn is the dice stream of temperaments, apart from every turn's.
const temperTurn = 1 << 30

func drawTemperament(s bargainSettings, seed int64, seat int) temperament {
	d := newDice(seed, seat, temperTurn)
	return temperament{
		pace:     d.between(s.paceLo, s.paceHi),
		patience: s.patienceLo + d.intn(s.patienceHi-s.patienceLo+1),
		margin:   d.between(s.marginLo, s.marginHi),
		open:     d.between(0, 1),
		closer:   d.chance(s.closerShare),
		trusting: d.chance(s.trustingShare),
		give:     d.between(s.giveLo, s.giveHi),
	}
}
