package view

import "strings"

// Shown is family data (scenario.Data) that views show. The family says
// which part every viewer reads and which part belongs to a seat's
// private side; For decides who is given which, as for everything else.
type Shown interface {
	// Scene is the part every viewer is shown; nil for none.
	Scene() Scene
	// Holding is the part that belongs to seat's private side; nil for
	// none.
	Holding(seat int) Holding
}

// Scene is what every viewer of a scenario is shown of its family data,
// in the family's type.
type Scene interface {
	// Render writes its lines among the scenario's common lines, after
	// the turn limit ("Item for sale: ...").
	Render(b *strings.Builder)
}

// Holding is the family data that belongs to one seat's private side, in
// the family's type.
type Holding interface {
	// Render writes its lines after the seat's private information;
	// whose is "Your" or "Their", as the reader calls the seat.
	Render(b *strings.Builder, whose string)
	// Summary says it in a few words for a list of what a seat holds ("a
	// list of 6 friends"); "" leaves it out of such lists.
	Summary() string
	// Label names it as one piece of information ("friend list") in the
	// simulation card's who-knew-what table; "" leaves it out.
	Label() string
}
