package e2e

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
)

// turnsOf returns a recording's completed turns in order.
func turnsOf(t *testing.T, path string) []event.Action {
	t.Helper()
	rec, err := record.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []event.Action
	for _, ev := range rec.Events {
		if ev.Kind == event.TurnCompleted {
			out = append(out, *ev.Action)
		}
	}
	return out
}

var (
	callout  = regexp.MustCompile(`turn (\d+) · (leak|disclosure|mind-read|first mention) "([^"]+)"`)
	selected = regexp.MustCompile(`▶ (\d+) `)
)

// Replay two recordings side by side at 80x24, jump to turn 4, move to the
// next annotation, fork there onto the built-in engine: the fork's
// recording repeats the parent's turns up to the fork and names it.
func TestReplayJumpAndForkInTmux(t *testing.T) {
	t.Parallel()
	parent, _ := filepath.Abs("../../recordings/mutualfriends_alumni-mixer-agents-s1.jsonl")
	script, _ := filepath.Abs("../../recordings/mutualfriends_alumni-mixer-script-s1.jsonl")
	tm, dir := launchSized(t, "fork", 80, 24, nil, "replay", "--pace", "0", script, parent)
	tm.waitFor("both replays ended", 15*time.Second, func(s string) bool {
		_, states := panes(s)
		return len(states) == 2 && all(states, "ended")
	})

	// Focus AGENTS, go to turn 4: it is marked and on top of its pane.
	tm.keys("Tab", "g", "4", "Enter")
	tm.waitFor("turn 4 selected", patient, func(s string) bool {
		m := selected.FindStringSubmatch(s)
		return m != nil && m[1] == "4"
	})

	// } moves to the next annotation: the callout names the turn, the kind
	// and the words, the turn is marked, and the words are drawn styled
	// and opened by their kind's marker.
	tm.keys("}")
	s := tm.waitFor("an annotation callout", patient, func(s string) bool { return callout.MatchString(s) })
	c := callout.FindStringSubmatch(s)
	turn, _ := strconv.Atoi(c[1])
	if turn < 4 {
		t.Fatalf("} from turn 4 went back to turn %d", turn)
	}
	if m := selected.FindStringSubmatch(s); m == nil || m[1] != c[1] {
		t.Fatalf("callout for turn %s but the marked turn is %v:\n%s", c[1], m, s)
	}
	styled := tm.tmux("capture-pane", "-p", "-e", "-t", "e2e")
	first := strings.Fields(c[3])[0]
	if !regexp.MustCompile(`\x1b\[[0-9;:]*m[!~?+*#]` + regexp.QuoteMeta(first)).MatchString(styled) {
		t.Errorf("the annotated words %q are not drawn highlighted:\n%q", c[3], styled)
	}

	// f forks after the marked turn; b picks the built-in engine.
	tm.keys("f")
	tm.waitFor("the fork chooser", patient, func(s string) bool {
		return strings.Contains(s, "fork after turn "+c[1]) && strings.Contains(s, "built-in engine")
	})
	tm.keys("b")
	tm.waitFor("the fork pane", 10*time.Second, func(s string) bool {
		return strings.Contains(s, "fork@"+c[1]) && regexp.MustCompile(`fork@\d+ ended`).MatchString(s)
	})
	tm.quit(dir)

	forks, _ := filepath.Glob(filepath.Join(dir, "rec", "*-fork-t"+c[1]+".jsonl"))
	if len(forks) != 1 {
		t.Fatalf("want one fork recording, found %v", forks)
	}
	rec, err := record.Read(forks[0])
	if err != nil {
		t.Fatal(err)
	}
	if p := rec.Header.Parent; p == nil || p.Recording != parent || p.Run != "mutualfriends_alumni-mixer-agents-s1" || p.Turn != turn {
		t.Errorf("fork header parent = %+v, want %s turn %d", p, parent, turn)
	}
	got, want := turnsOf(t, forks[0]), turnsOf(t, parent)
	if len(got) < turn {
		t.Fatalf("the fork has %d turns, fewer than the %d it took over", len(got), turn)
	}
	for i := range turn {
		if got[i].Text != want[i].Text || got[i].Type != want[i].Type {
			t.Errorf("turn %d: fork %+v, parent %+v", i+1, got[i], want[i])
		}
	}
}
