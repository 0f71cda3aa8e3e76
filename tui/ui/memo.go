package ui

// Memo keeps lines drawn for one key, so the chrome (title, headers,
// footer) is styled again only when what it shows changes: styling with
// lipgloss costs more than the rest of a frame together.
type Memo[K comparable] struct {
	key   K
	lines []string
	ok    bool
}

// Get returns the lines drawn for k, drawing them with build when the key
// changed.
func (c *Memo[K]) Get(k K, build func() []string) []string {
	if !c.ok || c.key != k {
		c.key, c.lines, c.ok = k, build(), true
	}
	return c.lines
}

// Reset forgets the lines, e.g. when the styles change.
func (c *Memo[K]) Reset() { c.ok = false }
