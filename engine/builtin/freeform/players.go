// Package freeform is the built-in players of free-form (Sotopia)
// scenarios: each raises what its goal wants, asks about the partner,
// proposes and argues, keeps its secret or, trusting the partner, tells
// it, and says goodbye once both have agreed. The goals and secrets of a
// scenario's prose are rewritten into what the speaker can say of them.
package freeform

import (
	"github.com/omnigap/omnigap/engine/builtin"
	"github.com/omnigap/omnigap/engine/builtin/talk"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

func init() { builtin.Register(scenario.Sotopia, players) }

// players makes the players of an episode, who share what was said.
func players(views [2]view.View, seed int64) ([2]builtin.Player, error) {
	said := &talk.Transcript{}
	var out [2]builtin.Player
	for seat, v := range views {
		k := builtin.KnowledgeOf(v, seat)
		out[seat] = &player{seat: seat, writer: k.Writer, wording: talk.ScenarioHash(k.ScenarioID), said: said,
			free: newFreePlayer(k, talk.DrawTemperament(talk.DefaultSettings, seed, seat))}
	}
	return out, nil
}

// player is one seat's free-form player with what it is played with.
type player struct {
	seat    int
	writer  bool   // the SCRIPT writer's, who settles the scene soonest
	wording uint64 // the scenario's part in the wording dice
	free    *freePlayer
	said    *talk.Transcript
}

// Act plays one turn. The dice of the seed, seat and turn choose its
// moves; wording dice that also know the scenario choose its words.
func (p *player) Act(history []event.Turn, turn int, seed int64) event.Action {
	s := talk.NewSpeech(talk.NewWordingDice(seed, p.wording, p.seat, turn), p.said, history, talk.Slots{})
	s.Oldest = true
	return p.free.act(s, history, p.seat, p.writer, talk.NewDice(seed, p.seat, turn))
}
