package sotopia

import (
	"regexp"
	"strconv"
	"strings"

	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	mf "github.com/omnigap/omnigap/engine/family/mutualfriends"
	"github.com/omnigap/omnigap/engine/scenario"
)

// itemForSale finds what a Craigslist scenario sells: "selling a couch set
// for $550", "offering a table for sale at $60", "put up their TV stand for
// sale at $125" and "offering a TV for a price of $349" give the item alone.
var itemForSale = regexp.MustCompile(`(?i)\b(?:selling|offering|sells|offers|listed|put up)\s+(?:an?\s+|the\s+|their\s+|his\s+|her\s+)?(.+?)(?:\s+for\s+sale)?\s+(?:for|at)\s+(?:a\s+price\s+of\s+)?\$`)

// dollarAmount is a price as the Craigslist texts write it: $418.0, $1,200.
var dollarAmount = regexp.MustCompile(`\$\s?(\d[\d,]*(?:\.\d+)?)`)

// dollars is the first dollar amount in text, or 0. Only amounts with a
// dollar sign count: "One person is selling..." names no price.
func dollars(text string) float64 {
	m := dollarAmount.FindStringSubmatch(text)
	if m == nil {
		return 0
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
	if err != nil {
		return 0
	}
	return v
}

// listing reads a Sotopia Craigslist environment: one target price per
// side (target-only bargaining) and the asking price in the scenario text.
// It returns which Sotopia agent takes each seat: the seller sits first.
func listing(sc *scenario.Scenario, shared string, goals [2]goal) ([2]int, error) {
	seller, buyer := -1, -1
	var targets [2]float64
	for i, g := range goals {
		low := strings.ToLower(g.main)
		switch {
		case strings.Contains(low, "seller"):
			seller = i
		case strings.Contains(low, "buyer"):
			buyer = i
		}
		targets[i] = dollars(g.text(true))
	}
	if seller < 0 || buyer < 0 || seller == buyer {
		return [2]int{}, fieldError("agent_goals", "a Craigslist environment needs one seller goal and one buyer goal")
	}
	for i, t := range targets {
		if t <= 0 {
			return [2]int{}, fieldError("agent_goals", "goal %d names no target price", i)
		}
	}
	asking := dollars(shared)
	if asking <= 0 {
		return [2]int{}, fieldError("scenario", "names no asking price")
	}
	item := "the item"
	if m := itemForSale.FindStringSubmatch(shared); m != nil {
		item = m[1]
	}
	sc.Data = &cl.Listing{
		Item: item, Category: "listing", ListingPrice: asking,
		Seller: cl.PriceLimits{Target: targets[seller]},
		Buyer:  cl.PriceLimits{Target: targets[buyer]},
	}
	return [2]int{seller, buyer}, nil
}

// friendLists reads a MutualFriends environment's two friend lists from
// the goals' <extra_info> ("Name: Attribute: value  Attribute: value"),
// and checks that the environment-only text names their one mutual friend.
func friendLists(sc *scenario.Scenario, goals [2]goal, envText []string) error {
	f := &mf.FriendLists{}
	for side, g := range goals {
		for _, raw := range g.raw {
			for _, line := range strings.Split(raw, "\n") {
				fr, attrs, ok := friendRow(line)
				if !ok {
					continue
				}
				if f.Attributes == nil {
					f.Attributes = attrs
				}
				f.Lists[side] = append(f.Lists[side], fr)
			}
		}
		if len(f.Lists[side]) == 0 {
			return fieldError("agent_goals", "goal %d lists no friends in <extra_info>", side)
		}
	}
	sc.Data = f
	i, _ := f.Mutual()
	if i < 0 {
		return fieldError("agent_goals", "the two friend lists share no identical friend")
	}
	name := f.Lists[0][i].Name
	for _, t := range envText {
		if !strings.Contains(t, name) {
			return fieldError("scenario", "the environment's text %q does not name the mutual friend %s", t, name)
		}
	}
	return nil
}

// attrSplit separates a friend row's "Attribute: value" parts, which the
// export divides by two or more spaces.
var attrSplit = regexp.MustCompile(`\s{2,}`)

// friendRow reads " Mable: School: Sewanee  Company: BellSouth ".
func friendRow(line string) (mf.Friend, []string, bool) {
	name, rest, ok := strings.Cut(strings.TrimSpace(line), ":")
	if !ok || strings.TrimSpace(rest) == "" || strings.Contains(name, " know ") {
		return mf.Friend{}, nil, false
	}
	fr := mf.Friend{Name: strings.TrimSpace(name), Values: map[string]string{}}
	var attrs []string
	for _, part := range attrSplit.Split(strings.TrimSpace(rest), -1) {
		k, v, ok := strings.Cut(part, ":")
		if !ok {
			return mf.Friend{}, nil, false
		}
		k = strings.ToLower(strings.TrimSpace(k))
		fr.Values[k] = strings.TrimSpace(v)
		attrs = append(attrs, k)
	}
	return fr, attrs, len(attrs) > 0
}
