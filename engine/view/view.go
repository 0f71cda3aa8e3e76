// Package view decides what each participant of a run is given. It is the
// single place where information asymmetry between modes is decided: prompts,
// info panels, prompt audits and cards are all rendered from a View.
package view

import (
	"fmt"

	"github.com/omnigap/omnigap/engine/scenario"
)

// Mode is an information setting.
type Mode string

const (
	Script      Mode = "script"
	Agents      Mode = "agents"
	Mindreaders Mode = "mindreaders"
	Humans      Mode = "humans" // replay of a human-human transcript
	// People is a report column rather than a setting: AGENTS runs in
	// which a person held a seat from the start (omnigap play and serve),
	// counted apart from the agents' own.
	People Mode = "people"
)

// Modes lists the modes a run can be started in, in display order.
var Modes = []Mode{Script, Agents, Mindreaders}

// ParseMode accepts a mode name as typed on the command line.
func ParseMode(s string) (Mode, error) {
	for _, m := range append(Modes, Humans) {
		if string(m) == s {
			return m, nil
		}
	}
	return "", fmt.Errorf("unknown mode %q (want script, agents or mindreaders)", s)
}

// Label is the mode's name as shown in pane headers.
func (m Mode) Label() string {
	switch m {
	case Script:
		return "SCRIPT"
	case Agents:
		return "AGENTS"
	case Mindreaders:
		return "MINDREADERS"
	case Humans:
		return "HUMANS"
	case People:
		return "PEOPLE"
	}
	return string(m)
}

// Writer is the viewer index of the SCRIPT writer, who sees both seats.
const Writer = -1

// SeatView is what a viewer knows about one seat. Fields the viewer may not
// see are empty; Full says whether the private side is visible at all.
type SeatView struct {
	Seat        int
	Role        string
	Name        string
	Public      string
	Age         int
	Gender      string
	Pronouns    string
	Occupation  string
	Full        bool
	Personality string
	Secret      string
	Goal        string
	Facts       []scenario.Fact
	// Holding is the family data that belongs to the seat's private side
	// (its friend list, its points per item); nil unless Full.
	Holding Holding
}

// View is everything one participant is given before the dialogue starts.
type View struct {
	Mode         Mode
	Viewer       int // 0, 1 or Writer
	ScenarioID   string
	Title        string
	Family       scenario.Family
	Setting      string
	Relationship scenario.Relationship
	Background   string // the pair's shared history; omniscient and MINDREADERS views only
	MaxTurns     int
	// Scene is what every viewer is shown of the family data (a listing's
	// item and description, the items on the table); nil for none.
	Scene       Scene
	Seats       [2]SeatView
	PublicFacts []scenario.Fact
	EnvFacts    []scenario.Fact
}

// Viewers lists who is given a View in mode, in display order: the SCRIPT
// writer alone, or seat 0 and seat 1 (the agents of AGENTS and
// MINDREADERS, the two people of HUMANS). It is nil for an unknown mode.
func Viewers(mode Mode) []int {
	switch mode {
	case Script:
		return []int{Writer}
	case Agents, Mindreaders, Humans:
		return []int{0, 1}
	}
	return nil
}

// For computes what viewer (one of Viewers(mode)) is given in mode.
// SCRIPT is the only mode with a writer; in it, seat viewers get the
// writer's view too, because one mind writes both. In HUMANS each person
// is given exactly an AGENTS seat's View: people know their own side and
// what the relationship shows of the partner, so a person who says the
// partner's private fact could not have known it (a leak, as for agents).
func For(sc *scenario.Scenario, mode Mode, viewer int) View {
	if mode == Humans {
		v := For(sc, Agents, viewer)
		v.Mode = Humans
		return v
	}
	v := View{
		Mode: mode, Viewer: viewer, ScenarioID: sc.ID, Title: sc.Title, Family: sc.Family,
		Setting: sc.Setting, Relationship: sc.Relationship, MaxTurns: sc.MaxTurns,
		PublicFacts: sc.PublicFacts,
	}
	data, _ := sc.Data.(Shown)
	if data != nil {
		v.Scene = data.Scene()
	}
	omniscient := mode == Script
	if omniscient || mode == Mindreaders {
		v.Background = sc.Background
	}
	for seat := 0; seat < 2; seat++ {
		full := omniscient || seat == viewer || mode == Mindreaders
		v.Seats[seat] = seatView(sc, seat, full, tierOf(sc.Relationship))
		if full && data != nil {
			v.Seats[seat].Holding = data.Holding(seat)
		}
	}
	if omniscient {
		v.Viewer = Writer
		v.EnvFacts = sc.EnvFacts
	}
	return v
}

func seatView(sc *scenario.Scenario, seat int, full bool, t tier) SeatView {
	s := sc.Seats[seat]
	c := s.Character
	sv := SeatView{Seat: seat, Role: s.Role, Name: c.Name, Full: full}
	if full {
		t = closeTier
	}
	if t >= acquaintanceTier {
		sv.Public, sv.Age, sv.Gender, sv.Pronouns, sv.Occupation = c.Public, c.Age, c.Gender, c.Pronouns, c.Occupation
	}
	if t >= closeTier {
		sv.Personality = c.Personality
	}
	if !full {
		return sv
	}
	sv.Secret, sv.Goal = c.Secret, c.Goal
	for _, f := range s.Facts {
		// Facts carried by family data (MutualFriends values, item values)
		// are shown through it; listing them would tell the seat what its
		// partner lacks or values differently.
		if f.Attribute == "" {
			sv.Facts = append(sv.Facts, f)
		}
	}
	return sv
}

// tier is how much of the partner's profile a relationship opens, as
// Sotopia renders it. A name and a role are always given: the dialogue
// itself carries them.
type tier int

const (
	strangerTier     tier = iota // nothing
	nameTier                     // the name
	acquaintanceTier             // also age, gender, pronouns, occupation, public profile
	closeTier                    // also the personality; never the secret
)

func tierOf(r scenario.Relationship) tier {
	switch r {
	case scenario.KnowByName:
		return nameTier
	case scenario.Acquaintances:
		return acquaintanceTier
	case scenario.Friends, scenario.Romantic, scenario.FamilyTie:
		return closeTier
	}
	return strangerTier
}

// Self returns the viewer's own seat view; for the writer it returns seat 0.
func (v View) Self() SeatView {
	if v.Viewer == Writer {
		return v.Seats[0]
	}
	return v.Seats[v.Viewer]
}

// Partner returns the viewer's partner's seat view; for the writer, seat 1.
func (v View) Partner() SeatView {
	if v.Viewer == Writer {
		return v.Seats[1]
	}
	return v.Seats[scenario.Partner(v.Viewer)]
}

// Knows reports whether the view contains fact f.
func (v View) Knows(f scenario.Fact) bool {
	switch f.Owner {
	case scenario.OwnerPublic:
		return true
	case scenario.OwnerEnv:
		for _, e := range v.EnvFacts {
			if e.ID == f.ID {
				return true
			}
		}
		return false
	case 0, 1:
		// A seat's facts, MutualFriends values included (they are carried
		// by the friend list), are known exactly when its private side is.
		return v.Seats[f.Owner].Full
	}
	return false
}
