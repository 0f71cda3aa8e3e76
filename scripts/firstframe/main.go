// Command firstframe measures how long omnigap takes from launch to its
// first frame in tmux, beside the same measure for `echo`, the floor a
// terminal program cannot beat (docs/PERFORMANCE.md):
//
//	go run ./scripts/firstframe              # builds omnigap, 5 starts of each
//	go run ./scripts/firstframe -n 9 -bin ./omnigap -args 'watch sotopia/team-lead'
//
// Each start is timed from just before `tmux respawn-pane` runs the
// command in a pane of a tmux server of its own (its own socket, 120x40)
// to the moment the pane's output, read through `tmux pipe-pane`, holds
// the command's first frame: the marker text (" AGENTS ", a pane heading,
// for omnigap; the echoed word for echo). Starts of the two alternate, so
// that a busy moment of a shared machine falls on both; the medians and
// the load average before and after are printed.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/omnigap/omnigap/internal/termtest"
)

// echoMarker is what the echo prints and is waited for.
const echoMarker = "firstframe-echo-done"

func main() {
	// The pipe-pane side: firstframe -watch MARKER FILE.
	if len(os.Args) == 4 && os.Args[1] == "-watch" {
		if err := watch(os.Stdin, os.Args[2], os.Args[3]); err != nil {
			fmt.Fprintln(os.Stderr, "firstframe:", err)
			os.Exit(1)
		}
		return
	}
	n := flag.Int("n", 5, "starts of each command")
	bin := flag.String("bin", "", "the omnigap binary (default: built from ./cmd/omnigap into a temporary folder)")
	args := flag.String("args", "", "omnigap's arguments (default: none, the app's default screen)")
	marker := flag.String("marker", " AGENTS ", "text of omnigap's first frame to wait for")
	flag.Parse()
	if err := measure(*n, *bin, *args, *marker); err != nil {
		fmt.Fprintln(os.Stderr, "firstframe:", err)
		os.Exit(1)
	}
}

func measure(n int, bin, args, marker string) error {
	if n < 1 {
		return errors.New("-n must be at least 1")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		return errors.New("tmux is not installed")
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "firstframe-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if bin == "" {
		bin = filepath.Join(dir, "omnigap")
		if out, err := exec.Command("go", "build", "-o", bin, "./cmd/omnigap").CombinedOutput(); err != nil {
			return fmt.Errorf("go build ./cmd/omnigap (run from the repository's root): %v\n%s", err, out)
		}
	}
	if bin, err = filepath.Abs(bin); err != nil {
		return err
	}
	t := tmux{Server: termtest.NewServer("firstframe"), dir: dir, self: self}
	if err := t.start(); err != nil {
		return err
	}
	defer t.Kill()

	before := loadAverage()
	app := strings.TrimSpace(termtest.ShellQuoted(bin) + " " + args)
	var echoTimes, appTimes []time.Duration
	for i := range n {
		d, err := t.firstFrame(i, "echo "+echoMarker, echoMarker)
		if err != nil {
			return fmt.Errorf("echo: %w", err)
		}
		echoTimes = append(echoTimes, d)
		d, err = t.firstFrame(i, app, marker)
		if err != nil {
			return fmt.Errorf("omnigap: %w", err)
		}
		appTimes = append(appTimes, d)
	}
	fmt.Printf("load average before: %s\n", before)
	fmt.Printf("echo     %s  median %s\n", list(echoTimes), ms(median(echoTimes)))
	fmt.Printf("omnigap  %s  median %s\n", list(appTimes), ms(median(appTimes)))
	fmt.Printf("omnigap - echo: %s (medians)\n", ms(median(appTimes)-median(echoTimes)))
	fmt.Printf("load average after: %s\n", loadAverage())
	return nil
}

// tmux is the measuring tmux server (the tests' own kind,
// internal/termtest): one session, one pane, kept after its command
// exits.
type tmux struct {
	termtest.Server
	dir, self string
}

func (t tmux) run(args ...string) error {
	_, err := t.Tmux(args...)
	return err
}

func (t tmux) start() error {
	if err := t.run("-f", "/dev/null", "new-session", "-d", "-s", "ff", "-x", "120", "-y", "40", "sleep 3600"); err != nil {
		return err
	}
	return t.run("set-option", "-g", "remain-on-exit", "on")
}

// firstFrame runs command in the pane and returns the time from launch to
// the first output holding marker.
func (t tmux) firstFrame(i int, command, marker string) (time.Duration, error) {
	// A fresh pane, quiet, with a fresh reader of its output.
	if err := t.run("respawn-pane", "-k", "-t", "ff", "sleep 3600"); err != nil {
		return 0, err
	}
	result := filepath.Join(t.dir, fmt.Sprintf("frame-%d-%d", i, time.Now().UnixNano()))
	if err := t.run("pipe-pane", "-t", "ff"); err != nil {
		return 0, err
	}
	if err := t.run("pipe-pane", "-t", "ff", termtest.ShellQuoted(t.self)+" -watch "+termtest.ShellQuoted(marker)+" "+termtest.ShellQuoted(result)); err != nil {
		return 0, err
	}
	if _, err := waitFile(result+".ready", 5*time.Second); err != nil {
		return 0, fmt.Errorf("the output reader did not start: %w", err)
	}
	start := time.Now()
	if err := t.run("respawn-pane", "-k", "-t", "ff", command); err != nil {
		return 0, err
	}
	data, err := waitFile(result, 10*time.Second)
	if err != nil {
		return 0, fmt.Errorf("no %q on the screen: %w", marker, err)
	}
	at, err := strconv.ParseInt(string(data), 10, 64)
	if err != nil {
		return 0, err
	}
	return time.Unix(0, at).Sub(start), nil
}

// watch reads a pane's output and writes to file the time at which
// marker first appears in it; file+".ready" says it has started.
func watch(in io.Reader, marker, file string) error {
	if err := os.WriteFile(file+".ready", nil, 0o644); err != nil {
		return err
	}
	var seen []byte
	buf := make([]byte, 64<<10)
	for {
		n, err := in.Read(buf)
		seen = append(seen, buf[:n]...)
		if bytes.Contains(seen, []byte(marker)) {
			at := time.Now().UnixNano()
			if err := os.WriteFile(file+".tmp", []byte(strconv.FormatInt(at, 10)), 0o644); err != nil {
				return err
			}
			if err := os.Rename(file+".tmp", file); err != nil {
				return err
			}
			_, err := io.Copy(io.Discard, in)
			return err
		}
		if len(seen) > len(marker) {
			seen = seen[len(seen)-len(marker):]
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

func waitFile(path string, limit time.Duration) ([]byte, error) {
	deadline := time.Now().Add(limit)
	for {
		data, err := os.ReadFile(path)
		if err == nil {
			return data, nil
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("nothing after %s", limit)
		}
		time.Sleep(time.Millisecond)
	}
}

func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Join(strings.Fields(string(data))[:3], " ")
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }

func list(ds []time.Duration) string {
	var parts []string
	for _, d := range ds {
		parts = append(parts, fmt.Sprintf("%.1f", float64(d)/float64(time.Millisecond)))
	}
	return "[" + strings.Join(parts, " ") + "] ms"
}
