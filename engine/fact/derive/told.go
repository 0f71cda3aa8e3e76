package derive

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/engine/words"
)

// ToldFacts finds the private facts in what each seat was told beyond its
// secret and its figures: each piece of its goal's extra information
// (Sotopia's "Extra information:"), type extra, and its goal, type goal.
// A fact's evidence is what belongs to it (toldEvidence), weighed against
// the library's texts (Library). A piece with no such word makes no
// fact, and no fact is made whose id sc already has.
func ToldFacts(sc *scenario.Scenario) []scenario.Fact { return ToldFactsIn(sc, Library()) }

// WeighTold makes the facts of what each side of sc was told again, its
// words weighed against bg: an importer's background also holds the
// texts it imports from, and a recording annotated by older rules gets
// today's weights. Only the told facts sc has are made again.
func WeighTold(sc *scenario.Scenario, bg *Background) {
	had := map[string]bool{}
	for seat := range sc.Seats {
		sc.Seats[seat].Facts = slices.DeleteFunc(sc.Seats[seat].Facts, func(f scenario.Fact) bool {
			had[f.ID] = had[f.ID] || match.Told(f)
			return match.Told(f)
		})
	}
	for _, f := range ToldFactsIn(sc, bg) {
		if had[f.ID] {
			sc.Seats[f.Owner].Facts = append(sc.Seats[f.Owner].Facts, f)
		}
	}
}

// ToldFactsIn is ToldFacts with the words weighed against bg: an
// importer's background also holds the texts it imports from.
func ToldFactsIn(sc *scenario.Scenario, bg *Background) []scenario.Fact {
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
		add := func(f scenario.Fact, ev evidence) {
			if ev.empty() || hasID(sc.Facts(), f.ID) || hasID(found, f.ID) {
				return
			}
			f.Phrases, f.Paraphrases, f.Together = ev.alone, ev.paraphrases, ev.together
			f.Owner, f.Attribute, f.Derived = scenario.Owner(seat), scenario.GoalAttribute, true
			found = append(found, f)
		}
		for k, piece := range extraPieces(extra) {
			// The goal's own words are the goal's evidence, not a piece's.
			add(scenario.Fact{ID: fmt.Sprintf("seat%d-extra-%d", seat, k+1), Kind: scenario.FactPhrase, Type: scenario.TypeExtra,
				Text: fmt.Sprintf("%s's extra information: %s.", sc.FirstName(seat), piece)},
				toldEvidence(piece, shared, partner+"\n"+main, bg, false))
		}
		if main != "" {
			add(scenario.Fact{ID: fmt.Sprintf("seat%d-goal", seat), Kind: scenario.FactPhrase, Type: scenario.TypeGoal,
				Text: fmt.Sprintf("%s's goal: %s.", sc.FirstName(seat), main)},
				toldEvidence(main, shared, partner, bg, true))
		}
	}
	return found
}

var (
	// extraMark opens a goal's extra information, as Sotopia words it.
	extraMark = regexp.MustCompile(`(?i)extra information\s*:`)
	// hintMark opens a hint: advice on how to act, not information (glued
	// to the sentence before it too, as some exports have it: "wayHint:").
	hintMark = regexp.MustCompile(`(?i)hint\s*:`)
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

// evidence is what states a told fact, by how much each word says: a
// rare word alone (with its other words, paraphrases), a common one only
// beside another of the fact's words in one clause (together).
type evidence struct{ alone, paraphrases, together []string }

func (e evidence) empty() bool { return len(e.alone)+len(e.together) == 0 }

// toldEvidence weighs a piece's own words (toldContent): those the scene's
// public text or others say are no evidence; one that the library's texts
// (bg) rarely say, and no everyday word, states the piece alone; any
// other only beside another of its words (the matcher weighs them,
// docs/METRICS.md). Each word's other words (told_words.go) weigh as it
// does. A goal's verbs ("convince", "maintain", "seek") are no evidence:
// its object is.
func toldEvidence(piece, scene, others string, bg *Background, goal bool) evidence {
	content := toldContent(piece, goal)
	said := saidIn(content, scene, others)
	public, theirs := said[0], said[1]
	var ev evidence
	add := func(to *[]string, p string) {
		if !slices.Contains(ev.alone, p) && !slices.Contains(ev.paraphrases, p) && !slices.Contains(ev.together, p) {
			*to = append(*to, p)
		}
	}
	for _, w := range content {
		if public[w] || theirs[w] {
			continue
		}
		word, other := &ev.alone, &ev.paraphrases
		if commonWords[w] || !bg.rare(w) {
			word, other = &ev.together, &ev.together
		}
		add(word, w)
		for _, s := range toldSynonyms[w] {
			switch {
			case public[s] || theirs[s]:
			case strings.Contains(s, " "):
				add(&ev.paraphrases, s) // words that say it together say it alone: "lost steam"
			default:
				add(other, s)
			}
		}
	}
	return ev
}

// saidIn reports, for each text, which of the words, and of their
// synonyms, it says in any inflection, or, for a long word, by its first
// five letters ("donations" says "donate"). The words' matcher is
// compiled once for all the texts.
func saidIn(content []string, texts ...string) []map[string]bool {
	var ws []string
	for _, w := range content {
		ws = append(append(ws, w), toldSynonyms[w]...)
	}
	facts := make([]scenario.Fact, len(ws))
	for i, w := range ws {
		facts[i] = scenario.Fact{Kind: scenario.FactPhrase, Phrases: []string{w}}
	}
	m := match.Compile(facts)
	said := make([]map[string]bool, len(texts))
	for i, text := range texts {
		out := map[string]bool{}
		for _, mt := range m.Find(text) {
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
		said[i] = out
	}
	return said
}

// toldContent is a piece's content words: no function words, pronouns,
// contractions or framing, and for a goal none of its verbs.
func toldContent(piece string, goal bool) []string {
	var out []string
	for _, w := range words.Split(piece) {
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		switch {
		case len(w) < 2 || words.IsDigit(w[0]) || slices.Contains(out, w):
		case strings.ContainsAny(w, "'’"): // you've, it's: a contraction says nothing of its own
		case (words.Stopword(w) || words.IsNegation(w)) && w != "nowhere", toldFraming[w], goal && goalVerbs[words.Stem(w)]:
		default:
			out = append(out, w)
		}
	}
	return out
}
