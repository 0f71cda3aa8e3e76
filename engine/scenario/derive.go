package scenario

import (
	"fmt"
	"strings"
)

// Normalize fills defaults, sets each fact's owner from where it is listed,
// and (re)derives the family facts from the family data. It is idempotent,
// so a scenario read back from a recording normalizes to the same facts.
func (s *Scenario) Normalize() {
	if s.MaxTurns == 0 {
		s.MaxTurns = DefaultMaxTurns
	}
	for i := range s.Seats {
		s.Seats[i].Facts = withOwner(authored(s.Seats[i].Facts), Owner(i))
	}
	s.EnvFacts = withOwner(authored(s.EnvFacts), OwnerEnv)
	s.PublicFacts = withOwner(authored(s.PublicFacts), OwnerPublic)
	if len(s.Seats) != 2 {
		return
	}
	if s.Family == Craigslist && s.Craigslist != nil {
		s.deriveListingFacts()
	}
	if s.Family == MutualFriends && s.Friends != nil {
		s.deriveFriendFacts()
	}
	if s.Family == DealOrNoDeal && s.Deal != nil {
		s.deriveValueFacts()
	}
}

func authored(fs []Fact) []Fact {
	out := fs[:0:0]
	for _, f := range fs {
		if !f.Derived {
			out = append(out, f)
		}
	}
	return out
}

func withOwner(fs []Fact, o Owner) []Fact {
	for i := range fs {
		fs[i].Owner = o
	}
	return fs
}

// Money formats a price the way views and templates say it.
func Money(v float64) string {
	if v == float64(int64(v)) {
		return fmt.Sprintf("$%d", int64(v))
	}
	return fmt.Sprintf("$%.2f", v)
}

func priceFact(id string, owner Owner, v float64, text string) Fact {
	n := v
	return Fact{ID: id, Owner: owner, Kind: FactPrice, Number: &n, Tolerance: 0.5, Text: text, Derived: true}
}

func (s *Scenario) deriveListingFacts() {
	l := s.Craigslist
	seller, buyer := s.firstName(SellerSeat), s.firstName(BuyerSeat)
	// Fact texts name the character, so they read right in every view: the
	// seat's own ("Your private information"), a mind-reader's and a reveal's.
	s.Seats[SellerSeat].Facts = append(s.Seats[SellerSeat].Facts,
		priceFact("seller-target", SellerSeat, l.Seller.Target, seller+"'s target price is "+Money(l.Seller.Target)+"."))
	if l.Seller.Bottomline > 0 {
		s.Seats[SellerSeat].Facts = append(s.Seats[SellerSeat].Facts,
			priceFact("seller-bottomline", SellerSeat, l.Seller.Bottomline, "The lowest price "+seller+" will accept is "+Money(l.Seller.Bottomline)+"."))
	}
	s.Seats[BuyerSeat].Facts = append(s.Seats[BuyerSeat].Facts,
		priceFact("buyer-target", BuyerSeat, l.Buyer.Target, buyer+"'s target price is "+Money(l.Buyer.Target)+"."))
	if l.Buyer.Bottomline > 0 {
		s.Seats[BuyerSeat].Facts = append(s.Seats[BuyerSeat].Facts,
			priceFact("buyer-bottomline", BuyerSeat, l.Buyer.Bottomline, "The most "+buyer+" will pay is "+Money(l.Buyer.Bottomline)+"."))
	}
	s.PublicFacts = append(s.PublicFacts,
		priceFact("listing-price", OwnerPublic, l.ListingPrice, "The listing price is "+Money(l.ListingPrice)+"."))
}

// firstName is how fact texts call a seat's character.
func (s *Scenario) firstName(seat int) string {
	if f := strings.Fields(s.Seats[seat].Character.Name); len(f) > 0 {
		return f[0]
	}
	return s.Seats[seat].Role
}

// deriveFriendFacts makes one owned fact per name or attribute value that a
// seat's list has and the partner's list lacks, plus the environment-only
// mutual friend.
func (s *Scenario) deriveFriendFacts() {
	f := s.Friends
	for seat := 0; seat < 2; seat++ {
		theirs := valueSet(f.Lists[Partner(seat)], f.Attributes)
		mine := valueSet(f.Lists[seat], f.Attributes)
		partnerReads := s.ownText(Partner(seat))
		for _, attr := range append([]string{"name"}, f.Attributes...) {
			for _, v := range mine[attr] {
				// A value the partner reads anyway, whole or inside a longer
				// one ("John" in "John Carroll University"), is not this
				// side's to disclose.
				if contains(theirs[attr], v) || hasWords(partnerReads, v) {
					continue
				}
				s.Seats[seat].Facts = append(s.Seats[seat].Facts, Fact{
					ID: fmt.Sprintf("seat%d-%s-%s", seat, attr, Slug(v)), Owner: Owner(seat),
					Kind: kindOf(attr), Attribute: attr, Phrases: []string{v},
					Text: fmt.Sprintf("%s knows someone with %s %s; %s knows no one with it.", s.firstName(seat), attr, v, s.firstName(Partner(seat))), Derived: true,
				})
			}
		}
	}
	i, _ := f.Mutual()
	if i < 0 {
		return
	}
	m := f.Lists[0][i]
	s.EnvFacts = append(s.EnvFacts, Fact{
		ID: "mutual-friend", Owner: OwnerEnv, Kind: FactName, Phrases: []string{m.Name},
		Aliases: nameAliases(m.Name), Text: "The mutual friend is " + m.Name + ".", Derived: true,
	})
}

// ownText is everything a seat reads about itself and the scene, lowered:
// the setting, its character and its friend list.
func (s *Scenario) ownText(seat int) string {
	c := s.Seats[seat].Character
	parts := []string{s.Setting, c.Name, c.Public, c.Personality, c.Secret, c.Goal}
	for _, fr := range s.Friends.Lists[seat] {
		parts = append(parts, fr.Name)
		for _, v := range fr.Values {
			parts = append(parts, v)
		}
	}
	return strings.ToLower(strings.Join(parts, "\n"))
}

// hasWords reports whether text (lowered) holds v as whole words.
func hasWords(text, v string) bool {
	v = strings.ToLower(v)
	for i := 0; ; {
		j := strings.Index(text[i:], v)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(v)
		if (start == 0 || !isWordByte(text[start-1])) && (end == len(text) || !isWordByte(text[end])) {
			return true
		}
		i = start + 1
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 0x80
}

func kindOf(attr string) FactKind {
	if attr == "name" {
		return FactName
	}
	return FactValue
}

// nameAliases lets a first name alone refer to a full name.
func nameAliases(name string) []string {
	if parts := strings.Fields(name); len(parts) > 1 {
		return []string{parts[0]}
	}
	return nil
}

// valueSet lists the distinct values per attribute ("name" included), in
// first-seen order.
func valueSet(list []Friend, attrs []string) map[string][]string {
	out := map[string][]string{}
	for _, fr := range list {
		if !contains(out["name"], fr.Name) {
			out["name"] = append(out["name"], fr.Name)
		}
		for _, a := range attrs {
			if v := fr.Values[a]; !contains(out[a], v) {
				out[a] = append(out[a], v)
			}
		}
	}
	return out
}

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// Slug is v in lower case with every run of other characters one dash,
// for ids and file names.
func Slug(v string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(v) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
