package match

import (
	"slices"
	"strings"
	"unicode"

	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/words"
)

// How key phrases are said in other words: a word's inflections and
// irregular forms, a few synonyms, and people named by their relation.

// irregular lists the forms of irregular verbs that key phrases use; a
// key word in one form matches every form of its group.
var irregular = groups(`throw threw thrown | have had has | leave left | lose lost | sell sold |
	buy bought | take took taken | break broke broken | know knew known | tell told | steal stole stolen |
	write wrote written | pay paid | meet met | go went gone | give gave given | make made | get got gotten |
	feel felt | keep kept | hide hid hidden | drive drove driven | fall fell fallen | find found |
	think thought | bring brought | run ran | win won | spend spent | lend lent | hold held | choose chose chosen |
	forget forgot forgotten | begin began begun | sing sang sung | fly flew flown | see saw seen |
	do did done | say said | lay laid | quit`)

// keySynonyms are other words for a key word; a synonym of several words
// makes a phrase of its own. Precision first: only words that say the
// same thing in nearly every sentence.
var keySynonyms = groups(`move relocate | party get-together gathering bash | lease rental-contract rental-agreement tenancy |
	job position | crack fracture | bet wager | betting wagering gambling | developer builder | dent ding |
	trattoria restaurant | bookie bookmaker`)

// groups reads "a b c | d e" into a map from each word to its group.
func groups(list string) map[string][]string {
	out := map[string][]string{}
	for _, g := range strings.Split(list, "|") {
		ws := strings.Fields(g)
		for _, w := range ws {
			out[w] = ws
		}
	}
	return out
}

// keyVariants expands key words into the phrases they may be said as:
// each key word stands for its inflections, irregular forms and one-word
// synonyms; a synonym of several words ("rental-contract") gives another
// phrase with those words in the key word's place.
func keyVariants(keys []string) [][][]string {
	base := make([][]string, len(keys))
	infl := make([][]string, len(keys))
	for i, k := range keys {
		infl[i] = words.Inflections(k)
		base[i] = forms(k, infl[i])
	}
	out := [][][]string{base}
	for i := range keys {
		var multi []string
		for _, stem := range infl[i] {
			for _, syn := range keySynonyms[stem] {
				if strings.Contains(syn, "-") && !slices.Contains(multi, syn) {
					multi = append(multi, syn)
				}
			}
		}
		for _, syn := range multi {
			parts := strings.Split(syn, "-")
			if len(parts) < 2 || len(base)-1+len(parts) > maxKeyWords {
				continue
			}
			v := slices.Clone(base[:i])
			for _, p := range parts {
				v = append(v, []string{p})
			}
			out = append(out, append(v, base[i+1:]...))
		}
	}
	return out
}

// forms lists what a key word matches: its inflections (infl), the forms
// of its irregular verb, and its one-word synonyms with their
// inflections, found by the word or by its stem ("moving" has the
// synonyms of "move").
func forms(w string, infl []string) []string {
	said := []string{w}
	for _, base := range infl {
		for _, g := range [][]string{irregular[base], keySynonyms[base]} {
			for _, v := range g {
				if !strings.Contains(v, "-") && !slices.Contains(said, v) {
					said = append(said, v)
				}
			}
		}
	}
	if len(said) == 1 && irregular[w] == nil {
		return infl // the usual word: its inflections alone
	}
	out := slices.Clone(infl)
	add := func(v string) {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	for i, v := range said {
		if i > 0 {
			for _, f := range words.Inflections(v) {
				add(f)
			}
		}
		for _, f := range irregular[v] {
			add(f)
		}
	}
	return out
}

// relations lists the relations a name fact's text gives the person it
// names: "Her brother Kofi is the one..." gives "brother", so that "your
// brother" (to the owner) and "my brother" (from the owner) name Kofi.
func relations(f scenario.Fact) []string {
	names := map[string]bool{}
	for _, p := range append(slices.Clone(f.Phrases), f.Aliases...) {
		if ws := words.Split(p); len(ws) > 0 {
			names[ws[0]] = true
		}
	}
	var out []string
	ws := strings.FieldsFunc(f.Text, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
	for i := 0; i+1 < len(ws); i++ {
		rel, name := strings.ToLower(ws[i]), strings.ToLower(ws[i+1])
		if words.IsRelation(rel) && names[name] && !slices.Contains(out, rel) {
			out = append(out, rel)
		}
	}
	return out
}
