package craigslist

import (
	"strings"

	cl "github.com/omnigap/omnigap/engine/family/craigslist"
)

// fit says in which Craigslist scenes a sentence can be said: how the two
// talk (chat or in person) and what changes hands. A fit without meeting
// bits suits both meetings, one without kind bits every kind. A scene is
// a fit with exactly one meeting bit and one kind bit.
type fit uint16

const (
	chat fit = 1 << iota
	inPerson
	bike
	car
	furniture
	phone
	electronics
	otherGoods // a category the lines know nothing particular about
	housing    // the price is a monthly rent

	meetings = chat | inPerson
	goods    = bike | car | furniture | phone | electronics | otherGoods
	// working things are asked whether they work rather than how they look.
	working = bike | car | phone | electronics
)

// suits reports whether a line with this fit can be said in scene.
func (f fit) suits(scene fit) bool {
	return (f&meetings == 0 || f&scene&meetings != 0) && (f&^meetings == 0 || f&scene&^meetings != 0)
}

// sceneOf reads the scene from the listing both sides see: the meeting
// from its own field, never guessed from the setting's prose, and the
// kind from the category.
func sceneOf(l *cl.PublicListing) fit {
	scene := chat
	if l != nil && l.InPerson {
		scene = inPerson
	}
	category := ""
	if l != nil {
		category = strings.ToLower(strings.TrimSpace(l.Category))
	}
	switch category {
	case "bike":
		return scene | bike
	case "car":
		return scene | car
	case "furniture":
		return scene | furniture
	case "phone":
		return scene | phone
	case "electronics":
		return scene | electronics
	case "housing":
		return scene | housing
	}
	return scene | otherGoods
}

// scenes lists every scene, for building their pools once.
func scenes() []fit {
	var out []fit
	for _, m := range []fit{chat, inPerson} {
		for _, k := range []fit{bike, car, furniture, phone, electronics, otherGoods, housing} {
			out = append(out, m|k)
		}
	}
	return out
}

// line is a sentence of a pool and the scenes it suits.
type line struct {
	text string
	fits fit
}

// only keeps the sentences of pool that suit scene.
func only(pool []line, scene fit) []string {
	var out []string
	for _, l := range pool {
		if l.fits.suits(scene) {
			out = append(out, l.text)
		}
	}
	return out
}

// sides keeps, for each side, the sentences that suit scene.
func sides(pools [2][]line, scene fit) [2][]string {
	return [2][]string{only(pools[0], scene), only(pools[1], scene)}
}
