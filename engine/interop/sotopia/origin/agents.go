package origin

import "github.com/omnigap/omnigap/engine/record"

// AgentSeats says which seat each agent of an imported recording's
// episode sat in, agents numbered as the source numbers them (Sotopia's
// agent 1 is the first of the episode's agents, its first model after
// the evaluator): seats[0] is agent 1's. The header's source says it by
// the characters' names; a recording imported before it named them is
// read by its models, when they tell the seats apart (a placeholder
// model such as custom_model fits any seat). ok is false when the
// recording cannot tell.
func AgentSeats(rec *record.Recording) (seats [2]int, ok bool) {
	src := SourceOf(rec)
	if src == nil {
		return seats, false
	}
	if len(src.Agents) == 2 {
		return seatsByName(rec.Header, src.Agents)
	}
	if len(src.Models) != 3 {
		return seats, false
	}
	a1, a2 := src.Models[1], src.Models[2]
	b := rec.Header.Backends
	fits := func(model, backend string) bool { return model == backend || IsPlaceholder(model) }
	straight := fits(a1, b[0]) && fits(a2, b[1])
	swapped := fits(a1, b[1]) && fits(a2, b[0])
	switch {
	case straight && !swapped:
		return [2]int{0, 1}, true
	case swapped && !straight:
		return [2]int{1, 0}, true
	}
	return seats, false
}

// seatsByName finds the seats of two characters by name; both must sit,
// apart.
func seatsByName(h record.Header, names []string) (seats [2]int, ok bool) {
	for i, name := range names {
		seats[i] = -1
		for s, seat := range h.Scenario.Seats {
			if seat.Character.Name == name {
				seats[i] = s
			}
		}
		if seats[i] < 0 {
			return seats, false
		}
	}
	return seats, seats[0] != seats[1]
}
