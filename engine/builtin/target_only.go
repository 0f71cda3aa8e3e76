package builtin

// targetOnlySlack is how far past its target a target-only side will go:
// Sotopia's Craigslist goals penalise a price "significantly" worse than
// the target, so a tenth worse is still taken rather than walked away from.
const targetOnlySlack = 0.10

// targetOnlyBottom is the walk-away price of a side that was given a target
// and no bottomline.
func targetOnlyBottom(role string, target float64) float64 {
	if role == "buyer" {
		return target * (1 + targetOnlySlack)
	}
	return target * (1 - targetOnlySlack)
}
