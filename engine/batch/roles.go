package batch

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/view"
)

// Role is a role whose model calls a study counts apart: its name in
// tables and its role in the model settings.
type Role struct {
	Name   string
	Config config.Role
}

// Roles are the roles in the order of RoleCalls.
var Roles = [...]Role{{"writer", config.RoleWriter}, {"seat 0", config.RoleSeat0}, {"seat 1", config.RoleSeat1}, {"judge", config.RoleJudge}, {"leak check", config.RoleLeakCheck}}

// Calls counts model calls and their tokens, from their usage events
// (one per call).
type Calls struct {
	Calls, Prompt, Completion int
}

// RoleCalls counts the calls of each role of Roles.
type RoleCalls [len(Roles)]Calls

// add counts a usage event of an episode of mode: the judge's are
// run-level, the SCRIPT writer's go with either seat's turns.
func (r *RoleCalls) add(mode view.Mode, ev event.Event) {
	i := 3
	switch {
	case ev.Usage.Role == event.UsageLeakCheck:
		i = 4
	case ev.Seat >= 0 && view.Viewers(mode) != nil && view.Viewers(mode)[0] == view.Writer:
		i = 0
	case ev.Seat == 0 || ev.Seat == 1:
		i = 1 + ev.Seat
	}
	r[i].Calls++
	r[i].Prompt += ev.Usage.Prompt
	r[i].Completion += ev.Usage.Completion
}

// Add adds another count.
func (r *RoleCalls) Add(o RoleCalls) {
	for i := range r {
		r[i].Calls += o[i].Calls
		r[i].Prompt += o[i].Prompt
		r[i].Completion += o[i].Completion
	}
}

// Total is every role's calls together.
func (r RoleCalls) Total() Calls {
	var t Calls
	for _, c := range r {
		t.Calls += c.Calls
		t.Prompt += c.Prompt
		t.Completion += c.Completion
	}
	return t
}
