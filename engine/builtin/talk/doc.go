// Package talk is what the built-in players of every family share to say
// a turn and to read one: dice seeded per seat and turn, templates and
// their slots, a turn's speech that avoids what the episode said before,
// the reading of sentences, questions, negations and cue phrases, and the
// temperament a player is drawn with. It knows no family: a family's
// players (engine/builtin/<family>) bring their own sentences.
package talk
