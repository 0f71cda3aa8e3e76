// Package family is the seam between the engine and the kinds of social
// task a scenario poses. A family (engine/family/craigslist,
// mutualfriends, dealornodeal, freeform) owns its data (its section of a
// scenario file, what views show of it), the checks of its data, the
// facts derived from it, its moves with their arguments and how agents,
// the SCRIPT writer and players make them, the rules that end a run and
// what they settle, and its outcome metrics.
//
// Families register themselves when their package is initialized;
// engine/family/all imports every one, and the binary imports it. Callers
// look a family up by scenario.Family with Of.
//
// Imports point one way: scenario, event and view below this package;
// run, metrics, report, card, human and llm import it; the family
// packages import it and may import leak, metrics and view, which never
// import a family package.
package family

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
)

// Family is one kind of social task.
type Family interface {
	// Name is the family's name in scenario files.
	Name() scenario.Family
	// Section, Validate and Derive are the family's part of loading a
	// scenario (scenario.Rules). The data's type implements
	// view.Shown when views show any of it.
	scenario.Rules
	// Moves lists the family's structured moves, beyond Shared, in the
	// order prompts and help list them.
	Moves() []Move
	// Prompt is what models and readers of the card are told of the
	// family's rules.
	Prompt() Prompt
	// Referee starts the family's ending rules for one run.
	Referee(sc *scenario.Scenario) Referee
	// Terms is a zero value of what the family's rules settle
	// (event.Outcome.Terms), registered for recordings; nil when they
	// settle nothing beyond a summary.
	Terms() event.Terms
	// Metrics sets the family's outcome metrics of a finished episode;
	// Measures says how reports show them.
	Metrics(m map[string]float64, sc *scenario.Scenario, ep Episode)
	Measures() []Measure
}

// Measure is one of a family's outcome metrics as reports show it.
type Measure struct {
	Key   string
	Label string
	Rate  bool    // 0 or 1 per episode
	Max   float64 // the top of its bars' scale; 0 scales to the data
}

// Prompt is the family's part of the models' instructions, and of the
// simulation card's.
type Prompt struct {
	// AgentRule says what ends the game well, to an AGENTS or
	// MINDREADERS seat; WriterRule says it to the SCRIPT writer.
	AgentRule, WriterRule string
	// WriterTerms is what the study's SCRIPT writer is told of the rules
	// (docs/LLM.md): what the moves decide, without WriterRule's advice
	// on how to play them.
	WriterTerms string
	// ScriptTags are the script format's lines for the family's moves.
	ScriptTags string
	// Endings is how the family's rules end a run, as a clause of the
	// simulation card's ending rule ("when an offer is accepted or
	// rejected, "); "" when they end none.
	Endings string
	// PlayerRule is how the game ends, in a player's words and commands,
	// for the column beside the dialogue and the welcome; "" when
	// nothing but leaving and the turn limit ends it.
	PlayerRule string
}

// Turn is one completed turn as a family's rules see it.
type Turn struct {
	Seat    int
	Speaker string
	Action  event.Action
}

// Referee applies a family's rules to the turns of one run. The run
// itself ends a run on empty turns, on a seat leaving and at the turn
// limit; the referee decides everything else.
type Referee interface {
	// Judge records a turn that said or did something (other than
	// leaving) and returns the ending it causes, if any.
	Judge(t Turn) *event.Ending
	// NoDeal is the outcome of an ending the family's rules did not
	// reach, with why it ended.
	NoDeal(why string) event.Outcome
}

// Mark is one annotation with the turn it belongs to (0-based index into
// the history).
type Mark struct {
	Turn int
	event.Annotation
}

// Episode is what a family's metrics read of a finished run.
type Episode struct {
	Turns   int
	Marks   []Mark
	Outcome event.Outcome
	// Unmeasured receives, under a metric's key, why the family left it
	// out (NotMeasured); nil when the caller keeps no reasons.
	Unmeasured map[string]string
}

// NotMeasured reports whether no rule could read the outcome's terms (a
// dialogue recorded in words only, event.Outcome.Unread), so that the
// measures following from them have no figure; it then notes the
// reason under each of keys, those measures.
func (ep Episode) NotMeasured(keys ...string) bool {
	why := ep.Outcome.Unread()
	if why == "" {
		return false
	}
	if ep.Unmeasured != nil {
		for _, k := range keys {
			ep.Unmeasured[k] = why
		}
	}
	return true
}

// RefereeFor starts the rules of a run of sc: its family's, or only the
// shared endings for a family that is not registered (no scenario that
// passed validation has one).
func RefereeFor(sc *scenario.Scenario) Referee {
	if f := Of(sc.Family); f != nil {
		return f.Referee(sc)
	}
	return NoRules{}
}

// NoRules is the referee of a family without endings of its own.
type NoRules struct{}

// Judge never ends a run.
func (NoRules) Judge(Turn) *event.Ending { return nil }

// NoDeal says only why the run ended.
func (NoRules) NoDeal(why string) event.Outcome { return event.Outcome{Summary: why} }
