package derive

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/leak/match"
	"github.com/omnigap/omnigap/engine/leak/words"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// ToldFacts finds the private facts in what each seat was told beyond its
// secret and its figures: each piece of its goal's extra information
// (Sotopia's "Extra information:"), type extra, and its goal, type goal.
// A fact's evidence is what belongs to it (toldEvidence): its words that
// neither the scene's public text nor anything the partner reads in
// AGENTS says, with the other words people use for them (told_words.go).
// A piece with no such word makes no fact, and no fact is made whose id
// sc already has.
func ToldFacts(sc *scenario.Scenario) []scenario.Fact {
	if len(sc.Seats) != 2 {
		return nil
	}
	shared := sharedText(sc)
	var found []scenario.Fact
	for seat := range sc.Seats {
		ch := sc.Seats[seat].Character
		// What the partner reads in AGENTS: its own goal, secret and
		// extra information, the scene, this seat's public side.
		partner := view.For(sc, view.Agents, scenario.Partner(seat)).Render()
		main, extra := goalParts(ch.Goal)
		add := func(f scenario.Fact) {
			if hasID(sc.Facts(), f.ID) || hasID(found, f.ID) {
				return
			}
			f.Owner, f.Attribute, f.Derived = scenario.Owner(seat), scenario.GoalAttribute, true
			found = append(found, f)
		}
		for k, piece := range extraPieces(extra) {
			// The goal's own words are the goal's evidence, not a piece's.
			phrases, paraphrases := toldEvidence(piece, shared, partner+"\n"+main)
			if len(phrases) == 0 {
				continue
			}
			add(scenario.Fact{ID: fmt.Sprintf("seat%d-extra-%d", seat, k+1), Kind: scenario.FactPhrase, Type: scenario.TypeExtra,
				Text: fmt.Sprintf("%s's extra information: %s.", sc.FirstName(seat), piece), Phrases: phrases, Paraphrases: paraphrases})
		}
		if main == "" {
			continue
		}
		if phrases, paraphrases := toldEvidence(main, shared, partner); len(phrases) > 0 {
			add(scenario.Fact{ID: fmt.Sprintf("seat%d-goal", seat), Kind: scenario.FactPhrase, Type: scenario.TypeGoal,
				Text: fmt.Sprintf("%s's goal: %s.", sc.FirstName(seat), main), Phrases: phrases, Paraphrases: paraphrases})
		}
	}
	return found
}

var (
	// extraMark opens a goal's extra information, as Sotopia words it.
	extraMark = regexp.MustCompile(`(?i)extra information\s*:`)
	// hintMark opens a hint: advice on how to act, not information.
	hintMark = regexp.MustCompile(`(?i)\bhint\s*:`)
	// tagMark is Sotopia's markup around the extra information and hints.
	tagMark = regexp.MustCompile(`</?(extra_info|strategy_hint|clarification_hint)>`)
	// pieceBreak ends one piece of extra information: a sentence's end, a
	// semicolon, ", and", ", but", " but", and " and" before a new "you".
	pieceBreak = regexp.MustCompile(`(?i)[.!?;]+(\s+|$)|,\s*(and|but)\s+|\s+but\s+|\s+and\s+(you)\b`)
)

// goalParts splits a goal into the goal itself and its extra information,
// hints and markup left out.
func goalParts(goal string) (main, extra string) {
	goal = tagMark.ReplaceAllString(goal, " ")
	if loc := hintMark.FindStringIndex(goal); loc != nil {
		goal = goal[:loc[0]]
	}
	main = goal
	if loc := extraMark.FindStringIndex(goal); loc != nil {
		main, extra = goal[:loc[0]], goal[loc[1]:]
	}
	trim := func(s string) string { return strings.Trim(strings.Join(strings.Fields(s), " "), " ().") }
	return trim(main), trim(extra)
}

// extraPieces cuts extra information into the things it says.
func extraPieces(extra string) []string {
	var out []string
	rest := extra
	for rest != "" {
		loc := pieceBreak.FindStringSubmatchIndex(rest)
		end, next := len(rest), len(rest)
		if loc != nil {
			end, next = loc[0], loc[1]
			if loc[6] >= 0 { // " and you": the next piece starts at "you"
				next = loc[6]
			}
		}
		if p := strings.Trim(strings.TrimSpace(rest[:end]), ",:"); len(words.Split(p)) > 0 {
			out = append(out, p)
		}
		rest = rest[next:]
	}
	return out
}

// toldEvidence lists a piece's key phrases: each of its own words alone
// (a word neither the scene's public text nor others says), or, for a
// common word, beside the word next to it in the piece when that word is
// its own or the scene's ("other plans", "more people", not "take the
// risk"), never one that others say of themselves; and the other words people use for its own words
// (paraphrases).
func toldEvidence(piece, scene, others string) (phrases, paraphrases []string) {
	content, at := toldContent(piece)
	public, theirs := saidIn(content, scene), saidIn(content, others)
	for w := range public {
		delete(theirs, w) // others read the scene too: its words are the scene's
	}
	add := func(to *[]string, p string) {
		if !slices.Contains(phrases, p) && !slices.Contains(paraphrases, p) {
			*to = append(*to, p)
		}
	}
	for i, w := range content {
		if public[w] || theirs[w] {
			continue
		}
		if !commonWords[w] {
			add(&phrases, w)
			for _, s := range toldSynonyms[w] {
				if !public[s] && !theirs[s] {
					add(&paraphrases, s)
				}
			}
			continue
		}
		for j := max(i-1, 0); j <= min(i+1, len(content)-1); j++ {
			o := content[j]
			if j == i || theirs[o] || !commonWords[o] && !public[o] {
				continue // an own word alone says it already
			}
			if at[j]-at[i] != 1 && at[i]-at[j] != 1 {
				continue // side by side only: "more people", "other plans", not "take the risk"
			}
			if j < i {
				add(&phrases, o+" "+w)
			} else {
				add(&phrases, w+" "+o)
			}
		}
	}
	return phrases, paraphrases
}

// saidIn reports which of the words, and of their synonyms, text says in
// any inflection, or, for a long word, by its first five letters
// ("donations" says "donate").
func saidIn(content []string, text string) map[string]bool {
	var ws []string
	for _, w := range content {
		ws = append(append(ws, w), toldSynonyms[w]...)
	}
	facts := make([]scenario.Fact, len(ws))
	for i, w := range ws {
		facts[i] = scenario.Fact{Kind: scenario.FactPhrase, Phrases: []string{w}}
	}
	out := map[string]bool{}
	for _, mt := range match.Compile(facts).Find(text) {
		out[ws[mt.Fact]] = true
	}
	prefixes := map[string]bool{}
	for _, w := range words.Split(text) {
		if len(w) >= 6 {
			prefixes[w[:5]] = true
		}
	}
	for _, w := range ws {
		if len(w) >= 6 && prefixes[w[:5]] {
			out[w] = true
		}
	}
	return out
}

// toldContent is a piece's content words (no function words, no
// framing) and where each stands among the piece's words.
func toldContent(piece string) (out []string, at []int) {
	for i, w := range words.Split(piece) {
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		if len(w) < 2 || words.IsDigit(w[0]) || (words.Stopword(w) || words.IsNegation(w)) && w != "nowhere" || toldFraming[w] || slices.Contains(out, w) {
			continue
		}
		out, at = append(out, w), append(at, i)
	}
	return out, at
}
