package episodes

import (
	"fmt"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/view"
)

// ModeOf is the mode a tag names, read from its words (split at "_" and
// "-"): "script" is SCRIPT (one omniscient model wrote both sides, as
// Sotopia's script_full_... runs), "omniscient" or "mindreaders"
// MINDREADERS (each agent told both sides' private information, as the
// study's interact_<model>_omniscient runs; mindreaders is what
// omnigap's export writes), "humans" HUMANS; anything else is AGENTS. A
// script writer knows every side anyway, so "script" wins over
// "omniscient" in one tag.
func ModeOf(tag string) view.Mode {
	words := tagWords(tag)
	switch {
	case slices.Contains(words, "script"):
		return view.Script
	case slices.Contains(words, "omniscient"), slices.Contains(words, "mindreaders"):
		return view.Mindreaders
	case slices.Contains(words, "humans"):
		return view.Humans
	}
	return view.Agents
}

// tagNotes are what a tag says of the run that its mode does not: a word
// "lite" is a Sotopia-lite run, whose agents were given the characters'
// names but not their backgrounds.
func tagNotes(tag string) []string {
	if slices.Contains(tagWords(tag), "lite") {
		return []string{fmt.Sprintf("tag %q: lite, a Sotopia-lite run (the agents were given the characters' names, not their backgrounds)", tag)}
	}
	return nil
}

func tagWords(tag string) []string {
	return strings.FieldsFunc(strings.ToLower(tag), func(r rune) bool { return r == '_' || r == '-' })
}
