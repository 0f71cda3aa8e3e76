package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// shipped returns the absolute paths of the shipped recordings matching
// pattern (under recordings/), want of them.
func shipped(t *testing.T, pattern string, want int) []string {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join("../../recordings", pattern))
	if len(paths) != want {
		t.Fatalf("shipped recordings %s: %v, want %d", pattern, paths, want)
	}
	for i, p := range paths {
		paths[i], _ = filepath.Abs(p)
	}
	return paths
}

// atSeq is an event's sequence number and recorded time.
var atSeq = regexp.MustCompile(`"seq":(\d+),"at":\d+`)

// timed copies the recordings into a folder of their own with their
// events gap apart, as if someone had watched them being made.
func timed(t *testing.T, paths []string, gap time.Duration) []string {
	t.Helper()
	dir := t.TempDir()
	var out []string
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		data = atSeq.ReplaceAllFunc(data, func(m []byte) []byte {
			seq, _ := strconv.Atoi(string(atSeq.FindSubmatch(m)[1]))
			return fmt.Appendf(nil, `"seq":%d,"at":%d`, seq, int64(seq)*int64(gap))
		})
		path := filepath.Join(dir, filepath.Base(p))
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, path)
	}
	return out
}

// A replay at a speed other than 1x plays to its end at the recorded
// timing: road-bike recordings whose events are 37 ms apart at --speed 8
// and at --speed 2 (recorded gaps that did not divide by the speed once
// froze them).
func TestReplayAtSpeedsPlaysToTheEnd(t *testing.T) {
	t.Parallel()
	paths := timed(t, shipped(t, "craigslist_road-bike-*.jsonl", 3), 37*time.Millisecond)
	for _, speed := range []string{"8", "2"} {
		tm, dir := launch(t, "replay-speed-"+speed, append([]string{"replay", "--speed", speed}, paths...)...)
		s := tm.waitFor("every replay ended at "+speed+"x", 30*time.Second, func(s string) bool {
			_, states := panes(s)
			return len(states) == 3 && all(states, "ended")
		})
		if !strings.Contains(s, speed+"x recorded timing") {
			t.Errorf("the title does not say the speed:\n%s", s)
		}
		tm.quit(dir)
	}
}

// The shipped recordings were written headless, their timing near zero:
// they play word by word at watch's pace, which the title says and
// --speed scales. At --speed 1 the AGENTS pane has not reached its last
// turn 8 s after the first screen; at --speed 4, started after it, it
// has ended while the one at --speed 1 still plays. Only lower bounds on
// time: a slow machine only makes the replays slower.
func TestUntimedReplayIsPacedAndSpeedScalesIt(t *testing.T) {
	t.Parallel()
	paths := shipped(t, "craigslist_road-bike-*.jsonl", 3)
	const agents, lastTurn = 1, 19 // the AGENTS pane and its recording's turns
	first := func(tm term, title string) {
		t.Helper()
		s := tm.waitFor("the first screen", 10*time.Second, func(s string) bool {
			turns, _ := panes(s)
			return len(turns) == 3
		})
		if top, _, _ := strings.Cut(s, "\n"); !strings.Contains(top, title) {
			t.Errorf("the title does not say %q:\n%s", title, s)
		}
	}
	slow, slowDir := launch(t, "replay-untimed-1", append([]string{"replay", "--speed", "1"}, paths...)...)
	first(slow, "untimed recording: paced at 60 ms/word")
	slowStart := time.Now()
	fast, fastDir := launch(t, "replay-untimed-4", append([]string{"replay", "--speed", "4"}, paths...)...)
	first(fast, "untimed recording: paced at 15 ms/word")
	fast.waitFor("the AGENTS replay at 4x ended", 60*time.Second, func(s string) bool {
		turns, states := panes(s)
		return len(states) == 3 && len(turns) == 3 && turns[agents] == lastTurn && states[agents] == "ended"
	})
	if turns, _ := panes(slow.capture()); len(turns) != 3 || turns[agents] >= lastTurn {
		t.Errorf("at 1x, started first, the AGENTS pane is at turn %v when the 4x replay has ended", turns)
	}
	fast.quit(fastDir)
	time.Sleep(time.Until(slowStart.Add(8 * time.Second)))
	s := slow.capture()
	if turns, _ := panes(s); len(turns) != 3 || turns[agents] >= lastTurn {
		t.Errorf("at 1x the AGENTS pane reached turn %v within 8 s:\n%s", turns, s)
	}
	slow.quit(slowDir)
}

// Recordings of two scenarios play one scenario after another: the road
// bike first, the footer naming n once its runs have ended, then the
// alumni mixer.
func TestReplayOfSeveralScenariosPlaysEach(t *testing.T) {
	t.Parallel()
	tm, dir := launch(t, "replay-several", append([]string{"replay", "--speed", "8"}, shipped(t, "*.jsonl", 6)...)...)
	for i, title := range []string{"A steel road bike changes hands", "Who do we both know?"} {
		s := tm.waitFor(title+" ended", 30*time.Second, func(s string) bool {
			_, states := panes(s)
			top, _, _ := strings.Cut(s, "\n")
			return strings.Contains(top, title) && len(states) == 3 && all(states, "ended")
		})
		if want := fmt.Sprintf("scenario %d of 2", i+1); !strings.Contains(s, want) {
			t.Errorf("the title lacks %q:\n%s", want, s)
		}
		tm.waitFor("the footer naming n", patient, func(s string) bool {
			return strings.Contains(s, "every run has ended · n: the")
		})
		tm.keys("n")
	}
	tm.waitFor("the first scenario again", 10*time.Second, func(s string) bool {
		return strings.Contains(s, "scenario 1 of 2") && strings.Contains(s, "A steel road bike changes hands")
	})
	tm.quit(dir)
}

// From a folder that is not the repository, whose recordings/ holds a
// recording of the user's own, demo plays the comparisons built into the
// binary.
func TestDemoFromAnotherFolderPlaysTheShipped(t *testing.T) {
	t.Parallel()
	cwd := t.TempDir()
	mine := shipped(t, "mutualfriends_alumni-mixer-agents-s1.jsonl", 1)[0]
	data, err := os.ReadFile(mine)
	if err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(cwd, "recordings"), 0o755)
	if err := os.WriteFile(filepath.Join(cwd, "recordings", "mine.jsonl"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	tm, dir := launchIn(t, "demo-elsewhere", cwd, 160, 45, nil, "demo", "--pace", "5ms")
	s := tm.waitFor("the first comparison", 10*time.Second, func(s string) bool {
		return strings.Contains(s, "comparison 1 of")
	})
	for _, want := range []string{"comparison 1 of 2", "A steel road bike changes hands", "▶SCRIPT ", " AGENTS ", " MINDREADERS "} {
		if !strings.Contains(s, want) {
			t.Errorf("the demo lacks %q:\n%s", want, s)
		}
	}
	tm.quit(dir)
}
