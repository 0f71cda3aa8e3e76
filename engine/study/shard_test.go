package study

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/batch"
)

// --shard auto reads the task's share from a Slurm job array's variables
// or a Kubernetes Indexed Job's index, and says what is missing or wrong.
func TestShardAutoReadsTheClusterEnvironment(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, c := range []struct {
		name   string
		value  string
		shards int
		getenv func(string) string
		want   batch.Shard
		err    string
	}{
		{"explicit", "2/4", 0, env(), batch.Shard{Index: 1, Count: 4}, ""},
		{"slurm from 0", "auto", 0, env("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "0"), batch.Shard{Index: 3, Count: 4}, ""},
		{"slurm from 1", "auto", 4, env("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "1"), batch.Shard{Index: 0, Count: 4}, ""},
		{"slurm with a step", "auto", 0, env("SLURM_ARRAY_TASK_ID", "14", "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "2", "SLURM_ARRAY_TASK_STEP", "4"), batch.Shard{Index: 3, Count: 4}, ""},
		{"kubernetes", "auto", 4, env("JOB_COMPLETION_INDEX", "2"), batch.Shard{Index: 2, Count: 4}, ""},
		{"nothing set", "auto", 4, env(), batch.Shard{}, "neither SLURM_ARRAY_TASK_ID"},
		{"kubernetes without --shards", "auto", 0, env("JOB_COMPLETION_INDEX", "2"), batch.Shard{}, "needs --shards N"},
		{"index past --shards", "auto", 2, env("JOB_COMPLETION_INDEX", "2"), batch.Shard{}, "counts from 0 to 1"},
		{"slurm count disagrees", "auto", 8, env("SLURM_ARRAY_TASK_ID", "0", "SLURM_ARRAY_TASK_COUNT", "4"), batch.Shard{}, "--shards 8: the Slurm array has 4 tasks"},
		{"slurm without count", "auto", 0, env("SLURM_ARRAY_TASK_ID", "0"), batch.Shard{}, "SLURM_ARRAY_TASK_COUNT is not"},
		{"slurm id past the array", "auto", 0, env("SLURM_ARRAY_TASK_ID", "9", "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "0"), batch.Shard{}, "not one of 4 tasks"},
		{"garbage", "auto", 0, env("JOB_COMPLETION_INDEX", "x"), batch.Shard{}, `JOB_COMPLETION_INDEX="x"`},
		{"--shards with K/N", "1/4", 4, env(), batch.Shard{}, "--shards goes with --shard auto"},
	} {
		got, err := ShardOf(c.value, c.shards, c.getenv)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("%s: %+v %v, want %+v", c.name, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.err)
		}
	}
}
