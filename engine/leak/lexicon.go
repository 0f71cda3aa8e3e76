package leak

import (
	"slices"
	"strings"
)

// wordKind classifies the function words the matcher cares about.
type wordKind uint8

const (
	plainWord wordKind = iota
	unitWord           // one .. nine
	teenWord           // ten .. nineteen
	tensWord           // twenty .. ninety
	hundredWord
	thousandWord // thousand, grand (grand only after a number)
	millionWord
	andWord
	articleWord // "a", as in "a thousand"
	negWord     // not, never, nobody, don't ...
	ohWord      // "oh", a zero in numbers read digit by digit: five-eight-oh
)

// numberWords are the spelled-out numerals and scale words.
var numberWords = map[string]struct {
	kind  wordKind
	value float64
}{
	"zero": {unitWord, 0}, "one": {unitWord, 1}, "two": {unitWord, 2}, "three": {unitWord, 3},
	"four": {unitWord, 4}, "five": {unitWord, 5}, "six": {unitWord, 6}, "seven": {unitWord, 7},
	"eight": {unitWord, 8}, "nine": {unitWord, 9},
	"ten": {teenWord, 10}, "eleven": {teenWord, 11}, "twelve": {teenWord, 12}, "thirteen": {teenWord, 13},
	"fourteen": {teenWord, 14}, "fifteen": {teenWord, 15}, "sixteen": {teenWord, 16},
	"seventeen": {teenWord, 17}, "eighteen": {teenWord, 18}, "nineteen": {teenWord, 19},
	"twenty": {tensWord, 20}, "thirty": {tensWord, 30}, "forty": {tensWord, 40}, "fourty": {tensWord, 40},
	"fifty": {tensWord, 50}, "sixty": {tensWord, 60}, "seventy": {tensWord, 70}, "eighty": {tensWord, 80},
	"ninety":  {tensWord, 90},
	"hundred": {hundredWord, 100}, "thousand": {thousandWord, 1000}, "grand": {thousandWord, 1000},
	"million": {millionWord, 1e6},
	"and":     {andWord, 0}, "a": {articleWord, 0}, "oh": {ohWord, 0},
}

// negationWords open a negated scope; any word ending in n't does too.
var negationWords = []string{
	"not", "no", "never", "nobody", "none", "nothing", "neither", "nor", "without", "cannot",
	"noone", "nowhere", "dont", "doesnt", "didnt", "cant", "wont", "isnt", "arent", "wasnt",
	"werent", "havent", "hasnt", "hadnt", "couldnt", "wouldnt", "shouldnt", "aint",
}

// negationWindow is how many words before a mention a negation may stand
// (within the same clause) to mark it negated: "I don't know anyone at
// Stanford" has the cue four words before the value.
const negationWindow = 6

// stopwords are left out of key phrases: a paraphrase may change them.
var stopwords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the of to in on at for and or with from by as about into onto
		my your his her their our its me him them us i you he she it we they that this these those
		is are was were be been being am has have had do does did will would shall should can could
		may might must so very really just also some any`) {
		stopwords[w] = true
	}
	for _, w := range negationWords {
		stopwords[w] = true
	}
}

// words lowers a phrase and splits it the way the scanner splits turns.
func words(phrase string) []string {
	var s scanner
	s.scan(phrase)
	out := make([]string, 0, len(s.tokens))
	for k := range s.tokens {
		out = append(out, strings.Clone(s.text(&s.tokens[k])))
	}
	return out
}

// plurals lists a word's simple plural (or singular) forms.
func plurals(w string) []string {
	n := len(w)
	switch {
	case n < 3:
		return nil
	case strings.HasSuffix(w, "ies"):
		return []string{w[:n-3] + "y"}
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "sh"), strings.HasSuffix(w, "ch"), strings.HasSuffix(w, "x"):
		return []string{w + "es"}
	case strings.HasSuffix(w, "s"):
		return []string{w[:n-1]}
	case strings.HasSuffix(w, "y") && !isVowel(w[n-2]):
		return []string{w[:n-1] + "ies"}
	}
	return []string{w + "s"}
}

func isVowel(c byte) bool { return strings.IndexByte("aeiou", c) >= 0 }

// inflections lists the forms of a key word a paraphrase may use: the
// plural, third person, past and -ing forms of its crude stem.
func inflections(w string) []string {
	stem := w
	for _, suf := range []string{"ing", "ed", "es", "s"} {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) && !strings.HasSuffix(w, "ss") {
			stem = w[:len(w)-len(suf)]
			break
		}
	}
	n := len(stem)
	// "submitted" -> "submitt" -> "submit"; "called" keeps its double l.
	if stem != w && n > 3 && stem[n-1] == stem[n-2] && !isVowel(stem[n-1]) && strings.IndexByte("lsfz", stem[n-1]) < 0 {
		stem = stem[:n-1]
		n--
	}
	out := make([]string, 0, 12)
	add := func(v string) {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	add(w)
	add(stem)
	for _, suf := range []string{"s", "es", "ed", "d", "ing"} {
		add(stem + suf)
	}
	if stem != w {
		add(stem + "e") // "hoped" -> "hop" -> "hope"
	}
	if n > 2 {
		last := stem[n-1]
		switch {
		case last == 'e':
			add(stem[:n-1] + "ing")
		case last == 'y' && !isVowel(stem[n-2]):
			add(stem[:n-1] + "ies")
			add(stem[:n-1] + "ied")
		case !isVowel(last) && strings.IndexByte("wxy", last) < 0 && isVowel(stem[n-2]):
			add(stem + string(last) + "ed")
			add(stem + string(last) + "ing")
		}
	}
	return out
}
