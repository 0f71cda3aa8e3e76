// Package cocoa reads the formats of Stanford's cocoa datasets: the
// CraigslistBargain scenarios and scraped listings, the MutualFriends
// schema, and Deal-or-No-Deal transcripts.
package cocoa

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// bargainScenario is one CraigslistBargain scenario: two knowledge bases,
// each with the shared listing and one side's private prices.
type bargainScenario struct {
	UUID     string `json:"uuid"`
	Category string `json:"category"`
	KBs      []struct {
		Personal struct {
			Role       string   `json:"Role"`
			Target     *float64 `json:"Target"`
			Bottomline *float64 `json:"Bottomline"`
		} `json:"personal"`
		Item struct {
			Title       string   `json:"Title"`
			Category    string   `json:"Category"`
			Price       float64  `json:"Price"`
			Description []string `json:"Description"`
		} `json:"item"`
	} `json:"kbs"`
}

// CraigslistScenarios reads a CraigslistBargain scenario file (the shape of
// cocoa's sample-scenarios.json) into Craigslist scenarios, all in memory
// (EachScenario streams them). A record that cannot be read is a Problem (interop)
// and the others are still read. A side without a bottomline bargains to
// its target only.
func CraigslistScenarios(path string) ([]*scenario.Scenario, []interop.Problem, error) {
	var out []*scenario.Scenario
	var probs []interop.Problem
	err := EachScenario(context.Background(), path, func(_ int, sc *scenario.Scenario) error {
		out = append(out, sc)
		return nil
	}, func(p interop.Problem) { probs = append(probs, p) })
	if err != nil {
		return nil, nil, err
	}
	return out, probs, nil
}

// EachScenario reads a CraigslistBargain scenario file one record at a
// time and hands each scenario, with its record's index, to fn; a record
// that cannot be read goes to skip. It stops when ctx is done (between two
// records) or fn fails, returning the error; a file over MaxFileBytes is
// refused before it is read.
func EachScenario(ctx context.Context, path string, fn func(int, *scenario.Scenario) error, skip func(interop.Problem)) error {
	return eachRecord(ctx, path, MaxFileBytes, func(i int, raw json.RawMessage) error {
		sc, field, err := bargain(raw)
		if err != nil {
			skip(interop.Problem{At: interop.Position{File: path, Record: i}, Field: field, Msg: err.Error()})
			return nil
		}
		return fn(i, sc)
	})
}

func bargain(raw json.RawMessage) (*scenario.Scenario, string, error) {
	var b bargainScenario
	if err := json.Unmarshal(raw, &b); err != nil {
		return nil, "", fmt.Errorf("not a CraigslistBargain scenario: %w", err)
	}
	textsafe.CleanAll(&b)
	if b.UUID == "" {
		return nil, "uuid", fmt.Errorf("is missing")
	}
	if len(b.KBs) != 2 {
		return nil, "kbs", fmt.Errorf("must hold 2 knowledge bases (got %d)", len(b.KBs))
	}
	l := &cl.Listing{}
	var have [2]bool
	for k, kb := range b.KBs {
		field := fmt.Sprintf("kbs[%d].personal", k)
		if kb.Personal.Target == nil || *kb.Personal.Target <= 0 {
			return nil, field + ".Target", fmt.Errorf("must be a positive price")
		}
		limits := cl.PriceLimits{Target: *kb.Personal.Target}
		if kb.Personal.Bottomline != nil {
			limits.Bottomline = *kb.Personal.Bottomline
		}
		switch kb.Personal.Role {
		case "seller":
			l.Seller, have[0] = limits, true
		case "buyer":
			l.Buyer, have[1] = limits, true
		default:
			return nil, field + ".Role", fmt.Errorf("must be seller or buyer (got %q)", kb.Personal.Role)
		}
		it := kb.Item
		l.Item, l.Category, l.ListingPrice = clean(it.Title), clean(it.Category), it.Price
		l.Description = clean(strings.Join(it.Description, " "))
	}
	if !have[0] || !have[1] {
		return nil, "kbs", fmt.Errorf("needs one seller and one buyer")
	}
	if l.Category == "" {
		l.Category = clean(b.Category)
	}
	id := interop.Capped("craigslist/cocoa-" + scenario.Slug(b.UUID))
	sc := &scenario.Scenario{
		ID: id, Title: l.Item, Family: scenario.Craigslist, Relationship: scenario.Strangers,
		Setting:  fmt.Sprintf("A %s listed on Craigslist for %s. The seller and a buyer who answered the ad talk it over.", l.Category, scenario.Money(l.ListingPrice)),
		MaxTurns: scenario.DefaultMaxTurns,
		Seats: []scenario.Seat{
			{Role: "seller", Character: scenario.Character{Name: "Seller", Public: "Selling an item on Craigslist.", Goal: goalFor("Sell", l.Seller)}},
			{Role: "buyer", Character: scenario.Character{Name: "Buyer", Public: "Answered the Craigslist ad.", Goal: goalFor("Buy", l.Buyer)}},
		},
		Data: l,
	}
	if err := sc.Check(id); err != nil {
		return nil, "", err
	}
	return sc, "", nil
}

// goalFor says a side's task in CraigslistBargain's terms.
func goalFor(verb string, p cl.PriceLimits) string {
	g := fmt.Sprintf("%s the item for as close to %s as you can.", verb, scenario.Money(p.Target))
	if p.Bottomline > 0 {
		g += fmt.Sprintf(" Walk away rather than go past %s.", scenario.Money(p.Bottomline))
	}
	return g
}

// clean keeps a scraped text on one line, without control characters.
func clean(s string) string { return textsafe.Line(s) }
