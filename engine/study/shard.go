package study

import (
	"fmt"
	"strconv"

	"github.com/omnigap/omnigap/engine/batch"
)

// ShardOf reads --shard: "K/N", or "auto" for the task's share of a
// cluster job from its environment: a Slurm job array's
// SLURM_ARRAY_TASK_ID less SLURM_ARRAY_TASK_MIN (over its
// SLURM_ARRAY_TASK_STEP) of SLURM_ARRAY_TASK_COUNT tasks, or a
// Kubernetes Indexed Job's JOB_COMPLETION_INDEX of --shards. shards, when
// not 0, must agree with the count the environment gives.
func ShardOf(value string, shards int, getenv func(string) string) (batch.Shard, error) {
	if value != "auto" {
		if shards != 0 {
			return batch.Shard{}, fmt.Errorf("--shards goes with --shard auto; --shard %s says the count itself", value)
		}
		return batch.ParseShard(value)
	}
	number := func(name string) (int, bool, error) {
		v := getenv(name)
		if v == "" {
			return 0, false, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return 0, true, fmt.Errorf("--shard auto: %s=%q is not a task number", name, v)
		}
		return n, true, nil
	}
	id, slurm, err := number("SLURM_ARRAY_TASK_ID")
	if err != nil {
		return batch.Shard{}, err
	}
	if slurm {
		count, ok, err := number("SLURM_ARRAY_TASK_COUNT")
		if err != nil {
			return batch.Shard{}, err
		}
		if !ok || count < 1 {
			return batch.Shard{}, fmt.Errorf("--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not")
		}
		lowest, _, err := number("SLURM_ARRAY_TASK_MIN")
		if err != nil {
			return batch.Shard{}, err
		}
		step, hasStep, err := number("SLURM_ARRAY_TASK_STEP")
		if err != nil {
			return batch.Shard{}, err
		}
		if !hasStep || step < 1 {
			step = 1
		}
		if id < lowest || (id-lowest)%step != 0 || (id-lowest)/step >= count {
			return batch.Shard{}, fmt.Errorf("--shard auto: task %d is not one of %d tasks from %d by %d (SLURM_ARRAY_TASK_ID, _COUNT, _MIN, _STEP); give the array as --array=0-%d", id, count, lowest, step, count-1)
		}
		if shards != 0 && shards != count {
			return batch.Shard{}, fmt.Errorf("--shards %d: the Slurm array has %d tasks", shards, count)
		}
		return batch.Shard{Index: (id - lowest) / step, Count: count}, nil
	}
	index, k8s, err := number("JOB_COMPLETION_INDEX")
	if err != nil {
		return batch.Shard{}, err
	}
	if !k8s {
		return batch.Shard{}, fmt.Errorf("--shard auto: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set; give --shard K/N")
	}
	if shards < 1 {
		return batch.Shard{}, fmt.Errorf("--shard auto in a Kubernetes Indexed Job (JOB_COMPLETION_INDEX=%d) needs --shards N, the Job's completions", index)
	}
	if index >= shards {
		return batch.Shard{}, fmt.Errorf("--shard auto: JOB_COMPLETION_INDEX=%d, but --shards %d counts from 0 to %d", index, shards, shards-1)
	}
	return batch.Shard{Index: index, Count: shards}, nil
}
