package craigslist

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/builtin/talk"
	cl "github.com/omnigap/omnigap/engine/family/craigslist"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

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
func itemName(l *cl.PublicListing) string {
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
				w[i] = talk.LowerFirst(word) // not "BMW", "Z3", "Bell'O" or "Google"
			}
		}
		return strings.Join(w, " ")
	}
	if first, _, _ := strings.Cut(s, " "); commonWord(first) {
		return talk.LowerFirst(s)
	}
	return s // "Google Pixel 7", "Technics SL-1200"
}

// thingName is the item in a word, as a sentence says it after "the"
// ("bike", "dresser", "turntable"): the last word of the item's name
// before any comma or "with", or, when that is no plain word ("Pixel 7"),
// what the scene's kind calls it.
func thingName(item string, scene fit) string {
	head, _, _ := strings.Cut(item, ",")
	for _, cut := range []string{" with ", " in ", " for ", " from "} {
		head, _, _ = strings.Cut(head, cut)
	}
	w := strings.Fields(head)
	if len(w) > 0 {
		last := w[len(w)-1]
		if plainWord(strings.ToLower(last)) && len(last) > 1 && (plainWord(last) || strings.ToUpper(last) == last) {
			return last
		}
	}
	switch {
	case scene&bike != 0:
		return "bike"
	case scene&car != 0:
		return "car"
	case scene&phone != 0:
		return "phone"
	case scene&housing != 0:
		return "place"
	}
	return "item"
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

// firstSentence is the first sentence of the listing's description worth
// quoting: one of three words or more, not a label like "Monthly rent.".
// It is cleaned because scenario files are written by anyone; empty
// without one.
func firstSentence(l *cl.PublicListing) string {
	if l == nil {
		return ""
	}
	d := strings.TrimSpace(strings.ReplaceAll(textsafe.Clean(l.Description), "\n", " "))
	for {
		s, rest, more := strings.Cut(d, ". ")
		if more {
			s += "."
		}
		if len(strings.Fields(s)) >= 3 || !more {
			d = s
			break
		}
		d = strings.TrimSpace(rest)
	}
	if d != "" && !strings.ContainsAny(d[len(d)-1:], ".!?") {
		d += "."
	}
	return d
}
