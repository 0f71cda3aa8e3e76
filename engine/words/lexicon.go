package words

import (
	"slices"
	"strings"
)

// Kind classifies the function words the matcher cares about.
type Kind uint8

const (
	PlainWord Kind = iota
	UnitWord       // one .. nine
	TeenWord       // ten .. nineteen
	TensWord       // twenty .. ninety
	HundredWord
	ThousandWord // thousand, grand (grand only after a number)
	MillionWord
	AndWord
	ArticleWord // "a", as in "a thousand"
	NegWord     // not, never, nobody, don't ...
	OhWord      // "oh", a zero in numbers read digit by digit: five-eight-oh
)

// numberWords are the spelled-out numerals and scale words.
var numberWords = map[string]struct {
	kind  Kind
	value float64
}{
	"zero": {UnitWord, 0}, "one": {UnitWord, 1}, "two": {UnitWord, 2}, "three": {UnitWord, 3},
	"four": {UnitWord, 4}, "five": {UnitWord, 5}, "six": {UnitWord, 6}, "seven": {UnitWord, 7},
	"eight": {UnitWord, 8}, "nine": {UnitWord, 9},
	"ten": {TeenWord, 10}, "eleven": {TeenWord, 11}, "twelve": {TeenWord, 12}, "thirteen": {TeenWord, 13},
	"fourteen": {TeenWord, 14}, "fifteen": {TeenWord, 15}, "sixteen": {TeenWord, 16},
	"seventeen": {TeenWord, 17}, "eighteen": {TeenWord, 18}, "nineteen": {TeenWord, 19},
	"twenty": {TensWord, 20}, "thirty": {TensWord, 30}, "forty": {TensWord, 40}, "fourty": {TensWord, 40},
	"fifty": {TensWord, 50}, "sixty": {TensWord, 60}, "seventy": {TensWord, 70}, "eighty": {TensWord, 80},
	"ninety":  {TensWord, 90},
	"hundred": {HundredWord, 100}, "thousand": {ThousandWord, 1000}, "grand": {ThousandWord, 1000},
	"million": {MillionWord, 1e6},
	"and":     {AndWord, 0}, "a": {ArticleWord, 0}, "oh": {OhWord, 0},
}

// negationWords open a negated scope; any word ending in n't does too.
var negationWords = []string{
	"not", "no", "never", "nobody", "none", "nothing", "neither", "nor", "without", "cannot",
	"noone", "nowhere", "dont", "doesnt", "didnt", "cant", "wont", "isnt", "arent", "wasnt",
	"werent", "havent", "hasnt", "hadnt", "couldnt", "wouldnt", "shouldnt", "aint",
}

// NegationWindow is how many words before a mention a negation may stand
// (within the same clause) to mark it negated: "I don't know anyone at
// Stanford" has the cue four words before the value.
const NegationWindow = 6

// stopwords are left out of key phrases: a paraphrase may change them.
var stopwords = map[string]bool{}

// Stopword reports whether the lowered word w is a stop word, left out of
// key phrases.
func Stopword(w string) bool { return stopwords[w] }

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

// Split lowers a phrase and splits it the way the scanner splits turns.
func Split(phrase string) []string {
	var s Scanner
	s.Scan(phrase)
	out := make([]string, 0, len(s.Tokens))
	for k := range s.Tokens {
		out = append(out, strings.Clone(s.Text(&s.Tokens[k])))
	}
	return out
}

// Plurals lists a word's simple plural (or singular) forms.
func Plurals(w string) []string {
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

// Stem is a word's crude stem: without an -ing, -ed, -es or -s ending and
// a doubled last consonant ("submitted" -> "submit"; "called" keeps its
// double l). Forms of one word mostly share it.
func Stem(w string) string {
	stem := w
	for _, suf := range []string{"ing", "ed", "es", "s"} {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) && !strings.HasSuffix(w, "ss") {
			stem = w[:len(w)-len(suf)]
			break
		}
	}
	n := len(stem)
	if stem != w && n > 3 && stem[n-1] == stem[n-2] && !isVowel(stem[n-1]) && strings.IndexByte("lsfz", stem[n-1]) < 0 {
		stem = stem[:n-1]
	}
	return stem
}

// Inflections lists the forms of a key word a paraphrase may use: the
// plural, third person, past and -ing forms of its crude stem.
func Inflections(w string) []string {
	stem := Stem(w)
	n := len(stem)
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

// IsNegation reports whether w is a negation word.
func IsNegation(w string) bool {
	return slices.Contains(negationWords, w) || strings.HasSuffix(w, "n't")
}
