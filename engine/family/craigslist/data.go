package craigslist

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Listing is the family's data (scenario.Data, under the key
// "craigslist"): the item and each side's private prices.
type Listing struct {
	Item         string  `yaml:"item" json:"item"`
	Category     string  `yaml:"category" json:"category"`
	Description  string  `yaml:"description" json:"description"`
	ListingPrice float64 `yaml:"listing_price" json:"listing_price"`
	// Meeting says how the two talk: MeetChat (messages about the ad,
	// also when empty) or MeetInPerson (face to face, the item at hand).
	Meeting string      `yaml:"meeting,omitempty" json:"meeting,omitempty"`
	Seller  PriceLimits `yaml:"seller" json:"seller"`
	Buyer   PriceLimits `yaml:"buyer" json:"buyer"`
}

// How the two sides of a listing talk.
const (
	MeetChat     = "chat"
	MeetInPerson = "in-person"
)

// InPerson reports whether the two sides meet face to face.
func (l *Listing) InPerson() bool { return l.Meeting == MeetInPerson }

// PriceLimits are one side's private prices: the price it hopes for and the
// worst price it will still accept. A zero Bottomline means the side has a
// target only (target-only bargaining, as Sotopia's Craigslist tasks pose it).
type PriceLimits struct {
	Target     float64 `yaml:"target" json:"target"`
	Bottomline float64 `yaml:"bottomline,omitempty" json:"bottomline,omitempty"`
}

// SellerSeat and BuyerSeat are the family's seat convention: the seller
// speaks first, as in CraigslistBargain's listings.
const (
	SellerSeat = 0
	BuyerSeat  = 1
)

// Section: the listing is written under "craigslist".
func (Family) Section() scenario.Section {
	return scenario.Section{Key: "craigslist", New: func() scenario.Data { return &Listing{} }}
}

// ListingOf returns the scenario's listing, or nil when it has none.
func ListingOf(sc *scenario.Scenario) *Listing {
	l, _ := sc.Data.(*Listing)
	return l
}

// Clone returns a copy of the listing.
func (l *Listing) Clone() scenario.Data {
	c := *l
	return &c
}

// Scene is the part of the listing both sides read: everything but the
// prices each side keeps to itself.
func (l *Listing) Scene() view.Scene {
	return &PublicListing{Item: l.Item, Category: l.Category, Description: l.Description, ListingPrice: l.ListingPrice, InPerson: l.InPerson()}
}

// Holding: a side's prices are facts of its own, not a list it holds.
func (l *Listing) Holding(int) view.Holding { return nil }

// PublicListing is the part of a listing every viewer is shown
// (view.View.Scene).
type PublicListing struct {
	Item         string
	Category     string
	Description  string
	ListingPrice float64
	InPerson     bool // the two meet face to face rather than write
}

// Render writes the item for sale and the ad's description.
func (p *PublicListing) Render(b *strings.Builder) {
	fmt.Fprintf(b, "Item for sale: %s (%s)\n", p.Item, p.Category)
	if p.Description != "" {
		fmt.Fprintf(b, "Listing description: %s\n", strings.TrimSpace(p.Description))
	}
}

// PublicListingOf returns the listing a view shows, or nil.
func PublicListingOf(v view.View) *PublicListing {
	p, _ := v.Scene.(*PublicListing)
	return p
}
