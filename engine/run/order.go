package run

import "github.com/omnigap/omnigap/engine/event"

// Order says which seat speaks next, given the turns completed so far.
// Runs alternate by default (Alternate); a run that plays people's
// transcript follows the order they spoke in.
type Order func(history []event.Turn) int

// Alternate starts with seat 0 and then gives the turn to the seat that
// did not speak last.
func Alternate(history []event.Turn) int {
	if len(history) == 0 {
		return 0
	}
	return 1 - history[len(history)-1].Seat
}

// Then follows seats for the first len(seats) turns and order after them.
func Then(seats []int, order Order) Order {
	return func(history []event.Turn) int {
		if n := len(history); n < len(seats) {
			return seats[n]
		}
		return order(history)
	}
}
