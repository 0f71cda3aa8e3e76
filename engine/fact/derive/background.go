package derive

import (
	"io/fs"
	"sync"

	"github.com/goccy/go-yaml"

	"github.com/omnigap/omnigap/engine/words"
	"github.com/omnigap/omnigap/scenarios"
)

// Background says how many texts of a collection say each word, in any
// of its forms: the texts of every scenario, profile and fact the
// library holds (and an import's own, With). A word many of them say
// ("support", "budget", "together") is common: alone it says nothing in
// particular; a rare one can carry a fact by itself (rare).
type Background struct {
	texts int
	says  map[string]int // stem → texts that say a word of that stem
}

// NewBackground counts the words of texts, each text once per stem.
func NewBackground(texts []string) *Background {
	return (&Background{says: map[string]int{}}).add(texts)
}

// With is a copy of b that also counts texts.
func (b *Background) With(texts []string) *Background {
	c := &Background{texts: b.texts, says: make(map[string]int, len(b.says))}
	for k, v := range b.says {
		c.says[k] = v
	}
	return c.add(texts)
}

func (b *Background) add(texts []string) *Background {
	seen := map[string]bool{}
	for _, t := range texts {
		clear(seen)
		for _, w := range words.Split(t) {
			seen[words.Stem(w)] = true
		}
		for s := range seen {
			b.says[s]++
		}
		b.texts++
	}
	return b
}

// Says is how many of b's texts say w in some form.
func (b *Background) Says(w string) int { return b.says[words.Stem(w)] }

// rare reports whether w is said by at most one of b's texts: the one it
// comes from, when that is among them.
func (b *Background) rare(w string) bool { return b.Says(w) <= 1 }

// Library is the background of the built-in library: each text of every
// built-in scenario file (its setting, profiles, goals, secrets and
// facts). It is read once, at first use.
var Library = sync.OnceValue(func() *Background {
	var texts []string
	_ = fs.WalkDir(scenarios.Files, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := scenarios.Files.ReadFile(path)
		if err != nil {
			return err
		}
		var doc any
		if yaml.Unmarshal(data, &doc) == nil {
			texts = appendTexts(texts, doc)
		}
		return nil
	})
	return NewBackground(texts)
})

// appendTexts adds every string a decoded YAML document holds.
func appendTexts(texts []string, v any) []string {
	switch v := v.(type) {
	case string:
		return append(texts, v)
	case []any:
		for _, e := range v {
			texts = appendTexts(texts, e)
		}
	case map[string]any:
		for _, e := range v {
			texts = appendTexts(texts, e)
		}
	}
	return texts
}
