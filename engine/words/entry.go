package words

import "sync"

// Entry is everything known about one lowered word: a number or negation
// word's kind and value, and where a fact matcher indexes the word (the
// sequences it ends, the key phrases it is a key word of).
type Entry struct {
	Kind   Kind
	Value  float64 // for number words
	SeqEnd []int   // a matcher's sequences whose last word this is
	KeyOf  []KeyRef
	// Item is 1 + the index of the item the word names among a matcher's
	// items with values (Deal-or-No-Deal), 0 for none; Cue says what the
	// word tells of an item's value.
	Item int32
	Cue  ValueCue
}

// ValueCue is what a word tells of an item's value in a clause.
type ValueCue uint8

const (
	NoCue       ValueCue = iota
	WorthCue             // "worth", "points", "value": a number in the clause is a value
	EachCue              // "each": the value holds for every item the clause lists
	ZeroCue              // "worthless", "useless", "nothing": a value of zero
	AnythingCue          // "anything": after a negation, a value of zero
)

// KeyRef names a key phrase of a matcher and the bit of its key word.
type KeyRef struct {
	Phrase int
	Bit    uint64
}

// NumberEntries holds the number and negation words once for the
// process: the whole table of a reader of amounts alone. A matcher copies
// an entry of it into its own table before adding to it, and holds every
// other one too. Read-only.
var NumberEntries = sync.OnceValue(func() map[string]*Entry {
	t := map[string]*Entry{}
	add := func(w string) *Entry {
		e := t[w]
		if e == nil {
			e = &Entry{}
			t[w] = e
		}
		return e
	}
	for w, nw := range numberWords {
		add(w).Kind, add(w).Value = nw.kind, nw.value
	}
	for _, w := range negationWords {
		add(w).Kind = NegWord
	}
	return t
})

// NumberIndex is NumberEntries indexed for a Scanner.
var NumberIndex = sync.OnceValue(func() *Index { return NewIndex(NumberEntries()) })
