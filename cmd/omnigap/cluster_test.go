package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	"github.com/spf13/cobra"
)

// The files docs/CLUSTER.md shows, read from deploy/.
const (
	slurmScript      = "../../deploy/slurm/omnigap-study.sbatch"
	studyManifest    = "../../deploy/kubernetes/omnigap-study.yaml"
	reportManifest   = "../../deploy/kubernetes/omnigap-report.yaml"
	dockerfile       = "../../deploy/Dockerfile"
	clusterDoc       = "../../docs/CLUSTER.md"
	shardsOfTheArray = 16
)

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// checkFlags fails on any --flag of args that cmd does not have.
func checkFlagsExist(t *testing.T, where string, cmd *cobra.Command, args []string) {
	t.Helper()
	for _, a := range args {
		if !strings.HasPrefix(a, "--") {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if cmd.Flags().Lookup(name) == nil {
			t.Errorf("%s: omnigap %s has no flag --%s", where, cmd.Name(), name)
		}
	}
}

// shellWords splits a command line as the shell would, for the quoting
// the script uses ('...', "...", and words).
func shellWords(line string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`'[^']*'|"[^"]*"|[^\s'"]+`).FindAllString(line, -1) {
		out = append(out, strings.Trim(m, `'"`))
	}
	return out
}

// TestSlurmScriptRunsAShardOfTheStudy: the array script's omnigap command
// uses only flags run has, takes its shard from the array (--shard auto),
// and, run as task 3 of the array with --dry-run, plays shard 4 of 16.
func TestSlurmScriptRunsAShardOfTheStudy(t *testing.T) {
	script := readFile(t, slurmScript)
	if !strings.HasPrefix(script, "#!/bin/bash\n") || !strings.Contains(script, "#SBATCH --array=0-15\n") {
		t.Fatalf("%s: not a bash job array of 16 tasks", slurmScript)
	}
	joined := strings.ReplaceAll(script, "\\\n", " ")
	var command []string
	for _, line := range strings.Split(joined, "\n") {
		if w := shellWords(line); len(w) > 2 && w[0] == "srun" && w[1] == "omnigap" {
			command = w[2:]
		}
	}
	if len(command) == 0 || command[0] != "run" {
		t.Fatalf("%s: no `srun omnigap run` line", slurmScript)
	}
	servers := shellWords(regexp.MustCompile(`(?m)^SERVERS=\((.*)\)$`).FindStringSubmatch(script)[1])
	if !strings.Contains(script, `endpoints+=(--base-url "$url")`) || len(servers) < 2 {
		t.Fatalf("%s: the replicas are not given as repeated --base-url", slurmScript)
	}
	dir := t.TempDir()
	var args []string
	for _, w := range command[1:] {
		switch {
		case w == "${endpoints[@]}":
			for _, s := range servers {
				args = append(args, "--base-url", s)
			}
		default:
			w = strings.ReplaceAll(w, "$OUT", dir)
			args = append(args, strings.ReplaceAll(w, "$SLURM_ARRAY_TASK_ID", "3"))
		}
	}
	run := newRunCmd()
	checkFlagsExist(t, slurmScript, run, args)
	if !strings.Contains(strings.Join(args, " "), "--shard auto") || !strings.Contains(strings.Join(args, " "), "--resume") {
		t.Errorf("%s: the shard does not come from the array, or is not resumable: %v", slurmScript, args)
	}
	for k, v := range map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "16", "SLURM_ARRAY_TASK_MIN": "0"} {
		t.Setenv(k, v)
	}
	out, err := omnigap(t, append(append([]string{"run"}, args...), "--dry-run")...)
	if err != nil || !strings.Contains(out, "shard 4/16") {
		t.Errorf("the script's command as task 3, dry: %v\n%s", err, out)
	}
}

// job is the part of a Kubernetes Job manifest the tests read.
type job struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Spec       struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    int    `yaml:"completions"`
		Parallelism    int    `yaml:"parallelism"`
		Template       struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Image        string   `yaml:"image"`
					Args         []string `yaml:"args"`
					VolumeMounts []struct {
						Name      string `yaml:"name"`
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				} `yaml:"containers"`
				Volumes []struct {
					Name string `yaml:"name"`
					PVC  struct {
						ClaimName string `yaml:"claimName"`
					} `yaml:"persistentVolumeClaim"`
				} `yaml:"volumes"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

func readJob(t *testing.T, path string) job {
	t.Helper()
	var j job
	if err := yaml.Unmarshal([]byte(readFile(t, path)), &j); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if j.APIVersion != "batch/v1" || j.Kind != "Job" || len(j.Spec.Template.Spec.Containers) != 1 || j.Spec.Template.Spec.RestartPolicy != "Never" {
		t.Fatalf("%s: not a batch/v1 Job of one container that is not restarted in place", path)
	}
	return j
}

// flagValue is the value after flag in args.
func flagValue(args []string, flag string) string {
	for i, a := range args {
		if a == flag && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// TestKubernetesManifestsRunAndMergeTheShards: the Indexed Job's pods
// each run their shard with flags run has (--shards matching the Job's
// completions, the outputs on the mounted volume), pod 2 of them, dry,
// plays shard 3 of 4; and the report Job merges that folder with flags
// report has.
func TestKubernetesManifestsRunAndMergeTheShards(t *testing.T) {
	study := readJob(t, studyManifest)
	s := study.Spec
	c := s.Template.Spec.Containers[0]
	if s.CompletionMode != "Indexed" || s.Completions != 4 || s.Parallelism != 4 {
		t.Fatalf("%s: not an Indexed Job of 4 completions at once", studyManifest)
	}
	if len(c.Args) == 0 || c.Args[0] != "run" {
		t.Fatalf("%s: the container does not run omnigap run: %v", studyManifest, c.Args)
	}
	checkFlagsExist(t, studyManifest, newRunCmd(), c.Args)
	if flagValue(c.Args, "--shard") != "auto" || flagValue(c.Args, "--shards") != "4" {
		t.Errorf("%s: --shard auto --shards 4 wanted, for 4 completions", studyManifest)
	}
	if strings.Count(strings.Join(c.Args, " "), "--base-url ") < 2 {
		t.Errorf("%s: the model replicas are not given as repeated --base-url", studyManifest)
	}
	if len(c.VolumeMounts) != 1 || !strings.HasPrefix(flagValue(c.Args, "--out"), c.VolumeMounts[0].MountPath+"/") ||
		!strings.HasPrefix(flagValue(c.Args, "--cache"), c.VolumeMounts[0].MountPath+"/") {
		t.Errorf("%s: the recordings and the cache are not on the mounted volume", studyManifest)
	}

	dir := t.TempDir()
	var args []string
	for _, a := range c.Args {
		a = strings.ReplaceAll(a, "$(JOB_COMPLETION_INDEX)", "2")
		args = append(args, strings.Replace(a, c.VolumeMounts[0].MountPath, dir, 1))
	}
	t.Setenv("JOB_COMPLETION_INDEX", "2")
	out, err := omnigap(t, append(args, "--dry-run")...)
	if err != nil || !strings.Contains(out, "shard 3/4") {
		t.Errorf("pod 2's command, dry: %v\n%s", err, out)
	}

	report := readJob(t, reportManifest)
	r := report.Spec.Template.Spec.Containers[0]
	if len(r.Args) < 2 || r.Args[0] != "report" || r.Args[1] != flagValue(c.Args, "--out") || r.Image != c.Image {
		t.Fatalf("%s: does not report the study's folder with the same image: %v", reportManifest, r.Args)
	}
	checkFlagsExist(t, reportManifest, newReportCmd(), r.Args)
	if report.Spec.Template.Spec.Volumes[0].PVC.ClaimName != s.Template.Spec.Volumes[0].PVC.ClaimName {
		t.Errorf("the report Job does not mount the study's volume")
	}
}

// TestDockerfileBuildsTheBinary: the Dockerfile (which cannot be built
// here) is checked by reading it: a Go image of go.mod's version builds
// ./cmd/omnigap statically, the binary is copied from that stage into the
// final image, and the entry point runs it.
func TestDockerfileBuildsTheBinary(t *testing.T) {
	var instructions [][2]string
	for _, line := range strings.Split(strings.ReplaceAll(readFile(t, dockerfile), "\\\n", " "), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		op, rest, _ := strings.Cut(line, " ")
		switch op {
		case "FROM", "WORKDIR", "COPY", "RUN", "ENTRYPOINT", "ENV", "ARG", "USER", "LABEL":
		default:
			t.Fatalf("%s: unknown instruction %q", dockerfile, op)
		}
		instructions = append(instructions, [2]string{op, strings.TrimSpace(rest)})
	}
	goVersion := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindStringSubmatch(readFile(t, "../../go.mod"))[1]
	stages := map[string]bool{}
	var built, copied, entry string
	for _, in := range instructions {
		switch op, arg := in[0], in[1]; op {
		case "FROM":
			if m := regexp.MustCompile(`^golang:(\S+) AS (\w+)$`).FindStringSubmatch(arg); m != nil {
				if m[1] != goVersion {
					t.Errorf("%s: builds with Go %s, go.mod says %s", dockerfile, m[1], goVersion)
				}
				stages[m[2]] = true
			}
		case "RUN":
			if m := regexp.MustCompile(`CGO_ENABLED=0 go build .*-o (\S+) (\./cmd/\w+)$`).FindStringSubmatch(arg); m != nil {
				if _, err := os.Stat(filepath.Join("../..", m[2])); err != nil || m[2] != "./cmd/omnigap" {
					t.Errorf("%s: builds %s", dockerfile, m[2])
				}
				built = m[1]
			}
		case "COPY":
			if m := regexp.MustCompile(`^--from=(\w+) (\S+) (\S+)$`).FindStringSubmatch(arg); m != nil {
				if !stages[m[1]] || m[2] != built {
					t.Errorf("%s: copies %s from stage %s, which did not build it", dockerfile, m[2], m[1])
				}
				copied = m[3]
			}
		case "ENTRYPOINT":
			entry = arg
		}
	}
	if built == "" || copied == "" || entry != `["`+copied+`"]` {
		t.Errorf("%s: built %q, copied to %q, entry point %s", dockerfile, built, copied, entry)
	}
}

// docs/CLUSTER.md shows the files as they are.
func TestClusterDocShowsTheFiles(t *testing.T) {
	doc := readFile(t, clusterDoc)
	for _, path := range []string{slurmScript, studyManifest, reportManifest, dockerfile} {
		if !strings.Contains(doc, "```\n"+readFile(t, path)+"```\n") && !strings.Contains(doc, "\n"+readFile(t, path)+"```\n") {
			t.Errorf("docs/CLUSTER.md does not show %s as it is", path)
		}
	}
}
