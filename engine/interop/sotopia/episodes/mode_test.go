package episodes

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/view"
)

// A tag's words name its mode: script (Sotopia's script_full_ runs, and
// over omniscient), omniscient (the study's interact_<model>_omniscient
// runs) and mindreaders, humans; anything else is AGENTS. A word lite is
// kept as a note. --mode (Importer.Mode) overrides the tag.
func TestModeOfTag(t *testing.T) {
	for tag, want := range map[string]view.Mode{
		"interact_gpt-4_omniscient":                 view.Mindreaders,
		"interact_gpt-4_omniscient_lite":            view.Mindreaders,
		"script_full_gpt-4_gpt-4_rewrite":           view.Script,
		"script_full_gpt-4_omniscient_rewrite":      view.Script,
		"omnigap-mindreaders":                       view.Mindreaders,
		"omnigap-humans":                            view.Humans,
		"interact_gpt-4_lite":                       view.Agents,
		"sft-round-2_checkpoint_gpt-3.5-turbo_test": view.Agents,
		"": view.Agents,
	} {
		if got := ModeOf(tag); got != want {
			t.Errorf("%q: %s, want %s", tag, got, want)
		}
		if lite := len(tagNotes(tag)) > 0; lite != strings.Contains(tag, "lite") {
			t.Errorf("%q: notes %q", tag, tagNotes(tag))
		}
	}
	e := &Episode{Tag: "interact_gpt-4_omniscient", Models: []string{"j", "a", "b"}, Scenario: "A shared kitchen.",
		Agents: [2]Agent{{Name: "Ana Ruiz", Goal: "Keep the fridge tidy"}, {Name: "Ben Cole", Goal: "Find the lost spoon"}},
		Turns:  []Turn{{Agent: 0, Kind: Speak, Text: "Hello."}, {Agent: 1, Kind: Leave}}}
	for mode, want := range map[view.Mode]view.Mode{"": view.Mindreaders, view.Agents: view.Agents} {
		imp, err := (&Importer{Mode: mode}).Import(e)
		if err != nil || imp.Transcript.Mode != want {
			t.Errorf("--mode %q: %v, mode %v", mode, err, imp.Transcript.Mode)
		}
	}
}
