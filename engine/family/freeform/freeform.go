// Package freeform is the free-form family ("sotopia" in scenario files):
// social tasks in words only, such as Sotopia's, with no structured moves
// and no ending beyond the ones every run has.
package freeform

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/fact/derive"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/scenario"
)

func init() { family.Register(Family{}) }

// Family is the free-form family's rules.
type Family struct{}

// Name is the family's name in scenario files.
func (Family) Name() scenario.Family { return scenario.Sotopia }

// Section: a free-form scenario has no family data.
func (Family) Section() scenario.Section { return scenario.Section{} }

// Validate accepts any free-form scenario: it has no family data.
func (Family) Validate(*scenario.Scenario, func(path, format string, args ...any)) {}

// Derive makes the amounts and names in each seat's goal and secret that
// nothing shared mentions facts the seat owns, and each piece of its
// extra information and its goal (derive.ToldFacts). The seat reads them in its
// goal, so views do not list them again.
func (Family) Derive(s *scenario.Scenario) {
	for _, f := range derive.GoalFacts(s) {
		f.Attribute = scenario.GoalAttribute
		s.Seats[f.Owner].Facts = append(s.Seats[f.Owner].Facts, f)
	}
	for _, f := range derive.ToldFacts(s) {
		s.Seats[f.Owner].Facts = append(s.Seats[f.Owner].Facts, f)
	}
}

// Moves: none beyond the shared ones.
func (Family) Moves() []family.Move { return nil }

// Prompt: nothing beyond the shared instructions.
func (Family) Prompt() family.Prompt { return family.Prompt{} }

// Referee starts a run whose only endings are the shared ones.
func (Family) Referee(*scenario.Scenario) family.Referee { return family.NoRules{} }

// Terms: the rules settle nothing beyond a summary.
func (Family) Terms() event.Terms { return nil }

// Metrics: the free-form family's outcome is the judge's to score.
func (Family) Metrics(map[string]float64, *scenario.Scenario, family.Episode) {}

// Measures: none of its own.
func (Family) Measures() []family.Measure { return nil }
