//go:build linux || darwin

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A hostile config file must be refused within these, with a margin for a
// loaded machine; the test logs what each took (the aim is 1 s and 200 MB).
const (
	hostileConfigWall = 5 * time.Second
	hostileConfigRSS  = 300 << 20
)

// hostileConfigs writes the hostile config files and returns, per path,
// what must follow the path in the error: a line, a column and the key,
// or the kind of file that is not one.
func hostileConfigs(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	write := func(name, content, want string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		files[path] = want
		return path
	}
	// Nine levels of nine aliases each, 0.5 kB: 9^9 nodes once expanded.
	var bomb strings.Builder
	bomb.WriteString("model: m\nextra_base_urls:\n")
	bomb.WriteString(`  - &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]` + "\n")
	for i := 1; i < 9; i++ {
		fmt.Fprintf(&bomb, "  - &a%d [*a%d,*a%d,*a%d,*a%d,*a%d,*a%d,*a%d,*a%d,*a%d]\n", i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	write("alias-bomb.yaml", bomb.String(), `:\d+:\d+: extra_base_urls\S*: aliases expand to more than`)
	write("deep.yaml", "model: "+strings.Repeat("[", 100_000)+strings.Repeat("]", 100_000)+"\n", `:1:\d+: model: file is larger than`)
	write("deep-within-the-cap.yaml", "model: "+strings.Repeat("[", 30_000)+strings.Repeat("]", 30_000)+"\n", `:1:\d+: model: nested more than 64 levels deep`)
	// 100 MB, made sparse so the test costs no disk.
	big := write("hundred-megabytes.yaml", "model: m\nwriter_model: ", `:2:\d+: writer_model: file is larger than`)
	if err := os.Truncate(big, 100<<20); err != nil {
		t.Fatal(err)
	}
	write("nan.yaml", "model: m\ntemperature: .nan\n", `:2:14: temperature: NaN: want 0 to 2`)
	write("inf.yaml", "model: m\ntemperature: .inf\n", `:2:14: temperature: \+Inf: want 0 to 2`)
	write("negative-timeout.yaml", "model: m\ntimeout: -5s\n", `:2:10: timeout: -5s: want a positive duration`)
	write("negative-rpm.yaml", "model: m\nrpm: -1\n", `:2:6: rpm: -1: must not be negative`)
	write("null-model.yaml", "model: null\n", `:1:8: model: null: leave the key out`)
	write("second-document.yaml", "model: m\n---\nmodle: x\n", `:3:1: modle: unknown key`)
	dangling := filepath.Join(dir, "dangling.yaml")
	if err := os.Symlink(filepath.Join(dir, "gone.yaml"), dangling); err != nil {
		t.Fatal(err)
	}
	files[dangling] = `: a link to \S+gone.yaml, which does not exist`
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	files[fifo] = `: a named pipe, not a regular file`
	files["/dev/zero"] = `: a device, not a regular file`
	files["/dev/urandom"] = `: a device, not a regular file`
	return files
}

// TestHostileConfigFiles: run answers each hostile --config within the
// time and memory above with one error naming the file and the line and
// key (or the kind of file), and plays nothing. Before, a FIFO blocked
// for ever, the devices took minutes, the alias bomb, the deep nesting and
// 100 MB took seconds and gigabytes, and NaN, a negative limit, null and a
// second document's keys passed silently on the built-in engine.
func TestHostileConfigFiles(t *testing.T) {
	dir := t.TempDir()
	var worstWall time.Duration
	var worstRSS int64
	for path, want := range hostileConfigs(t, dir) {
		name := filepath.Base(path)
		out := filepath.Join(dir, "out-"+name)
		r := runAppWithin(t, 20*time.Second, "run", "--config", path, "--scenario", "craigslist/road-bike", "--episodes", "1", "--modes", "agents", "--out", out)
		t.Logf("%s: exit %d, %v wall, %.0f ms CPU, %d MB", name, r.code, r.wall.Round(time.Millisecond), r.cpu.Seconds()*1000, r.maxRSS>>20)
		worstWall, worstRSS = max(worstWall, r.wall), max(worstRSS, r.maxRSS)
		checkNoEscape(t, name, r)
		if r.wall > hostileConfigWall || r.maxRSS > hostileConfigRSS {
			t.Errorf("%s: %v wall, %d MB", name, r.wall, r.maxRSS>>20)
		}
		re := regexp.MustCompile(`^omnigap: ` + regexp.QuoteMeta(path) + want)
		if r.code != 1 || !re.MatchString(r.stderr) {
			t.Errorf("%s: exit %d, want an error matching %s:\n%.300s", name, r.code, want, r.stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: the run played although its config was refused", name)
		}
	}
	t.Logf("slowest %v, largest %d MB", worstWall.Round(time.Millisecond), worstRSS>>20)
}

// runAppWithin runs the app to its end, killing it after limit.
func runAppWithin(t *testing.T, limit time.Duration, args ...string) appRun {
	t.Helper()
	cmd, stdout, stderr := appCommand(t, args...)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	kill := time.AfterFunc(limit, func() { cmd.Process.Kill() })
	err := cmd.Wait()
	kill.Stop()
	return finished(t, cmd, err, time.Since(start), stdout, stderr)
}
