package batch

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is one of Count shares of a study, Index from 0. The unit of a
// share is an episode of a reference, all its modes together (the paired
// differences need them side by side): episode k of reference r is unit
// k·R + r of a study of R references, and unit u belongs to shard
// u mod Count. Numbered episode first, a study extended with more
// --episodes keeps every unit in its shard, and the shares differ by one
// unit at most. The zero Shard is the whole study.
type Shard struct {
	Index, Count int
}

// Whole says whether s is the whole study.
func (s Shard) Whole() bool { return s.Count <= 1 }

// plays says whether episode k of reference r (of refs) is the shard's.
func (s Shard) plays(refs, r, k int) bool {
	return s.Whole() || (k*refs+r)%s.Count == s.Index
}

// units is how many of a study's units the shard plays.
func (s Shard) units(all int) int {
	if s.Whole() {
		return all
	}
	return max(0, (all-s.Index+s.Count-1)/s.Count)
}

// String is "K/N" with K from 1, as --shard takes it.
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index+1, s.Count) }

// Folder is the shard's own folder name inside a study's folder.
func (s Shard) Folder() string { return fmt.Sprintf("shard-%d-of-%d", s.Index+1, s.Count) }

// ParseShard reads "K/N", K from 1 to N.
func ParseShard(v string) (Shard, error) {
	k, n, ok := strings.Cut(v, "/")
	ki, err1 := strconv.Atoi(strings.TrimSpace(k))
	ni, err2 := strconv.Atoi(strings.TrimSpace(n))
	if !ok || err1 != nil || err2 != nil || ni < 1 || ki < 1 || ki > ni {
		return Shard{}, fmt.Errorf("--shard %s: want K/N with 1 <= K <= N (the third of four shards is 3/4), or auto", v)
	}
	return Shard{Index: ki - 1, Count: ni}, nil
}

// ShardFolder reads a shard's folder name (Folder); ok is false for any
// other name.
func ShardFolder(name string) (Shard, bool) {
	var k, n int
	if _, err := fmt.Sscanf(name, "shard-%d-of-%d", &k, &n); err != nil || name != fmt.Sprintf("shard-%d-of-%d", k, n) || k < 1 || k > n {
		return Shard{}, false
	}
	return Shard{Index: k - 1, Count: n}, true
}
