package scenario

import (
	"fmt"
	"math"
	"regexp"
	"strings"
)

type problem struct {
	path string
	msg  string
}

type problems []problem

func (ps *problems) add(path, format string, args ...any) {
	*ps = append(*ps, problem{path: path, msg: fmt.Sprintf(format, args...)})
}

// finite refuses NaN and infinities (.nan, .inf), which no price can be
// and which JSON cannot record.
func (ps *problems) finite(path string, v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		ps.add(path, "must be a finite number (got %g)", v)
	}
}

// MaxTurnsLimit is the largest max_turns a scenario may set.
const MaxTurnsLimit = 10_000

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)*$`)

var relationships = []Relationship{Strangers, KnowByName, Acquaintances, Friends, Romantic, FamilyTie}

// validate checks everything Parse cannot express in types. Paths use the
// YAML keys so errors point at what the author wrote.
func (s *Scenario) validate() problems {
	var ps problems
	if !idPattern.MatchString(s.ID) {
		ps.add("id", "must be lower-case words separated by '-' and '/', e.g. craigslist/road-bike (got %q)", s.ID)
	}
	if strings.TrimSpace(s.Title) == "" {
		ps.add("title", "is required")
	}
	if strings.TrimSpace(s.Setting) == "" {
		ps.add("setting", "is required")
	}
	switch s.Family {
	case Craigslist, MutualFriends, DealOrNoDeal, Sotopia:
	default:
		ps.add("family", "must be craigslist, mutualfriends, dealornodeal or sotopia (got %q)", s.Family)
	}
	if !validRelationship(s.Relationship) {
		ps.add("relationship", "must be one of %s (got %q)", relationshipNames(), s.Relationship)
	}
	if s.MaxTurns < 0 || s.MaxTurns > MaxTurnsLimit {
		ps.add("max_turns", "must be between 1 and %d (got %d)", MaxTurnsLimit, s.MaxTurns)
	}
	if len(s.Seats) != 2 {
		ps.add("seats", "must list exactly 2 seats (got %d)", len(s.Seats))
	}
	ids := map[string]string{}
	for i, seat := range s.Seats {
		s.validateSeat(i, seat, ids, &ps)
	}
	if len(s.Seats) == 2 && s.Seats[0].Character.Name != "" && s.Seats[0].Character.Name == s.Seats[1].Character.Name {
		ps.add("seats[1].character.name", "must differ from seat 0's name")
	}
	validateFacts("environment_facts", s.EnvFacts, ids, &ps)
	validateFacts("public_facts", s.PublicFacts, ids, &ps)
	s.validateFamilyData(&ps)
	return ps
}

func (s *Scenario) validateSeat(i int, seat Seat, ids map[string]string, ps *problems) {
	at := fmt.Sprintf("seats[%d]", i)
	if strings.TrimSpace(seat.Role) == "" {
		ps.add(at+".role", "is required")
	}
	if strings.TrimSpace(seat.Character.Name) == "" {
		ps.add(at+".character.name", "is required")
	}
	if strings.TrimSpace(seat.Character.Goal) == "" {
		ps.add(at+".character.goal", "is required")
	}
	validateFacts(at+".facts", seat.Facts, ids, ps)
}

func validateFacts(at string, facts []Fact, ids map[string]string, ps *problems) {
	for j, f := range facts {
		fp := fmt.Sprintf("%s[%d]", at, j)
		switch {
		case f.ID == "":
			ps.add(fp+".id", "is required")
		case ids[f.ID] != "":
			ps.add(fp+".id", "%q is already used at %s", f.ID, ids[f.ID])
		default:
			ids[f.ID] = fp
		}
		if strings.TrimSpace(f.Text) == "" {
			ps.add(fp+".text", "is required")
		}
		if f.Tolerance < 0 {
			ps.add(fp+".tolerance", "must not be negative")
		}
		ps.finite(fp+".tolerance", f.Tolerance)
		if f.Number != nil {
			ps.finite(fp+".number", *f.Number)
		}
		switch f.Kind {
		case FactPrice:
			if f.Number == nil {
				ps.add(fp+".number", "is required for a price fact")
			}
		case FactName, FactValue, FactPhrase:
			if len(f.Phrases) == 0 {
				ps.add(fp+".phrases", "needs at least one phrase for a %s fact", f.Kind)
			}
			for k, ph := range f.Phrases {
				if strings.TrimSpace(ph) == "" {
					ps.add(fmt.Sprintf("%s.phrases[%d]", fp, k), "must not be empty")
				}
			}
		default:
			ps.add(fp+".kind", "must be price, name, value or phrase (got %q)", f.Kind)
		}
	}
}

func (s *Scenario) validateFamilyData(ps *problems) {
	if s.Family != Craigslist && s.Craigslist != nil {
		ps.add("craigslist", "is only allowed in the craigslist family")
	}
	if s.Family != MutualFriends && s.Friends != nil {
		ps.add("mutualfriends", "is only allowed in the mutualfriends family")
	}
	if s.Family != DealOrNoDeal && s.Deal != nil {
		ps.add("dealornodeal", "is only allowed in the dealornodeal family")
	}
	switch s.Family {
	case DealOrNoDeal:
		s.validateDeal(ps)
	case Craigslist:
		s.validateListing(ps)
	case MutualFriends:
		s.validateFriends(ps)
	}
}

func (s *Scenario) validateListing(ps *problems) {
	l := s.Craigslist
	if l == nil {
		ps.add("craigslist", "is required in the craigslist family")
		return
	}
	if len(s.Seats) == 2 {
		if s.Seats[SellerSeat].Role != "seller" {
			ps.add("seats[0].role", "must be seller in the craigslist family (got %q)", s.Seats[SellerSeat].Role)
		}
		if s.Seats[BuyerSeat].Role != "buyer" {
			ps.add("seats[1].role", "must be buyer in the craigslist family (got %q)", s.Seats[BuyerSeat].Role)
		}
	}
	if strings.TrimSpace(l.Item) == "" {
		ps.add("craigslist.item", "is required")
	}
	ps.finite("craigslist.listing_price", l.ListingPrice)
	if l.ListingPrice <= 0 {
		ps.add("craigslist.listing_price", "must be positive")
	}
	for _, side := range []struct {
		name   string
		limits PriceLimits
	}{{"seller", l.Seller}, {"buyer", l.Buyer}} {
		ps.finite("craigslist."+side.name+".target", side.limits.Target)
		ps.finite("craigslist."+side.name+".bottomline", side.limits.Bottomline)
		if side.limits.Target <= 0 {
			ps.add("craigslist."+side.name+".target", "must be positive")
		}
		if side.limits.Bottomline < 0 {
			ps.add("craigslist."+side.name+".bottomline", "must be positive, or left out for a target-only side")
		}
	}
	if l.Seller.Bottomline > l.Seller.Target {
		ps.add("craigslist.seller.bottomline", "must not be above the seller's target (%g > %g)", l.Seller.Bottomline, l.Seller.Target)
	}
	if l.Buyer.Bottomline > 0 && l.Buyer.Bottomline < l.Buyer.Target {
		ps.add("craigslist.buyer.bottomline", "must not be below the buyer's target (%g < %g)", l.Buyer.Bottomline, l.Buyer.Target)
	}
}

func (s *Scenario) validateFriends(ps *problems) {
	f := s.Friends
	if f == nil {
		ps.add("mutualfriends", "is required in the mutualfriends family")
		return
	}
	if len(f.Attributes) == 0 {
		ps.add("mutualfriends.attributes", "needs at least one attribute")
	}
	seen := map[string]bool{}
	for i, a := range f.Attributes {
		if a == "" || a == "name" || seen[a] {
			ps.add(fmt.Sprintf("mutualfriends.attributes[%d]", i), "must be a distinct attribute other than name (got %q)", a)
		}
		seen[a] = true
	}
	for side, list := range f.Lists {
		at := fmt.Sprintf("mutualfriends.lists[%d]", side)
		if len(list) < 2 {
			ps.add(at, "needs at least 2 friends (got %d)", len(list))
		}
		names := map[string]bool{}
		for j, fr := range list {
			fp := fmt.Sprintf("%s[%d]", at, j)
			if fr.Name == "" {
				ps.add(fp+".name", "is required")
			} else if names[fr.Name] {
				ps.add(fp+".name", "%q appears twice in this list", fr.Name)
			}
			names[fr.Name] = true
			for _, a := range f.Attributes {
				if fr.Values[a] == "" {
					ps.add(fp+".values", "needs a value for %q", a)
				}
			}
			for k := range fr.Values {
				if !seen[k] {
					ps.add(fp+".values."+k, "is not one of the attributes %v", f.Attributes)
				}
			}
		}
	}
	if n := f.MutualCount(); n != 1 {
		ps.add("mutualfriends.lists", "must share exactly one identical friend (found %d)", n)
	}
}

func validRelationship(r Relationship) bool {
	for _, v := range relationships {
		if r == v {
			return true
		}
	}
	return false
}

func relationshipNames() string {
	names := make([]string, len(relationships))
	for i, r := range relationships {
		names[i] = string(r)
	}
	return strings.Join(names, ", ")
}

// Validate checks a scenario that did not come from a file (a generated one,
// or one read back from a recording). Errors name the field but no line.
func (s *Scenario) Validate() error {
	probs := s.validate()
	if len(probs) == 0 {
		return nil
	}
	out := make([]FieldError, len(probs))
	for i, p := range probs {
		out[i] = FieldError{File: s.ID, Field: p.path, Msg: p.msg}
	}
	return &LoadError{Problems: out}
}
