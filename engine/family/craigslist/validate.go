package craigslist

import (
	"math"
	"strings"

	"github.com/omnigap/omnigap/engine/scenario"
)

// Validate checks the listing and the seat roles: the seller sits in seat
// 0, the buyer in seat 1.
func (Family) Validate(s *scenario.Scenario, report func(path, format string, args ...any)) {
	l := ListingOf(s)
	if l == nil {
		report("craigslist", "is required in the craigslist family")
		return
	}
	if len(s.Seats) == 2 {
		if s.Seats[SellerSeat].Role != "seller" {
			report("seats[0].role", "must be seller in the craigslist family (got %q)", s.Seats[SellerSeat].Role)
		}
		if s.Seats[BuyerSeat].Role != "buyer" {
			report("seats[1].role", "must be buyer in the craigslist family (got %q)", s.Seats[BuyerSeat].Role)
		}
	}
	if strings.TrimSpace(l.Item) == "" {
		report("craigslist.item", "is required")
	}
	if m := l.Meeting; m != "" && m != MeetChat && m != MeetInPerson {
		report("craigslist.meeting", "must be %s or %s (got %q)", MeetChat, MeetInPerson, m)
	}
	finite := func(path string, v float64) {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			report(path, "must be a finite number (got %g)", v)
		}
	}
	finite("craigslist.listing_price", l.ListingPrice)
	if l.ListingPrice <= 0 {
		report("craigslist.listing_price", "must be positive")
	}
	for _, side := range []struct {
		name   string
		limits PriceLimits
	}{{"seller", l.Seller}, {"buyer", l.Buyer}} {
		finite("craigslist."+side.name+".target", side.limits.Target)
		finite("craigslist."+side.name+".bottomline", side.limits.Bottomline)
		if side.limits.Target <= 0 {
			report("craigslist."+side.name+".target", "must be positive")
		}
		if side.limits.Bottomline < 0 {
			report("craigslist."+side.name+".bottomline", "must be positive, or left out for a target-only side")
		}
	}
	if l.Seller.Bottomline > l.Seller.Target {
		report("craigslist.seller.bottomline", "must not be above the seller's target (%g > %g)", l.Seller.Bottomline, l.Seller.Target)
	}
	if l.Buyer.Bottomline > 0 && l.Buyer.Bottomline < l.Buyer.Target {
		report("craigslist.buyer.bottomline", "must not be below the buyer's target (%g < %g)", l.Buyer.Bottomline, l.Buyer.Target)
	}
}
