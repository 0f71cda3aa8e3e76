package talk

// Temperament is how one built-in player bargains, drawn per seed and seat
// within sensible bounds, so a seed sweep on one scenario gives a spread of
// outcomes rather than one. It is drawn from the seed and the seat only,
// never from the partner's side, so AGENTS and MINDREADERS players of the
// same seed have the same temperament and differ only in what they know.
type Temperament struct {
	// Pace is the share of the gap to the partner's price conceded in one
	// counter-offer.
	Pace float64
	// Patience is how many of the partner's turns in a row without a
	// concession a player sits through before it gives ground beyond what
	// it believes the partner can do, and, once at its own limit, before it
	// walks away.
	Patience int
	// Margin is the room, as a share of the listing, that a player without
	// the partner's limit assumes the partner keeps beyond its best price.
	Margin float64
	// Open places the opening price within the settings' bounds for the
	// player's role: 0 at the low end, 1 at the high end.
	Open float64
	// Closer players make a take-it-or-leave-it offer when time runs short;
	// the others keep haggling until the turn limit.
	Closer bool
	// Trusting players take a partner's "that's my final price" at its
	// word; the others read it as one more hold.
	Trusting bool
	// Give is how far a side with a target and no bottomline will meet
	// the partner: this share of the way from its target to the partner's
	// first price (craigslist/target_only.go).
	Give float64
}

// Settings are the bounds temperaments are drawn within. The
// sensitivity study in docs/METRICS.md varies them.
type Settings struct {
	PaceLo, PaceHi         float64
	PatienceLo, PatienceHi int
	MarginLo, MarginHi     float64
	// The seller opens this share of the way from its target up to the
	// listing price; the buyer at this share of its target.
	SellerOpenLo, SellerOpenHi float64
	BuyerOpenLo, BuyerOpenHi   float64
	CloserShare, TrustingShare float64
	GiveLo, GiveHi             float64
	// Pressure: with this few turns left a player gives ground whether or
	// not the partner does.
	Pressure int
}

// DefaultSettings are the built-in engine's bounds: concessions of a fifth
// to a half of the gap, two to four turns of patience, an assumed room of
// 10% to 30% of the listing.
var DefaultSettings = Settings{
	PaceLo: 0.2, PaceHi: 0.5,
	PatienceLo: 2, PatienceHi: 4,
	MarginLo: 0.1, MarginHi: 0.3,
	SellerOpenLo: 0, SellerOpenHi: 0.6,
	BuyerOpenLo: 0.9, BuyerOpenHi: 1.05,
	CloserShare: 0.5, TrustingShare: 0.4,
	GiveLo: 0.3, GiveHi: 0.7,
	Pressure: 2,
}

// temperTurn is the dice stream of temperaments, apart from every turn's.
const temperTurn = 1 << 30

// DrawTemperament draws the temperament of seat's player within s.
func DrawTemperament(s Settings, seed int64, seat int) Temperament {
	d := NewDice(seed, seat, temperTurn)
	return Temperament{
		Pace:     d.Between(s.PaceLo, s.PaceHi),
		Patience: s.PatienceLo + d.Intn(s.PatienceHi-s.PatienceLo+1),
		Margin:   d.Between(s.MarginLo, s.MarginHi),
		Open:     d.Between(0, 1),
		Closer:   d.Chance(s.CloserShare),
		Trusting: d.Chance(s.TrustingShare),
		Give:     d.Between(s.GiveLo, s.GiveHi),
	}
}
