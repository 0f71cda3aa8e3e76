package episodes

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/view"
)

// A placeholder model is named by the folder its file sits in when the
// folder names the pairing, else by the tag's words before the other
// model, a name Sotopia-PI gives its models becoming the one its paper
// uses; --model-name names every placeholder; nothing names a
// placeholder whose partner is unknown or a placeholder too, nor a
// model with a name of its own. The original names stay in the
// header's source, with a note of the naming.
func TestPlaceholderModelNamed(t *testing.T) {
	for _, c := range []struct {
		folder, tag string
		models      []string
		flag        string
		want        [2]string
		from        string
	}{
		{"GPT3.5-BC", "", []string{"judge", "custom_model", "gpt-3.5-turbo"}, "", [2]string{"sotopia-pi-bc", "gpt-3.5-turbo"}, "the folder GPT3.5-BC"},
		{"GPT3.5-BC-SR", "", []string{"judge", "gpt-3.5-turbo", "custom_model"}, "", [2]string{"gpt-3.5-turbo", "sotopia-pi-bc+sr"}, "the folder GPT3.5-BC-SR"},
		{"GPT3.5-MistralInstruct", "", []string{"judge", "custom_model", "gpt-3.5-turbo"}, "", [2]string{"mistral-7b-instruct", "gpt-3.5-turbo"}, "the folder"},
		{"gpt-3.5-turbo-My-Tuned", "", []string{"judge", "Custom_Model", "gpt-3.5-turbo"}, "", [2]string{"My-Tuned", "gpt-3.5-turbo"}, "the folder"},
		{"Tuned-GPT3.5", "", []string{"judge", "custom", "gpt-3.5-turbo"}, "", [2]string{"Tuned", "gpt-3.5-turbo"}, "the folder"},
		{"GPT3.5-GPT3.5", "", []string{"judge", "custom_model", "gpt-3.5-turbo"}, "", [2]string{"gpt-3.5-turbo", "gpt-3.5-turbo"}, "the folder"},
		{"evals", "mistral-instruct_gpt-3.5-turbo_test", []string{"judge", "gpt-3.5-turbo", "custom_model"}, "", [2]string{"gpt-3.5-turbo", "mistral-7b-instruct"}, "the tag"},
		{"evals", "run_7", []string{"judge", "gpt-3.5-turbo", "custom_model"}, "", [2]string{"gpt-3.5-turbo", "custom_model"}, ""},
		{"GPT3.5-BC", "", []string{"judge", "custom_model", "custom_model"}, "", [2]string{"custom_model", "custom_model"}, ""},
		{"GPT3.5-BC", "", []string{"judge", "custom_model"}, "", [2]string{"custom_model", Unknown}, ""},
		{"GPT3.5-BC", "", []string{"judge", "custom_model", "custom_model"}, "ours-7b", [2]string{"ours-7b", "ours-7b"}, "--model-name"},
		{"GPT3.5-BC", "", []string{"judge", "mistral-7b", "gpt-3.5-turbo"}, "", [2]string{"mistral-7b", "gpt-3.5-turbo"}, ""},
	} {
		e := &Episode{Form: FormPrompt, PK: "p1", Tag: c.tag, Models: c.models,
			At: interop.Position{File: filepath.Join("data", c.folder, "p1.json"), Line: 1}}
		got, notes := agentModels(e, c.flag)
		if got != c.want {
			t.Errorf("%s %s %v: named %v, want %v", c.folder, c.tag, c.models, got, c.want)
		}
		if c.from == "" && notes != nil || c.from != "" && (len(notes) == 0 || !strings.Contains(notes[0], "from "+c.from)) {
			t.Errorf("%s %s %v: notes %q", c.folder, c.tag, c.models, notes)
		}
	}
}

// An imported episode's header names its source (form, file, id, tag
// and the models as the file gave them) and notes what was named and
// what its tag says; its seats are played by the models as named.
func TestImportedHeaderNamesTheSource(t *testing.T) {
	in, out := t.TempDir(), t.TempDir()
	a := writeFile(t, in, "GPT3.5-BC/eps.jsonl", jsonlEpisode(t, "ep-1", "interact_gpt-3.5-turbo_omniscient_lite", []string{"judge", "custom_model", "gpt-3.5-turbo"}, true)+"\n")
	importInto(t, &Importer{}, out, a)
	recs := recordingsIn(t, out)
	if len(recs) != 1 {
		t.Fatalf("%d recordings", len(recs))
	}
	h := recs[0].Header
	src := h.Source
	if src == nil || src.Format != "sotopia/episodes_to_jsonl" || src.File != a || src.Episode != "ep-1" || src.Tag != "interact_gpt-3.5-turbo_omniscient_lite" ||
		!slices.Equal(src.Models, []string{"judge", "custom_model", "gpt-3.5-turbo"}) || len(src.Notes) != 2 ||
		!strings.Contains(src.Notes[0], "lite") || !strings.Contains(src.Notes[1], "custom_model named sotopia-pi-bc") {
		t.Fatalf("source %+v", src)
	}
	if !slices.Contains(h.Backends[:], "sotopia-pi-bc") || !slices.Contains(h.Backends[:], "gpt-3.5-turbo") || h.Mode != view.Mindreaders {
		t.Errorf("backends %v, mode %s", h.Backends, h.Mode)
	}
}
