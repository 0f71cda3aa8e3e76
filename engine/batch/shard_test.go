package batch

import (
	"testing"

	"github.com/omnigap/omnigap/engine/view"
)

// The shards of a study play every episode of every mode exactly once
// between them, an episode's modes always in one shard, in shares that
// differ by one episode at most; the jobs of a shard are numbered from 0
// without gaps (the tally counts them in that order); and more episodes
// leave every episode in the shard it had.
func TestShardsSplitTheStudyIntoWholeEpisodes(t *testing.T) {
	modes := []view.Mode{view.Script, view.Agents, view.Mindreaders}
	base := Options{Refs: []string{"craigslist/gen-*", "mutualfriends/gen-*", "craigslist/road-bike"}, Modes: modes, Episodes: 17, Seed: 4}
	type episode struct {
		ref  string
		seed int64
	}
	for _, n := range []int{1, 2, 4, 7, 60} {
		owner := map[episode]int{}
		played := map[episode][]view.Mode{}
		lo, hi := 1<<30, 0
		for k := range n {
			o := base
			o.Shard = Shard{Index: k, Count: n}
			next := 0
			for j := range o.jobs() {
				if j.index != next {
					t.Fatalf("%d shards: shard %d numbers a job %d after %d", n, k, j.index, next-1)
				}
				next++
				e := episode{j.ref, j.seed}
				if s, ok := owner[e]; ok && s != k {
					t.Fatalf("%d shards: %v is in shards %d and %d", n, e, s, k)
				}
				owner[e] = k
				played[e] = append(played[e], j.mode)
			}
			if p := o.Plan(); p.Total != next || p.Modes[0].Total*len(modes) != next {
				t.Errorf("%d shards: shard %d plans %d jobs (%d per mode), plays %d", n, k, p.Total, p.Modes[0].Total, next)
			}
			lo, hi = min(lo, next), max(hi, next)

			more := o
			more.Episodes = 30
			for j := range more.jobs() {
				if s, ok := owner[episode{j.ref, j.seed}]; ok && s != k {
					t.Fatalf("%d shards: with more episodes %s seed %d moved from shard %d to %d", n, j.ref, j.seed, s, k)
				}
			}
		}
		if len(played) != len(base.Refs)*base.Episodes {
			t.Errorf("%d shards play %d episodes, want %d", n, len(played), len(base.Refs)*base.Episodes)
		}
		for e, ms := range played {
			if len(ms) != len(modes) {
				t.Errorf("%d shards: %v played in %v", n, e, ms)
			}
		}
		if hi-lo > len(modes) {
			t.Errorf("%d shards: shares of %d to %d jobs", n, lo, hi)
		}
	}
}

func TestParseShard(t *testing.T) {
	if s, err := ParseShard("3/4"); err != nil || s != (Shard{Index: 2, Count: 4}) || s.String() != "3/4" || s.Folder() != "shard-3-of-4" {
		t.Errorf("3/4: %+v %v", s, err)
	}
	for _, bad := range []string{"0/4", "5/4", "4", "a/b", "1/0", "-1/3"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if s, ok := ShardFolder("shard-2-of-16"); !ok || s != (Shard{Index: 1, Count: 16}) {
		t.Errorf("shard-2-of-16: %+v %v", s, ok)
	}
	for _, name := range []string{"shard-0-of-4", "shard-5-of-4", "shard-1-of-4x", "shards", "out"} {
		if _, ok := ShardFolder(name); ok {
			t.Errorf("%s read as a shard's folder", name)
		}
	}
}
