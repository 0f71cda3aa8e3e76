//go:build linux || darwin

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets tests run the app as a separate process: the test binary
// re-executed with OMNIGAP_TEST_AS_APP=1 is the omnigap binary, so signals,
// exit codes, memory and what reaches stdout and stderr are the real ones.
func TestMain(m *testing.M) {
	if os.Getenv("OMNIGAP_TEST_AS_APP") == "1" {
		os.Args = append([]string{"omnigap"}, os.Args[1:]...)
		// A cap on the size of the files the app writes, as a full disk
		// or a quota would set one.
		if v := os.Getenv("OMNIGAP_TEST_MAX_FILE_BYTES"); v != "" {
			n, _ := strconv.ParseUint(v, 10, 64)
			if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n}); err != nil {
				panic(err)
			}
		}
		code := runMain()
		if path := os.Getenv("OMNIGAP_TEST_PEAK_FILE"); path != "" {
			os.WriteFile(path, []byte(strconv.FormatInt(peakRSS(), 10)), 0o644)
		}
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// appRun is one finished process of the app.
type appRun struct {
	stdout, stderr string
	code           int
	cpu            time.Duration // user + system
	maxRSS         int64         // bytes; -1 where the system cannot say
	wall           time.Duration
}

// appCommand prepares the app as a process, on the built-in engine with
// the user's settings kept out.
func appCommand(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "OMNIGAP_TEST_AS_APP=1", "OMNIGAP_TEST_PEAK_FILE="+filepath.Join(t.TempDir(), "peak"), "OPENAI_API_KEY=", "OPENAI_BASE_URL=", "XDG_CONFIG_HOME="+t.TempDir())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	return cmd, &stdout, &stderr
}

// runApp runs the app to its end.
func runApp(t *testing.T, args ...string) appRun {
	t.Helper()
	cmd, stdout, stderr := appCommand(t, args...)
	start := time.Now()
	err := cmd.Run()
	return finished(t, cmd, err, time.Since(start), stdout, stderr)
}

func finished(t *testing.T, cmd *exec.Cmd, err error, wall time.Duration, stdout, stderr *bytes.Buffer) appRun {
	t.Helper()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	r := appRun{
		stdout: stdout.String(), stderr: stderr.String(), code: cmd.ProcessState.ExitCode(), wall: wall,
		cpu: time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), maxRSS: -1,
	}
	// The kernel's rusage peak carries the test process's own over exec,
	// so the app reports its peak itself.
	for _, kv := range cmd.Env {
		if path, ok := strings.CutPrefix(kv, "OMNIGAP_TEST_PEAK_FILE="); ok {
			if data, err := os.ReadFile(path); err == nil {
				r.maxRSS, _ = strconv.ParseInt(string(data), 10, 64)
			}
		}
	}
	return r
}

// filesIn counts the files in dir with the suffix.
func filesIn(dir, suffix string) int {
	entries, _ := os.ReadDir(dir)
	n := 0
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), suffix) {
			n++
		}
	}
	return n
}
