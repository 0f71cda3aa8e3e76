package episodes

import (
	"fmt"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/interop/sotopia/origin"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// knownNames are the names Sotopia-PI's folders and tags give its models
// (GPT3.5-BC, mistral-instruct_...), as its paper calls them: Mistral-7B
// Instruct fine-tuned by behaviour cloning of GPT-4 (BC), by
// self-reinforcement (SR), or both (BC+SR), and the Instruct model
// itself. Keyed by the name's letters and digits, in lower case.
var knownNames = map[string]string{
	"bc":              "sotopia-pi-bc",
	"sr":              "sotopia-pi-sr",
	"bcsr":            "sotopia-pi-bc+sr",
	"mistralinstruct": "mistral-7b-instruct",
}

// agentModels are the models that played the episode's two agents, each
// placeholder named when the episode tells which model it was, with a
// note of each naming: every placeholder is name (--model-name) when it
// is given; else, when the other agent's model is known, what the
// episode names beside it (fromEpisode). A placeholder nothing names
// stays.
func agentModels(e *Episode, name string) (models [2]string, notes []string) {
	for i := range 2 {
		models[i] = e.AgentModel(i)
	}
	for i, m := range models {
		if !origin.IsPlaceholder(m) {
			continue
		}
		named, from := cleanName(name), "--model-name"
		if other := e.AgentModel(1 - i); name == "" && other != Unknown && !origin.IsPlaceholder(other) {
			named, from = fromEpisode(e, other)
		}
		if named == "" {
			continue
		}
		models[i] = named
		notes = append(notes, textsafe.Line(fmt.Sprintf("model %s named %s, from %s", m, named, from)))
	}
	return models, notes
}

// fromEpisode is the name the episode gives the model beside known, and
// where it was found: its folder, when named for its pairing
// ("GPT3.5-BC", besideIn), else the words of its tag before known
// (Sotopia-PI tags its runs <model>_<partner>_<run>, beforeIn). A name
// knownNames holds becomes the name it gives.
func fromEpisode(e *Episode, known string) (name, from string) {
	folder := filepath.Base(filepath.Dir(e.At.File))
	name, from = cleanName(besideIn(folder, known)), "the folder "+folder
	if name == "" {
		name, from = cleanName(beforeIn(e.Tag, known)), "the tag "+e.Tag
	}
	if k, ok := knownNames[letters(name)]; ok {
		name = k
	}
	return name, from
}

// besideIn is what a folder named for a pairing, its two models joined
// by "-" ("GPT3.5-BC-SR"), names beside known: the rest of the name once
// the longest run of words at either end that names known is taken off;
// known itself when the rest names it too (a model against itself); ""
// when neither end names it.
func besideIn(folder, known string) string {
	words := strings.Split(folder, "-")
	best, bestLen := "", 0
	for k := 1; k < len(words); k++ {
		for _, side := range [][2][]string{{words[:k], words[k:]}, {words[k:], words[:k]}} {
			named, rest := strings.Join(side[0], "-"), strings.Join(side[1], "-")
			if names(named, known) && len(named) > bestLen {
				best, bestLen = rest, len(named)
			}
		}
	}
	if best != "" && names(best, known) {
		return known
	}
	return best
}

// beforeIn is the part of a tag before known's name, when the tag holds
// it as a word of its own ("mistral-instruct_gpt-3.5-turbo_test").
func beforeIn(tag, known string) string {
	i := strings.Index(tag+"_", "_"+known+"_")
	if i <= 0 {
		return ""
	}
	return tag[:i]
}

// names reports whether a short form names the model: the same letters
// and digits, or the start of them at least four long ("GPT3.5" names
// gpt-3.5-turbo).
func names(short, model string) bool {
	s, m := letters(short), letters(model)
	return s == m || len(s) >= 4 && strings.HasPrefix(m, s)
}

// letters is s's letters and digits, in lower case.
func letters(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// cleanName is a name made of an episode's folder or tag, fit to name a
// seat: one line, trimmed, capped.
func cleanName(s string) string {
	s = strings.Trim(textsafe.Line(s), " -_")
	if letters(s) == "" {
		return ""
	}
	return interop.Capped(s)
}
