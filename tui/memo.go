package tui

// memo keeps lines drawn for one key, so the chrome (title, headers,
// footer) is styled again only when what it shows changes: styling with
// lipgloss costs more than the rest of a frame together.
type memo[K comparable] struct {
	key   K
	lines []string
	ok    bool
}

func (c *memo[K]) get(k K, build func() []string) []string {
	if !c.ok || c.key != k {
		c.key, c.lines, c.ok = k, build(), true
	}
	return c.lines
}

// reset forgets the lines, e.g. when the styles change.
func (c *memo[K]) reset() { c.ok = false }
