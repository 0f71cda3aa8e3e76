// Package recent keeps the values last made for a few keys: a bounded
// memo, safe for concurrent use, for work that jobs in a row repeat (a
// study plays a scenario's modes one after another).
package recent

import "sync"

// Memo keeps the values of the latest keep keys, dropping the oldest.
type Memo[K comparable, V any] struct {
	mu    sync.Mutex
	keep  int
	byKey map[K]V
	order []K // oldest first
}

// New returns a memo that keeps the values of the latest keep keys (at
// least one).
func New[K comparable, V any](keep int) *Memo[K, V] {
	return &Memo[K, V]{keep: max(keep, 1), byKey: map[K]V{}}
}

// Get returns the value kept for key, or builds it and keeps it. Building
// runs outside the lock: two callers may both build a missing value, and
// the first one kept is the one kept. An error is returned, not kept.
func (m *Memo[K, V]) Get(key K, build func() (V, error)) (V, error) {
	m.mu.Lock()
	v, ok := m.byKey[key]
	m.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := build()
	if err != nil {
		return v, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if kept, ok := m.byKey[key]; ok {
		return kept, nil
	}
	m.byKey[key] = v
	m.order = append(m.order, key)
	if len(m.order) > m.keep {
		delete(m.byKey, m.order[0])
		m.order = m.order[1:]
	}
	return v, nil
}
