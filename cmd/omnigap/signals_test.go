//go:build linux

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/interop/sotopia"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// stopWithin is how soon after ctrl-c any command must have ended.
const stopWithin = time.Second

// interrupted starts the app with args, waits until busy says it is in the
// middle of its work, sends it SIGINT (signals times, back to back) and
// returns how it ended; wall is the time from the first signal to the
// exit.
func interrupted(t *testing.T, signals int, busy func(pid int) bool, args ...string) appRun {
	t.Helper()
	return interruptedBy(t, syscall.SIGINT, signals, busy, args...)
}

// interruptedBy is interrupted with another signal.
func interruptedBy(t *testing.T, sig syscall.Signal, signals int, busy func(pid int) bool, args ...string) appRun {
	t.Helper()
	cmd, stdout, stderr := appCommand(t, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	deadline := time.After(60 * time.Second)
	for !busy(cmd.Process.Pid) {
		select {
		case err := <-exited:
			r := finished(t, cmd, err, 0, stdout, stderr)
			t.Fatalf("%v ended (exit %d) before it was busy:\n%s", args[:2], r.code, r.stderr)
		case <-deadline:
			cmd.Process.Kill()
			t.Fatalf("%v was not busy within a minute", args[:2])
		case <-tick.C:
		}
	}
	signaled := time.Now()
	for range signals {
		cmd.Process.Signal(sig)
	}
	select {
	case err := <-exited:
		return finished(t, cmd, err, time.Since(signaled), stdout, stderr)
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("%v still running 30 s after ctrl-c", args[:2])
	}
	return appRun{}
}

// readSoFar is how many bytes process pid has read (rchar of /proc/PID/io).
func readSoFar(pid int) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/io", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "rchar: "); ok {
			n, _ := strconv.ParseInt(v, 10, 64)
			return n
		}
	}
	return 0
}

// checkRecordingsValid reads every recording in dir back.
func checkRecordingsValid(t *testing.T, dir string) int {
	t.Helper()
	files, err := record.Files(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if _, err := record.Read(f); err != nil {
			t.Fatalf("an invalid recording was left: %v", err)
		}
	}
	return len(files)
}

// TestCtrlCStopsRunWithinASecond: a study stopped halfway ends within a
// second, exits non-zero, leaves only valid recordings and writes a
// summary marked interrupted.
func TestCtrlCStopsRunWithinASecond(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	r := interrupted(t, 1, func(int) bool { return filesIn(out, ".jsonl") >= 300 },
		"run", "--scenario", "craigslist/gen-*", "--episodes", "20000", "--concurrency", "8", "--out", out)
	t.Logf("run: stopped %v after ctrl-c, exit %d", r.wall, r.code)
	if r.code != 1 || r.wall > stopWithin {
		t.Fatalf("run: exit %d %v after ctrl-c, want 1 within %v\n%s", r.code, r.wall, stopWithin, r.stderr)
	}
	checkRecordingsValid(t, out)
	if s := readSummary(t, out); s["interrupted"] != true {
		t.Fatalf("the summary is not marked interrupted: %v", s)
	}
}

// TestSecondCtrlCQuitsAtOnce: a run whose clean stop is stuck (its
// output goes to a pipe that is full and nobody reads) ends at once on a
// second ctrl-c, with exit code 130, and what it leaves is valid: every
// recording reads back (cut short, with what was buffered written out)
// and summary.json, written before the stop got stuck, is whole.
func TestSecondCtrlCQuitsAtOnce(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	cmd, _, _ := appCommand(t, "run", "--scenario", "craigslist/gen-*", "--episodes", "20000", "--concurrency", "8", "--out", out)
	full, stuck := fullPipe(t)
	stderr, stderrW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stderr.Close()
	cmd.Stdout, cmd.Stderr = stuck, stderrW
	var said strings.Builder
	notice := make(chan struct{})
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		buf := make([]byte, 4096)
		noticed := false
		for {
			n, err := stderr.Read(buf)
			said.Write(buf[:n])
			if !noticed && strings.Contains(said.String(), "press ctrl-c again") {
				close(notice)
				noticed = true
			}
			if err != nil {
				return
			}
		}
	}()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stuck.Close()
	stderrW.Close()
	defer full.Close()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	waitFor(t, func() bool { return filesIn(out, ".jsonl") >= 300 }, exited)
	cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-notice:
	case err := <-exited:
		t.Fatalf("the run ended on the first ctrl-c (%v) although its output was stuck", err)
	case <-time.After(10 * time.Second):
		t.Fatal("no notice 10 s after the first ctrl-c")
	}
	// The clean stop is now stuck writing the table to the full pipe.
	waitFor(t, func() bool { return fileExists(filepath.Join(out, "summary.json")) }, exited)
	signaled := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-exited:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the second ctrl-c did not end the run within 10 s")
	}
	wall := time.Since(signaled)
	<-readDone
	code := cmd.ProcessState.ExitCode()
	t.Logf("run: quit %v after the second ctrl-c, exit %d", wall, code)
	if code != 130 || wall > stopWithin {
		t.Fatalf("run: exit %d %v after a second ctrl-c, want 130 within %v\n%s", code, wall, stopWithin, said.String())
	}
	n := checkRecordingsValid(t, out)
	data, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil || !json.Valid(data) {
		t.Fatalf("summary.json is not whole (%v):\n%s", err, data)
	}
	t.Logf("%d valid recordings left", n)
}

// fullPipe returns a pipe whose buffer is full: a write to w blocks until
// r is read.
func fullPipe(t *testing.T) (r, w *os.File) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	const getPipeSize = 1032 // F_GETPIPE_SZ
	size, _, errno := syscall.Syscall(syscall.SYS_FCNTL, w.Fd(), getPipeSize, 0)
	if errno != 0 {
		t.Fatal(errno)
	}
	if _, err := w.Write(make([]byte, size)); err != nil {
		t.Fatal(err)
	}
	return r, w
}

// waitFor waits until cond holds, failing the test if the process exits
// first or a minute passes.
func waitFor(t *testing.T, cond func() bool, exited <-chan error) {
	t.Helper()
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	deadline := time.After(time.Minute)
	for !cond() {
		select {
		case err := <-exited:
			t.Fatalf("the process ended early: %v", err)
		case <-deadline:
			t.Fatal("timed out")
		case <-tick.C:
		}
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// TestCtrlCStopsReportWithinASecond: report reading 20,000 recordings stops
// within a second of ctrl-c.
func TestCtrlCStopsReportWithinASecond(t *testing.T) {
	src := filepath.Join(t.TempDir(), "src")
	if r := runApp(t, "run", "--scenario", "craigslist/road-bike", "--modes", "agents", "--out", src); r.code != 0 {
		t.Fatalf("run: exit %d\n%s", r.code, r.stderr)
	}
	files, _ := record.Files(src)
	dir := t.TempDir()
	for i := range 20000 {
		// Links: the same bytes under 20,000 names, read 20,000 times.
		if err := os.Link(files[0], filepath.Join(dir, fmt.Sprintf("r%05d.jsonl", i))); err != nil {
			t.Fatal(err)
		}
	}
	r := interrupted(t, 1, func(pid int) bool { return readSoFar(pid) > 20<<20 }, "report", dir)
	t.Logf("report: stopped %v after ctrl-c, exit %d", r.wall, r.code)
	if r.code == 0 || r.wall > stopWithin {
		t.Fatalf("report: exit %d %v after ctrl-c, want non-zero within %v\n%s", r.code, r.wall, stopWithin, r.stderr)
	}
}

// TestCtrlCStopsReplayWithinASecond: replay opening a recording of
// 500,000 lines (60 MB) stops within a second of ctrl-c given once it has
// read 10 MB.
func TestCtrlCStopsReplayWithinASecond(t *testing.T) {
	path := filepath.Join(t.TempDir(), "long.jsonl")
	writeManyDeltas(t, path, 1000, 500)
	r := interrupted(t, 1, func(pid int) bool { return readSoFar(pid) > 10<<20 }, "replay", path)
	t.Logf("replay: stopped %v after ctrl-c, exit %d", r.wall, r.code)
	if r.code == 0 || r.wall > stopWithin {
		t.Fatalf("replay: exit %d %v after ctrl-c, want non-zero within %v\n%s", r.code, r.wall, stopWithin, r.stderr)
	}
}

// TestCtrlCStopsImportWithinASecond: importing 12,660 Deal-or-No-Deal
// dialogues (the validation set thirty times over, each under a new id)
// stops within a second of ctrl-c, as scenarios and as recordings; every
// file it wrote is whole, its last line counts them, and no staging
// folder is left.
func TestCtrlCStopsImportWithinASecond(t *testing.T) {
	data, err := os.ReadFile(shareddata.Path(t, "cocoa/dealornodeal-val.json"))
	if err != nil {
		t.Fatal(err)
	}
	var dialogues []map[string]any
	if err := json.Unmarshal(data, &dialogues); err != nil {
		t.Fatal(err)
	}
	var many []map[string]any
	for i := range 30 {
		for _, d := range dialogues {
			c := map[string]any{}
			for k, v := range d {
				c[k] = v
			}
			sc := map[string]any{}
			for k, v := range d["scenario"].(map[string]any) {
				sc[k] = v
			}
			c["uuid"] = fmt.Sprintf("%v-%d", d["uuid"], i)
			sc["uuid"] = fmt.Sprintf("%v-%d", sc["uuid"], i)
			c["scenario"], c["scenario_uuid"] = sc, sc["uuid"]
			many = append(many, c)
		}
	}
	big := filepath.Join(t.TempDir(), "dealornodeal-many.json")
	body, _ := json.Marshal(many)
	if err := os.WriteFile(big, body, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		command, suffix, made string
		enough                int
	}{{"scenarios", ".yaml", "scenario files", 200}, {"episodes", ".jsonl", "recordings", 20}} {
		out := filepath.Join(t.TempDir(), "out")
		r := interrupted(t, 1, func(int) bool { return filesIn(out, c.suffix) >= c.enough }, c.command, "import", "cocoa", big, "--out", out)
		written := filesIn(out, c.suffix)
		t.Logf("%s import: stopped %v after ctrl-c, exit %d, %d %s written", c.command, r.wall, r.code, written, c.made)
		if r.code == 0 || r.wall > stopWithin {
			t.Fatalf("%s import: exit %d %v after ctrl-c, want non-zero within %v\n%s", c.command, r.code, r.wall, stopWithin, r.stderr)
		}
		// The line it leaves says what is on disk.
		if want := fmt.Sprintf("interrupted: %d %s written to %s", written, c.made, out); !strings.Contains(r.stdout, want) {
			t.Errorf("want %q in:\n%.300s", want, r.stdout[max(0, len(r.stdout)-300):])
		}
		entries, _ := os.ReadDir(out)
		for _, e := range entries {
			path := filepath.Join(out, e.Name())
			switch {
			case strings.HasSuffix(e.Name(), c.suffix) && c.suffix == ".yaml":
				if _, err := scenario.LoadFile(path); err != nil {
					t.Fatalf("a torn scenario file was left: %v", err)
				}
			case strings.HasSuffix(e.Name(), c.suffix):
				if _, err := record.Read(path); err != nil {
					t.Fatalf("an invalid recording was left: %v", err)
				}
			default:
				t.Errorf("%s import left %s in the output folder", c.command, e.Name())
			}
		}
	}
}

// TestSIGTERMStopsALargeSotopiaImportWithinASecond: an import of 40,000
// Sotopia combos (the export's 450 ninety times over) writes its files as
// it goes and stops within a second of the first SIGTERM, leaving only
// whole files and a line saying how many, which is how many there are.
func TestSIGTERMStopsALargeSotopiaImportWithinASecond(t *testing.T) {
	sotopiaExport := sotopiaData(t)
	src := t.TempDir()
	for _, name := range []string{sotopia.EnvironmentsFile, sotopia.AgentsFile, sotopia.RelationshipsFile} {
		data, err := os.ReadFile(filepath.Join(sotopiaExport, name))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(src, name), data, 0o644)
	}
	data, err := os.ReadFile(filepath.Join(sotopiaExport, sotopia.CombosFile))
	if err != nil {
		t.Fatal(err)
	}
	combos := strings.Split(strings.TrimSpace(string(data)), "\n")
	var many strings.Builder
	for i := range 40_000 {
		many.WriteString(combos[i%len(combos)] + "\n")
	}
	os.WriteFile(filepath.Join(src, sotopia.CombosFile), []byte(many.String()), 0o644)
	out := filepath.Join(t.TempDir(), "out")
	r := interruptedBy(t, syscall.SIGTERM, 1, func(int) bool { return filesIn(out, ".yaml") >= 200 }, "scenarios", "import", "sotopia", src, "--out", out)
	written := filesIn(out, ".yaml")
	t.Logf("import: stopped %v after SIGTERM, exit %d, %d scenario files written", r.wall, r.code, written)
	if r.code == 0 || r.wall > stopWithin {
		t.Fatalf("import: exit %d %v after SIGTERM, want non-zero within %v\n%s", r.code, r.wall, stopWithin, r.stderr)
	}
	if want := fmt.Sprintf("interrupted: %d scenario files written to %s", written, out); !strings.Contains(r.stdout, want) {
		t.Errorf("the import does not say how many files it left (%d):\n%.300s", written, r.stdout[max(0, len(r.stdout)-300):])
	}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".yaml") {
			t.Errorf("%s was left in the output folder", e.Name())
			continue
		}
		if _, err := scenario.LoadFile(filepath.Join(out, e.Name())); err != nil {
			t.Fatalf("a torn scenario file was left: %v", err)
		}
	}
}

// TestEpisodesSIGTERMLeavesWholeRecordings: an import of many episodes
// stopped by SIGTERM ends before the next episode, exits non-zero and
// leaves only whole recordings, no temporary file.
func TestEpisodesSIGTERMLeavesWholeRecordings(t *testing.T) {
	line, err := os.ReadFile(shareddata.Path(t, "sotopia-episodes/sotopia-rl/example_episodes.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i := range 100 {
		// One pk each, so each episode is a recording of its own.
		b.WriteString(strings.Replace(string(line), `"episode_id": "`, fmt.Sprintf(`"episode_id": "%d-`, i), -1))
	}
	in := filepath.Join(t.TempDir(), "many.jsonl")
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	r := interruptedBy(t, syscall.SIGTERM, 1, func(int) bool { return filesIn(out, ".jsonl") >= 5 }, "episodes", "import", "sotopia", in, "--out", out)
	if r.code == 0 || !strings.Contains(r.stdout, "interrupted: ") {
		t.Errorf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".jsonl") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
	if n := checkRecordingsValid(t, out); n >= 100*30 || n < 5 {
		t.Errorf("%d recordings", n)
	}
}

// TestImportAfterSIGKILLRemovesTheStagingFolderLeft: an import of
// episodes killed with SIGKILL cannot remove its staging folder; the
// next import into the same folder removes it, says so, and leaves only
// whole recordings. A staging folder holding a file of the user's is
// kept, and said.
func TestImportAfterSIGKILLRemovesTheStagingFolderLeft(t *testing.T) {
	var b strings.Builder
	b.WriteString("[")
	for i := range 1000 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(dondDialogue(fmt.Sprintf("k%d", i), "Could I have the hat?"))
	}
	b.WriteString("]")
	in := filepath.Join(t.TempDir(), "dialogues.json")
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	r := interruptedBy(t, syscall.SIGKILL, 1, func(int) bool { return filesIn(out, ".jsonl") >= 20 }, "episodes", "import", "cocoa", in, "--out", out)
	left, _ := filepath.Glob(filepath.Join(out, ".importing-*"))
	t.Logf("killed after %d recordings (exit %d); left %v", filesIn(out, ".jsonl"), r.code, left)
	if len(left) != 1 {
		t.Fatalf("the killed import left %v, want its staging folder", left)
	}
	users := filepath.Join(out, ".importing-7")
	if err := os.Mkdir(users, 0o755); err != nil {
		t.Fatal(err)
	}
	mustWrite(t, filepath.Join(users, "notes.txt"), "mine\n")
	again := runApp(t, "episodes", "import", "cocoa", in, "--out", out)
	if again.code != 0 || !strings.Contains(again.stdout, "note: removed "+left[0]+", left by an import that was killed before it ended") ||
		!strings.Contains(again.stdout, "note: kept "+users+", a staging folder an import left: it holds notes.txt") {
		t.Fatalf("the next import: exit %d\n%.1500s\n%s", again.code, again.stdout, again.stderr)
	}
	// What the killed import moved in is kept; the rest is written now.
	m := regexp.MustCompile(`(\d+) recordings written to .*, 0 skipped, (\d+) episodes found again`).FindStringSubmatch(again.stdout)
	if n := func(i int) int { n, _ := strconv.Atoi(m[i]); return n }; m == nil || n(1)+n(2) != 1000 {
		t.Errorf("the next import's count: %q", m)
	}
	if _, err := os.Stat(left[0]); err == nil {
		t.Errorf("%s is still there", left[0])
	}
	if data, err := os.ReadFile(filepath.Join(users, "notes.txt")); err != nil || string(data) != "mine\n" {
		t.Errorf("the user's file: %q, %v", data, err)
	}
	if n := checkRecordingsValid(t, out); n != 1000 {
		t.Errorf("%d recordings, want one per dialogue", n)
	}
}
