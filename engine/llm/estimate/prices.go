package estimate

import (
	"fmt"
	"strings"
)

// Price is what a model's tokens cost, in US dollars per million.
type Price struct {
	In, Out float64
	// Source says where the figures come from.
	Source string
}

// PricesDated is when the list prices below were read off OpenAI's
// pricing page. Prices change: give --price-in and --price-out for the
// ones in force.
const PricesDated = "June 2025"

// listPrices are OpenAI's list prices of a few well-known models
// (standard tier, uncached input), as of PricesDated.
var listPrices = []struct {
	model   string
	in, out float64
}{
	{"gpt-4o-mini", 0.15, 0.60},
	{"gpt-4o", 2.50, 10.00},
	{"gpt-4.1-nano", 0.10, 0.40},
	{"gpt-4.1-mini", 0.40, 1.60},
	{"gpt-4.1", 2.00, 8.00},
	{"o4-mini", 1.10, 4.40},
	{"o3-mini", 1.10, 4.40},
	{"gpt-3.5-turbo", 0.50, 1.50},
}

// ListPrice is a model's list price from the table (a dated snapshot, as
// gpt-4o-2024-08-06, takes its model's), and false for a model the table
// does not have.
func ListPrice(model string) (Price, bool) {
	name := strings.ToLower(model[strings.LastIndex(model, "/")+1:])
	for _, p := range listPrices {
		if name == p.model || (strings.HasPrefix(name, p.model+"-") && snapshot(name[len(p.model)+1:])) {
			return Price{In: p.in, Out: p.out, Source: fmt.Sprintf("list price as of %s, from a table in omnigap: check the provider's page", PricesDated)}, true
		}
	}
	return Price{}, false
}

// snapshot says whether a model name's tail is a dated snapshot
// ("2024-08-06", "0125") rather than another model ("mini").
func snapshot(tail string) bool {
	for _, r := range tail {
		if (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return tail != ""
}

// Cost is what prompt and completion tokens cost at p, in dollars.
func (p Price) Cost(prompt, completion int) float64 {
	return (float64(prompt)*p.In + float64(completion)*p.Out) / 1e6
}
