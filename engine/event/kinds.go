package event

import "fmt"

// AnnotationRules is the version of the annotation rules (engine/leak,
// docs/METRICS.md), written in every recording's header: readers annotate
// a recording of older rules again. Raise it with any change to the rules
// that changes what is annotated.
//
// 1: recordings before the version was kept. 2: provenance decides the
// kind (guesses), amounts in context, approximate mentions, negated
// bounds, paraphrases, relations and first-person phrases. 3: what a
// side was told is stated by the weight of its words in one clause (rare
// words alone, common ones only together; a claim about the other side
// needs more), a side's own goal is counted and not drawn, a quotation of
// an earlier turn and a question state nothing, an amount with cents is
// exact.
const AnnotationRules = 3

// AnnotationKind names what an annotated span shows.
type AnnotationKind string

// The annotation kinds; Kinds says how each is named, marked and counted.
const (
	Leak         AnnotationKind = "leak"
	Disclosure   AnnotationKind = "disclosure"
	MindRead     AnnotationKind = "mind-read"
	Guess        AnnotationKind = "guess"
	FirstMention AnnotationKind = "first-mention"
)

// KindInfo is how one annotation kind is named, marked and counted. The
// TUI, the plain printer, the report, the card, the exports and the
// metrics all read Kinds; the TUI adds a look per kind (tui/ui.Looks). A
// new kind is its constant and row here, its look and the rule that makes
// it in engine/leak (docs/ARCHITECTURE.md).
type KindInfo struct {
	Kind AnnotationKind
	// Word names the kind in legends and sentences ("first mention"),
	// Plural counts them ("first mentions"), Short names it in narrow
	// counters ("1st").
	Word, Plural, Short string
	// Marker is a sign for the kind that needs no colour or text
	// attribute, so it survives NO_COLOR and plain text.
	Marker string
	// Meaning says in a few words what the kind marks, for legends.
	Meaning string
	// Metric is the episode metric that counts the kind, Row its row in
	// the report (empty: no row).
	Metric, Row string
	// Unknown marks the kinds of a partner's fact the speaker's character
	// could not know: which of them a turn gets depends on what the
	// turn's maker held (docs/METRICS.md).
	Unknown bool
}

// Kinds lists the annotation kinds in legend order. Where two annotations
// highlight the same characters, the one listed first shows.
var Kinds = []KindInfo{
	{Leak, "leak", "leaks", "leak", "!", "said the other side's private fact; its maker held it", "leaks", "leaks per episode", true},
	{MindRead, "mind-read", "mind-reads", "mind", "~", "said the other side's private fact it was given", "mind_reads", "mind-reads per episode", true},
	{Guess, "guess", "guesses", "guess", "?", "hit on the other side's private fact no maker held", "guesses", "guesses per episode", true},
	{Disclosure, "disclosure", "disclosures", "disc", "+", "told its own private fact: a price, a secret, extra information …", "disclosures", "disclosures per episode", false},
	{FirstMention, "first mention", "first mentions", "1st", "*", "of the hidden answer", "first_mentions", "", false},
}

// InfoOf returns the row of kind k, and false for a kind not in Kinds
// (from a recording written by another version).
func InfoOf(k AnnotationKind) (KindInfo, bool) {
	for _, info := range Kinds {
		if info.Kind == k {
			return info, true
		}
	}
	return KindInfo{}, false
}

// AnnotationSource says which check made an annotation: in JSON a word,
// "model" for the model's leak check, none (the field left out) for the
// rules. A byte, so that an annotation is no larger for it.
type AnnotationSource uint8

const (
	// ByRules is the rules' (engine/leak).
	ByRules AnnotationSource = iota
	// ByModel is the model's leak check's (--leak-check): shown with its
	// own marker and style, counted apart (the check.* metrics).
	ByModel
)

// sourceWords are the sources' words in JSON, by value.
var sourceWords = [...]string{ByRules: "", ByModel: "model"}

// Known reports whether s is one of the sources above.
func (s AnnotationSource) Known() bool { return int(s) < len(sourceWords) }

// String is the source's word: "" for the rules, "model".
func (s AnnotationSource) String() string {
	if !s.Known() {
		return fmt.Sprintf("source(%d)", uint8(s))
	}
	return sourceWords[s]
}

// MarshalText writes the source's word.
func (s AnnotationSource) MarshalText() ([]byte, error) {
	if !s.Known() {
		return nil, fmt.Errorf("annotation source %d is not known", uint8(s))
	}
	return []byte(sourceWords[s]), nil
}

// UnmarshalText reads a source's word ("rules" too, for the rules).
func (s *AnnotationSource) UnmarshalText(b []byte) error {
	for i, w := range sourceWords {
		if string(b) == w {
			*s = AnnotationSource(i)
			return nil
		}
	}
	if string(b) == "rules" {
		*s = ByRules
		return nil
	}
	return fmt.Errorf("annotation source %q: want model (or none, for the rules)", b)
}

// ModelMarker marks the model check's annotations where a kind's marker
// marks the rules': a sign that needs no colour.
const ModelMarker = "#"
