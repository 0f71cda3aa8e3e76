package amount

import (
	"sync"

	"github.com/omnigap/omnigap/engine/words"
)

// readers pools readers of the number words alone, so Amounts allocates
// nothing in the steady state and is safe for concurrent use.
var readers = sync.Pool{New: func() any { return NewReader(words.NumberIndex()) }}

// Amounts returns the amounts said in text, in order: numerals ($1,200,
// 500.0, 1.2k), numerals with a scale word (3 grand) and spelled-out numbers
// (twelve hundred, four fifty). A range such as 450-500 gives both ends.
// Ordinals, percentages and times are not amounts. It is safe for
// concurrent use.
func Amounts(text string) []float64 {
	m := readers.Get().(*Reader)
	defer readers.Put(m)
	return m.Numbers(text)
}
