package words

// Index is the scanner's table of the words a matcher knows, made
// once the matcher is compiled. Most words of a turn are not known: a
// one-probe Bloom filter keyed by a word's first byte, last byte and
// length turns them away before any hashing. The rest are looked up by
// open addressing over a power-of-two table at most half full, with
// a byte of each word's hash kept apart: one hash, and for a known word
// one string compare.
type Index struct {
	filter  [1024]uint64
	tags    []uint8 // 0: an empty slot; else the slot's word's tag
	words   []string
	entries []*Entry
	mask    uint64
}

// NewIndex indexes a table of words, which must not change after.
func NewIndex(words map[string]*Entry) *Index {
	n := 16
	for n < 2*len(words) {
		n *= 2
	}
	x := &Index{tags: make([]uint8, n), words: make([]string, n), entries: make([]*Entry, n), mask: uint64(n - 1)}
	for w, e := range words {
		h := hashWord(w)
		i := h & x.mask
		for x.tags[i] != 0 {
			i = (i + 1) & x.mask
		}
		x.tags[i], x.words[i], x.entries[i] = tagOf(h), w, e
		k := filterKey(w)
		x.filter[k>>6] |= 1 << (k & 63)
	}
	return x
}

// Get returns the entry of a lowered word, or nil.
func (x *Index) Get(w string) *Entry {
	if !x.mayHold(w) {
		return nil
	}
	return x.lookup(w)
}

// mayHold is the filter's test, small enough to be inlined into the
// scanner's loop: false for most words, which lookup then need not hash.
func (x *Index) mayHold(w string) bool {
	k := filterKey(w)
	return x.filter[k>>6]&(1<<(k&63)) != 0
}

// lookup is get past the filter.
func (x *Index) lookup(w string) *Entry {
	h := hashWord(w)
	tag := tagOf(h)
	for i := h & x.mask; ; i = (i + 1) & x.mask {
		switch x.tags[i] {
		case 0:
			return nil
		case tag:
			if x.words[i] == w {
				return x.entries[i]
			}
		}
	}
}

func filterKey(w string) uint {
	return (uint(w[0])*7919 + uint(w[len(w)-1])*31 + uint(len(w))) & 0xffff
}

// tagOf is a hash's tag: its top byte, never 0.
func tagOf(h uint64) uint8 { return uint8(h>>56) | 1 }

// hashWord mixes a word eight bytes at a time (most words are one
// group).
func hashWord(w string) uint64 {
	const k0, k1 = 0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9
	h := uint64(len(w)) * k0
	for len(w) >= 8 {
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		h = (h ^ x) * k1
		h ^= h >> 31
		w = w[8:]
	}
	var x uint64
	for i := 0; i < len(w); i++ {
		x |= uint64(w[i]) << (8 * i)
	}
	h = (h ^ x) * k1
	return h ^ h>>29
}
