package builtin

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

// knowledge is everything one seat's player may use, taken from a View and
// nothing else. The decision code is the same in every mode; the modes
// differ only in what knowledge holds:
//
//   - AGENTS: the own seat; partner is the partner's public side only, so
//     partnerKnown is false and the partner's prices and friends are empty.
//   - MINDREADERS: the partner's private side too (partnerKnown).
//   - SCRIPT: the writer's view, which holds both seats.
//
// This is the single place where the partner's private facts enter a
// player's decisions.
type knowledge struct {
	scenarioID   string // public: it varies the wording between scenarios
	seat         int
	family       scenario.Family
	maxTurns     int
	relationship scenario.Relationship // public: how the two talk
	self         view.SeatView
	partner      view.SeatView
	partnerKnown bool
	listing      *view.PublicListing
	attributes   []string
}

// knowledgeOf reads what viewer v gives the player of seat. For a seat
// view the seat must be the viewer; the writer's view serves either seat.
func knowledgeOf(v view.View, seat int) knowledge {
	return knowledge{
		scenarioID: v.ScenarioID, seat: seat, family: v.Family, maxTurns: v.MaxTurns, relationship: v.Relationship,
		self: v.Seats[seat], partner: v.Seats[scenario.Partner(seat)],
		partnerKnown: v.Seats[scenario.Partner(seat)].Full,
		listing:      v.Listing, attributes: v.Attributes,
	}
}

// limits are one side's private prices. A target-only side (Sotopia's
// Craigslist) was given no bottomline: its bottom is its target until the
// bargainer works out how far it goes (target_only.go).
type limits struct {
	target, bottom float64
	targetOnly     bool
}

// limitsOf finds a Craigslist seat's target and bottomline among the facts
// the view gives for it.
func limitsOf(sv view.SeatView) (limits, error) {
	var l limits
	var haveTarget, haveBottom bool
	for _, f := range sv.Facts {
		if f.Kind != scenario.FactPrice || f.Number == nil {
			continue
		}
		switch f.ID {
		case sv.Role + "-target":
			l.target, haveTarget = *f.Number, true
		case sv.Role + "-bottomline":
			l.bottom, haveBottom = *f.Number, true
		}
	}
	if haveTarget && !haveBottom {
		l.bottom, haveBottom, l.targetOnly = l.target, true, true
	}
	if !haveTarget || !haveBottom {
		return l, fmt.Errorf("seat %d (%s) has no %s-target and %s-bottomline price facts", sv.Seat, sv.Role, sv.Role, sv.Role)
	}
	return l, nil
}

// itemName is the listing's item as said in a sentence, cleaned because
// scenario files are written by anyone.
func itemName(l *view.PublicListing) string {
	if l == nil || l.Item == "" {
		return "item"
	}
	s := textsafe.Clean(l.Item)
	if head, _, ok := strings.Cut(s, " - "); ok && head != "" {
		s = head // "TV Stand - Black Glass" is a TV stand
	}
	if titleCase(s) {
		w := strings.Fields(s)
		for i, word := range w {
			if plainWord(word[1:]) && !properAdjectives[word] && commonWord(word) {
				w[i] = lowerFirst(word) // not "BMW", "Z3", "Bell'O" or "Google"
			}
		}
		return strings.Join(w, " ")
	}
	if first, _, _ := strings.Cut(s, " "); commonWord(first) {
		return lowerFirst(s)
	}
	return s // "Google Pixel 7", "Technics SL-1200"
}

// properAdjectives keep their capital when a title is read in lower case
// ("Italian leather loveseat").
var properAdjectives = map[string]bool{
	"American": true, "Chinese": true, "Danish": true, "English": true, "French": true,
	"German": true, "Italian": true, "Japanese": true, "Persian": true, "Swedish": true, "Victorian": true,
}

// plainWord reports whether s is lower-case letters only.
func plainWord(s string) bool {
	return s != "" && strings.TrimLeft(s, "abcdefghijklmnopqrstuvwxyz") == ""
}

// titleCase reports whether a listing title capitalises its words the
// way headings do ("Antique Oak Accent Table"), so that in a sentence
// they read in lower case.
func titleCase(s string) bool {
	words := strings.Fields(s)
	if len(words) < 2 {
		return false
	}
	for _, w := range words {
		if len(w) >= 4 && (w[0] < 'A' || w[0] > 'Z') && w[0] >= 'a' && w[0] <= 'z' {
			return false
		}
	}
	return true
}

func lowerFirst(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' || s == "I" || strings.HasPrefix(s, "I ") || strings.HasPrefix(s, "I'") {
		return s
	}
	if len(s) > 1 && s[1] >= 'A' && s[1] <= 'Z' {
		return s // an acronym stays as written
	}
	return string(s[0]+'a'-'A') + s[1:]
}
