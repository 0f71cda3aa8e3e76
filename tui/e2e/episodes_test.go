package e2e

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/internal/shareddata"
)

// TestImportedPairSideBySide: one real Sotopia-PI episode, imported with
// `episodes import sotopia` once as SCRIPT and once as AGENTS (--mode),
// replays as one episode: a SCRIPT pane beside an AGENTS pane, both
// playing the episode's words to the end.
func TestImportedPairSideBySide(t *testing.T) {
	t.Parallel()
	in := t.TempDir()
	shareddata.TaggedEpisodes(t, in, "study_gpt-3.5")
	bin, err := binary()
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, mode := range []string{"script", "agents"} {
		out := t.TempDir()
		if b, err := exec.Command(bin, "episodes", "import", "sotopia", in, "--mode", mode, "--out", out).CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, b)
		}
		got, _ := filepath.Glob(filepath.Join(out, "*.jsonl"))
		files = append(files, got...)
	}
	if len(files) != 2 {
		t.Fatalf("imported %v", files)
	}
	tm, dir := launch(t, "episodes-pair", append([]string{"replay", "--speed", "8"}, files...)...)
	s := tm.waitFor("SCRIPT beside AGENTS, both ended", 60*time.Second, func(s string) bool {
		_, states := panes(s)
		return strings.Contains(s, "SCRIPT ") && strings.Contains(s, " AGENTS ") && len(states) == 2 && all(states, "ended")
	})
	if strings.Index(s, "SCRIPT ") > strings.Index(s, " AGENTS ") {
		t.Errorf("SCRIPT is not left of AGENTS:\n%s", s)
	}
	turns, _ := panes(s)
	if len(turns) != 2 || turns[0] != turns[1] {
		t.Errorf("the two panes end at turns %v, want the same", turns)
	}
	tm.quit(dir)
}
