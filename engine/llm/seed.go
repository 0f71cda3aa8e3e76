package llm

// seedFor derives a distinct seed for each call of a role from its base
// seed, the turn and the try (0 first, 1 a re-ask or continuation), so no
// two calls of a run, nor of neighbouring episodes, share one. The base
// seed already folds in the episode and the seat (Factory.params).
func (p Params) seedFor(turn, try int) *int {
	if p.Seed == nil {
		return nil
	}
	s := mix(int64(*p.Seed), int64(turn)<<8|int64(try))
	return &s
}

// mix combines two numbers into a well-spread non-negative int (a
// splitmix64 step), small enough for servers that want 32-bit seeds.
func mix(a, b int64) int {
	z := uint64(a)*0x9e3779b97f4a7c15 + uint64(b)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return int(z & 0x7fffffff)
}
