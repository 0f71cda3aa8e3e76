package craigslist

import "github.com/omnigap/omnigap/engine/scenario"

// Derive makes each side's prices facts it owns and the listing price a
// public fact.
func (Family) Derive(s *scenario.Scenario) {
	l := ListingOf(s)
	if l == nil {
		return
	}
	money := scenario.Money
	seller, buyer := s.FirstName(SellerSeat), s.FirstName(BuyerSeat)
	// Fact texts name the character, so they read right in every view: the
	// seat's own ("Your private information"), a mind-reader's and a reveal's.
	s.Seats[SellerSeat].Facts = append(s.Seats[SellerSeat].Facts,
		priceFact("seller-target", SellerSeat, l.Seller.Target, seller+"'s target price is "+money(l.Seller.Target)+"."))
	if l.Seller.Bottomline > 0 {
		s.Seats[SellerSeat].Facts = append(s.Seats[SellerSeat].Facts,
			priceFact("seller-bottomline", SellerSeat, l.Seller.Bottomline, "The lowest price "+seller+" will accept is "+money(l.Seller.Bottomline)+"."))
	}
	s.Seats[BuyerSeat].Facts = append(s.Seats[BuyerSeat].Facts,
		priceFact("buyer-target", BuyerSeat, l.Buyer.Target, buyer+"'s target price is "+money(l.Buyer.Target)+"."))
	if l.Buyer.Bottomline > 0 {
		s.Seats[BuyerSeat].Facts = append(s.Seats[BuyerSeat].Facts,
			priceFact("buyer-bottomline", BuyerSeat, l.Buyer.Bottomline, "The most "+buyer+" will pay is "+money(l.Buyer.Bottomline)+"."))
	}
	s.PublicFacts = append(s.PublicFacts,
		priceFact("listing-price", scenario.OwnerPublic, l.ListingPrice, "The listing price is "+money(l.ListingPrice)+"."))
}

func priceFact(id string, owner scenario.Owner, v float64, text string) scenario.Fact {
	n := v
	return scenario.Fact{ID: id, Owner: owner, Kind: scenario.FactPrice, Number: &n, Tolerance: 0.5, Text: text, Derived: true}
}
