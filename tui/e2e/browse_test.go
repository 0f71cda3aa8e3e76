package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// sotopiaPair is the real Sotopia episode the browse tests import twice,
// as SCRIPT and as AGENTS, by its pk.
const (
	sotopiaEpisode = "sotopia-episodes/sotopia-pi-human-eval/GPT3.5-GPT3.5/01H8ZFJYJ8JJ9K34WWM7R8RVEN.json"
	sotopiaPK      = "01H8ZFJYJ8JJ9K34WWM7R8RVEN"
)

// browseFolder makes, in a folder of its own, what the browse tests
// list: six built-in Craigslist episodes in the three modes (study), two
// MutualFriends ones in AGENTS alone (lone), the people's dialogue of a
// cocoa transcript file (people.json) and a file in study that is no
// recording; with imports set, also a real Sotopia episode imported as
// SCRIPT (imported-script) and as AGENTS (imported-agents). It returns
// the folder and the paths to list, relative to it.
func browseFolder(t *testing.T, imports bool) (string, []string) {
	t.Helper()
	cwd := t.TempDir()
	bin, err := binary()
	if err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = cwd
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("omnigap %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	run("run", "--scenario", "craigslist/gen-*", "--episodes", "6", "--out", "study")
	run("run", "--scenario", "mutualfriends/gen-*", "--modes", "agents", "--episodes", "2", "--out", "lone")
	people, err := os.ReadFile("../../engine/interop/cocoa/testdata/two-in-a-row.json")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(cwd, "people.json"), people, 0o644)
	os.WriteFile(filepath.Join(cwd, "study", "broken.jsonl"), []byte("{not a recording\n"), 0o644)
	paths := []string{"study", "lone", "people.json"}
	if imports {
		episode := shareddata.Path(t, sotopiaEpisode)
		for _, mode := range []string{"script", "agents"} {
			run("episodes", "import", "sotopia", episode, "--mode", mode, "--out", "imported-"+mode)
			paths = append(paths, "imported-"+mode)
		}
	}
	return cwd, paths
}

// The list's first screen at 80x24, 120x40 and 200x50, as the golden
// files keep it: ten episodes sorted by the gap, the twins' figures, the
// AGENTS-only and people's episodes without a gap, and the unreadable
// recording's row saying why (go test ./tui/e2e -run TestBrowseList
// -update writes them again).
func TestBrowseListInTmux(t *testing.T) {
	t.Parallel()
	cwd, paths := browseFolder(t, false)
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			tm, dir := launchIn(t, fmt.Sprintf("browse-%d", size[0]), cwd, size[0], size[1], nil, append([]string{"browse"}, paths...)...)
			// The footer is drawn last: wait for it, not a frame half drawn.
			s := tm.waitFor("the list", patient, func(s string) bool {
				return strings.Contains(s, "omnigap browse · 10 episodes, 22 recordings") && strings.Contains(s, "q quit")
			})
			if !strings.Contains(s, "unreadable: study/broken.jsonl:1: not a JSON header") {
				t.Errorf("no row says why study/broken.jsonl cannot be read:\n%s", s)
			}
			golden.RequireEqual(t, s)
			tm.quit(dir)
		})
	}
}

// gaps are the gap column's figures of the list's rows, top down, and
// how many rows have none.
func gaps(screen string) (figures []float64, blanks int) {
	for _, line := range strings.Split(screen, "\n") {
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if strings.TrimSpace(m[1]) == "" {
			blanks++
			continue
		}
		v, _ := strconv.ParseFloat(strings.TrimSpace(m[1]), 64)
		figures = append(figures, v)
	}
	return figures, blanks
}

// row is a line of the list: its gap (or none), then a scenario.
var row = regexp.MustCompile(`^( *[+-]\d+\.\d| {6}) \S`)

// Sort, filter and search on a folder of built-in twins, AGENTS-only
// episodes, people's dialogue, an unreadable file and a real Sotopia
// episode imported as SCRIPT and as AGENTS: r reverses the gap's order
// (the blanks stay last), a filter keeps what it names and esc clears
// it, and a phrase of one turn of the imported episode is found in its
// two runs; enter shows that turn with both modes side by side, q goes
// back to the hits, esc to the list, q quits.
func TestBrowseSortFilterSearchInTmux(t *testing.T) {
	t.Parallel()
	cwd, paths := browseFolder(t, true)
	tm, dir := launchIn(t, "browse-search", cwd, 160, 45, nil, append([]string{"browse"}, paths...)...)
	s := tm.waitFor("the list", patient, func(s string) bool { return strings.Contains(s, "omnigap browse · 11 episodes, 24 recordings") })
	down, blanks := gaps(s)
	// The Sotopia episode's evaluation gives no goal measure: no gap.
	if len(down) != 6 || blanks != 5 {
		t.Fatalf("%d gaps and %d blanks on screen, want 6 and 5:\n%s", len(down), blanks, s)
	}
	for i := 1; i < len(down); i++ {
		if down[i] > down[i-1] {
			t.Errorf("gap %v after %v: not the biggest first:\n%s", down[i], down[i-1], s)
		}
	}
	tm.keys("r")
	s = tm.waitFor("the smallest gap first", patient, func(s string) bool { return strings.Contains(s, "sorted by gap ↑") })
	if up, b := gaps(s); len(up) != 6 || b != 5 || up[0] != down[len(down)-1] {
		t.Errorf("reversed: gaps %v and %d blanks, want %v reversed, the blanks last:\n%s", up, b, down, s)
	}

	tm.keys("f")
	tm.typeText("mode:humans")
	tm.keys("Enter")
	s = tm.waitFor("the people's episode alone", patient, func(s string) bool { return strings.Contains(s, `filter "mode:humans": 1 shown`) })
	if !strings.Contains(s, "C_twice") || strings.Contains(s, "craigslist_gen-") {
		t.Errorf("mode:humans lists:\n%s", s)
	}
	tm.keys("Escape")
	tm.waitFor("the filter cleared", patient, func(s string) bool { return strings.Contains(s, "every episode listed") })
	tm.keys("f")
	tm.typeText(" -family:craigslist -mode:humans") // a leading space: tmux would read -f as its own flag
	tm.keys("Enter")
	// The unreadable file has no family: it is not a Craigslist one.
	s = tm.waitFor("the other families", patient, func(s string) bool { return strings.Contains(s, ": 4 shown") })
	if !strings.Contains(s, sotopiaPK[:14]) || !strings.Contains(s, "mutualfriends_gen-1") || !strings.Contains(s, "broken.jsonl") || strings.Contains(s, "craigslist_gen-") {
		t.Errorf("-family:craigslist -mode:humans lists:\n%s", s)
	}
	// A key right after esc would read as alt and that key: wait for esc.
	tm.keys("Escape")
	tm.waitFor("the filter cleared", patient, func(s string) bool { return strings.Contains(s, "every episode listed") })

	phrase, turn := turnPhrase(t, filepath.Join(cwd, "imported-script"))
	tm.keys("/")
	tm.typeText(phrase)
	tm.keys("Enter")
	s = tm.waitFor("the hits", patient, func(s string) bool {
		return strings.Contains(s, fmt.Sprintf("%q: 2 turns in 11 episodes listed", phrase))
	})
	for _, mode := range []string{"SCRIPT", "AGENTS"} {
		if !regexp.MustCompile(mode + ` +t` + strconv.Itoa(turn) + ` +` + sotopiaPK + ` · `).MatchString(s) {
			t.Errorf("no %s hit at turn %d of %s:\n%s", mode, turn, sotopiaPK, s)
		}
	}
	tm.keys("Enter")
	s = tm.waitFor("the hit's turn", patient, func(s string) bool {
		return strings.Contains(s, fmt.Sprintf("turn %d of SCRIPT", turn)) && strings.Contains(s, " AGENTS ")
	})
	if !strings.Contains(s, fmt.Sprintf("▶ %d ", turn)) {
		t.Errorf("turn %d is not selected:\n%s", turn, s)
	}
	tm.keys("q")
	tm.waitFor("the hits again", patient, func(s string) bool { return strings.Contains(s, fmt.Sprintf("%q: 2 turns", phrase)) })
	tm.keys("Escape")
	tm.waitFor("the list again", patient, func(s string) bool { return strings.Contains(s, "sorted by gap ↑") })
	tm.quit(dir)
}

// turnPhrase is five words from the middle of a turn of the recording in
// dir, and the turn's number.
func turnPhrase(t *testing.T, dir string) (string, int) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("recordings in %s: %v", dir, files)
	}
	rec, err := record.ReadTurns(context.Background(), files[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range rec.Events {
		if words := strings.Fields(ev.Action.Text); ev.Kind == event.TurnCompleted && ev.Turn >= 3 && len(words) >= 12 && regexp.MustCompile(`^[A-Za-z ]+$`).MatchString(strings.Join(words[3:8], " ")) {
			return strings.Join(words[3:8], " "), ev.Turn
		}
	}
	t.Fatalf("no turn of %s has twelve words", files[0])
	return "", 0
}

// replay --episode PK --turn N opens the imported episode's two runs side
// by side at turn N, named by the Sotopia pk (here its start).
func TestReplayEpisodeAtATurnInTmux(t *testing.T) {
	t.Parallel()
	cwd, paths := browseFolder(t, true)
	tm, dir := launchIn(t, "replay-episode", cwd, 160, 45, nil, append([]string{"replay"}, append(paths[3:], "--episode", strings.ToLower(sotopiaPK[:12]), "--turn", "9")...)...)
	s := tm.waitFor("turn 9", patient, func(s string) bool { return strings.Contains(s, "turn 9 of SCRIPT") })
	if !strings.Contains(s, "▶SCRIPT ") || !strings.Contains(s, " AGENTS ") || !strings.Contains(s, "▶ 9 ") {
		t.Errorf("not both runs at turn 9:\n%s", s)
	}
	tm.quit(dir)
}
