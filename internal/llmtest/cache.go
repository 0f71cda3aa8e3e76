package llmtest

import (
	"hash/maphash"
	"sync"
)

// prefixCache imitates a server-side prefix cache (vLLM's automatic prefix
// caching, OpenAI's prompt caching): prompts are cut into fixed blocks and
// a block counts as cached when the same prefix up to and including it was
// seen before. It is what makes the usage chunk's cached_tokens honest.
type prefixCache struct {
	mu   sync.Mutex
	seed maphash.Seed
	seen map[uint64]struct{}
}

const (
	cacheBlock = 64 // bytes, about 16 tokens
	cacheLimit = 1 << 20
)

func newPrefixCache() *prefixCache {
	return &prefixCache{seed: maphash.MakeSeed(), seen: map[uint64]struct{}{}}
}

// hit records prompt and returns how many of its tokens were cached.
func (c *prefixCache) hit(prompt string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.seen) > cacheLimit {
		clear(c.seen)
	}
	var h maphash.Hash
	h.SetSeed(c.seed)
	cached, missed := 0, false
	for end := cacheBlock; end <= len(prompt); end += cacheBlock {
		h.WriteString(prompt[end-cacheBlock : end])
		key := h.Sum64()
		if _, ok := c.seen[key]; ok && !missed {
			cached = end
			continue
		}
		missed = true
		c.seen[key] = struct{}{}
	}
	return cached / 4
}
