// Package secret derives the key phrases of a free-form secret, so that
// telling it in other words is caught: the Sotopia importer gives them
// to a secret's fact as its phrases and paraphrases.
package secret

import (
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/words"
)

// Phrases derives the key phrases of a free-form secret, so that
// telling it in other words is caught: each named thing in it alone, and
// each pair of its content words that are not side by side in the secret
// (a compound such as "romance novels" names the topic, not what is
// hidden), each word also standing for a few synonyms. Phrases match as
// key phrases do: all their words in one sentence, in any order and
// inflection. A phrase that visible already mentions is left out, because
// what the partner can read is no secret; if every phrase is, the secret's
// content words together are the one phrase.
func Phrases(secret, visible string) []string {
	return NewKeys(secret).Phrases(visible)
}

// Keys is a secret's candidate key phrases, compiled once so that
// many scenes can be checked against them.
type Keys struct {
	candidates []string
	reworded   []bool  // the candidate stands a synonym for a word of the secret
	bases      [][]int // the content words (indices) each candidate says
	content    []string
	m          *match.Matcher
}

// NewKeys derives the candidate phrases of secret.
func NewKeys(secret string) *Keys {
	content, at := contentWords(secret)
	var candidates []string
	var bases [][]int
	for _, name := range words.ProperNames(secret) {
		candidates = append(candidates, strings.ToLower(name))
		bases = append(bases, []int{slices.Index(content, strings.ToLower(name))})
	}
	switch {
	case len(content) == 1:
		for _, a := range alternatives(content[0]) {
			candidates, bases = append(candidates, a), append(bases, []int{0})
		}
	case len(content) > 1:
		ps, bs := pairs(content, at, true)
		if len(ps) == 0 && len(candidates) == 0 {
			ps, bs = pairs(content, at, false)
		}
		candidates, bases = append(candidates, ps...), append(bases, bs...)
	}
	k := &Keys{candidates: candidates, content: content, bases: bases}
	facts := make([]scenario.Fact, len(candidates))
	for i, p := range candidates {
		facts[i] = scenario.Fact{Kind: scenario.FactPhrase, Phrases: []string{p}}
		k.reworded = append(k.reworded, slices.ContainsFunc(strings.Fields(p), func(w string) bool { return !slices.Contains(content, w) && !isName(secret, w) }))
	}
	k.m = match.Compile(facts)
	return k
}

// sceneWords marks the content words the scene says, in any inflection
// (not by synonym: "person" in a scene says nothing of an alter ego).
func (k *Keys) sceneWords(scene string) []bool {
	out := make([]bool, len(k.content))
	if strings.TrimSpace(scene) == "" {
		return out
	}
	var facts []scenario.Fact
	for _, w := range k.content {
		facts = append(facts, scenario.Fact{Kind: scenario.FactPhrase, Phrases: append([]string{w}, words.Plurals(w)...)})
	}
	for _, mt := range match.Compile(facts).Find(scene) {
		out[mt.Fact] = true
	}
	return out
}

// isName reports whether w (lowered) is a proper name of the secret.
func isName(secret, w string) bool {
	return slices.ContainsFunc(words.ProperNames(secret), func(n string) bool { return strings.ToLower(n) == w })
}

// Phrases are the candidates visible does not mention. Not safe for
// concurrent use.
func (k *Keys) Phrases(visible string) []string {
	phrases, paraphrases := k.Split(visible, "")
	return append(phrases, paraphrases...)
}

// Split is Phrases in two: the key phrases in the secret's own words, and
// the paraphrases that put a synonym in the place of one of them ("kid
// secret" for "child secret"), for the fact's phrases and paraphrases.
// When visible mentions every phrase in the secret's own words, the
// secret's content words together are the one phrase. Not safe for
// concurrent use. A candidate that says a word the scene is about (a
// word of scene, in any inflection or synonym) is left out too: in a
// charity event for children, "donation" and "children" are the scene's
// words, not evidence that someone secretly gives to needy children.
func (k *Keys) Split(visible, scene string) (phrases, paraphrases []string) {
	seen := make([]bool, len(k.candidates))
	if visible != "" {
		for _, mt := range k.m.Find(visible) {
			seen[mt.Fact] = true
		}
	}
	topic := k.sceneWords(scene)
	for i, b := range k.bases {
		seen[i] = seen[i] || slices.ContainsFunc(b, func(w int) bool { return w >= 0 && topic[w] })
	}
	for i, c := range k.candidates {
		switch {
		case seen[i] || slices.Contains(phrases, c) || slices.Contains(paraphrases, c):
		case k.reworded[i]:
			paraphrases = append(paraphrases, c)
		default:
			phrases = append(phrases, c)
		}
	}
	if len(phrases) == 0 && len(k.content) > 0 {
		phrases = []string{strings.Join(k.content, " ")}
	}
	return phrases, paraphrases
}

// pairs lists "a b" for each two content words, with every synonym of each,
// and the two words' indices for each; apart leaves out words that stand
// next to each other in the secret (at holds each word's position there).
// Two plain words ("shares her work") say nothing of the secret together.
func pairs(content []string, at []int, apart bool) (out []string, bases [][]int) {
	for i := range content {
		for j := i + 1; j < len(content); j++ {
			if apart && at[j] == at[i]+1 || plainWords[content[i]] && plainWords[content[j]] {
				continue
			}
			for _, a := range alternatives(content[i]) {
				for _, b := range alternatives(content[j]) {
					out, bases = append(out, a+" "+b), append(bases, []int{i, j})
				}
			}
		}
	}
	return out, bases
}

// contentWords are the secret's words that carry its meaning (not function
// words, not the words that only say it is a secret), with their positions.
func contentWords(secret string) (out []string, at []int) {
	for i, w := range words.Split(secret) {
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		if len(w) < 2 || words.Stopword(w) || framingWords[w] || isNumeral(w) || slices.Contains(out, w) {
			continue
		}
		out, at = append(out, w), append(at, i)
	}
	return out, at
}

func isNumeral(w string) bool {
	for i := 0; i < len(w); i++ {
		if !words.IsDigit(w[i]) {
			return false
		}
	}
	return true
}

func alternatives(w string) []string {
	return append([]string{w}, synonyms[w]...)
}

// plainWords are common enough that two of them together are no evidence.
var plainWords = words.WordSet(`share shares shared sharing work works working worked make makes made take takes
	took time people way thing things help keep life`)

// framingWords say that something is hidden, or when, without saying what.
var framingWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`secret secrets secretly hidden hide hides hiding keeps keep kept
		undisclosed closeted anonymously once ever who which what when while where whom
		he's she's they're i'm part due get got go let up out her his their him them
		best several previous very but yet though although because since if`) {
		framingWords[w] = true
	}
}

// synonyms are the other words people use for a secret's key words. The
// matcher adds inflections itself, so only different words are listed.
var synonyms = map[string][]string{
	"extremism":       {"extremist", "militant", "radical"},
	"possession":      {"own", "owns", "have"},
	"priceless":       {"valuable", "worth"},
	"artifact":        {"relic", "antiquity"},
	"forged":          {"fake", "fakes", "forgery", "forgeries", "counterfeit"},
	"paintings":       {"art", "artwork", "canvases"},
	"wealthy":         {"rich"},
	"clients":         {"buyers", "collectors", "customers"},
	"love":            {"feelings", "crush"},
	"husband":         {"spouse"},
	"child":           {"kid", "son", "daughter", "baby"},
	"relationship":    {"marriage", "partner", "ex"},
	"sabotaged":       {"ruined", "spoiled", "tampered"},
	"competitor":      {"rival", "opponent"},
	"contest":         {"competition"},
	"competitive":     {"competed", "competition", "tournaments"},
	"skater":          {"skating"},
	"studying":        {"learning", "practising", "practicing"},
	"magic":           {"spells", "sorcery", "witchcraft"},
	"engaged":         {"fiance", "fiancee", "marry", "marrying"},
	"ex":              {"date", "dated", "girlfriend", "boyfriend"},
	"bisexuality":     {"bisexual", "bi"},
	"conservative":    {"traditional", "religious"},
	"undercover":      {"spy", "covert"},
	"agent":           {"operative", "spy"},
	"organization":    {"agency", "organisation"},
	"faked":           {"fake", "forged", "invented", "lied"},
	"credentials":     {"qualifications", "diploma", "degree"},
	"employment":      {"job", "position"},
	"rebellious":      {"rebel"},
	"punk":            {"punks"},
	"band":            {"group"},
	"youth":           {"young", "teenager", "teens"},
	"donates":         {"give", "gives", "donation", "donations", "contribute"},
	"charity":         {"charities", "cause", "causes"},
	"charities":       {"charity", "cause", "causes"},
	"underprivileged": {"poor", "disadvantaged", "needy"},
	"children":        {"kids"},
	"cheated":         {"cheat", "copied"},
	"exams":           {"exam", "tests", "test"},
	"romance":         {"romantic", "love"},
	"novel":           {"novels", "book", "books"},
	"novels":          {"novel", "book", "books"},
	"author":          {"writer", "write", "wrote"},
	"painter":         {"paint", "paints", "painting", "paintings"},
	"shares":          {"show", "shows", "myself"},
	"criminal":        {"crook", "thief", "suspect"},
	"sympathy":        {"sorry", "pity", "compassion"},
	"leaked":          {"passed", "gave", "sold", "leak"},
	"research":        {"lab", "study"},
	"foreign":         {"another", "overseas"},
	"fabricated":      {"made", "invented", "planted", "faked"},
	"evidence":        {"proof"},
	"incriminate":     {"charged", "convicted", "frame", "framed"},
	"romantic":        {"romantically", "dating", "affair", "affairs", "love"},
	"relationships":   {"involved", "affair", "affairs", "dating"},
	"criminals":       {"crooks", "gangsters", "mobsters"},
	"identity":        {"persona", "name"},
	"comedian":        {"comedy", "comic", "jokes"},
	"dress":           {"dressing", "costume", "costumes", "outfits"},
	"dog":             {"puppy", "pup"},
	"pseudonym":       {"pen name", "alias", "another name"},
	"descendant":      {"heir", "grandson", "family"},
	"oil":             {"petroleum"},
	"tycoon":          {"magnate", "baron", "fortune"},
	"rejects":         {"refuse", "refuses", "turned down", "renounce"},
	"fortune":         {"money", "inheritance", "wealth"},
	"releasing":       {"leak", "leaks", "publish", "post", "posting"},
	"classified":      {"secret", "confidential"},
	"information":     {"documents", "files", "data"},
	"online":          {"internet", "web"},
	"greenhouse":      {"glasshouse", "hothouse"},
	"covered":         {"cover", "hid", "helped"},
	"crime":           {"crimes", "offence", "offense"},
	"feeling":         {"feelings", "crush", "love"},
	"neighbor":        {"neighbour", "next door"},
	"gave":            {"give", "put"},
	"adoption":        {"adopted"},
	"participated":    {"joined", "member", "belonged"},
	"cult":            {"sect"},
	"recovering":      {"recovery", "sober"},
	"gambling":        {"gamble", "gambler", "betting", "casino"},
	"addict":          {"addiction", "addicted"},
	"double":          {"second", "other"},
	"underground":     {"illegal", "graffiti"},
	"street":          {"walls", "murals", "graffiti"},
	"artist":          {"paint", "painter"},
	"stole":           {"steal", "took", "stolen"},
	"boyfriend":       {"man", "partner"},
	"alter":           {"another", "different", "fake"},
	"ego":             {"persona", "identity", "person"},
	"tattoo":          {"tattoos", "ink", "inked"},
	"funds":           {"pay", "pays", "paying", "support", "supports", "tuition"},
	"college":         {"university", "uni"},
	"student":         {"students", "undergraduate"},
	"illness":         {"ill", "sick", "sickness", "disease"},
	"injured":         {"hurt", "wounded", "sick"},
	"animals":         {"animal", "wildlife", "strays"},
	"basement":        {"cellar", "home"},
}
