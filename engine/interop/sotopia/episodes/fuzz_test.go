package episodes

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/internal/shareddata"
)

// FuzzDecode feeds one record to the episode reader and, when it reads,
// to the importer and the recorder: whatever the record holds, nothing
// panics, every turn belongs to one of the two agents, no text keeps a
// raw control character, and the recording it makes reads back with as
// many turns as the episode has.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(smallLog))
	f.Add([]byte(`{"pk":"p","environment":"e","tag":"t","models":["j","a","b"],"rewards_prompt":"Here is the context.\nParticipants: Ann Lee and Bo Ray\nTurn #0\nAnn Lee said: \"Hello.\"\nTurn #1\nBo Ray [action] waves\nTurn #2\nAnn Lee left the conversation"}`))
	// The first record of each shared form, when the data is there; they
	// are not committed to the corpus.
	for _, name := range []string{"sotopia-episodes/sotopia-rl/example_episodes.jsonl", "sotopia-episodes/raw-episodelog/episode_example.json"} {
		if path, ok := shareddata.Lookup(name); ok {
			if data, err := os.ReadFile(path); err == nil {
				first, _, _ := strings.Cut(string(data), "\n")
				f.Add([]byte(first))
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := Decode(data)
		if err != nil {
			return
		}
		for i, turn := range e.Turns {
			if turn.Agent != 0 && turn.Agent != 1 {
				t.Fatalf("turn %d is agent %d's", i+1, turn.Agent)
			}
			if j := strings.IndexFunc(turn.Text, rawControl); j >= 0 {
				t.Fatalf("turn %d keeps a raw control character: %q", i+1, turn.Text)
			}
		}
		im, err := (&Importer{}).Import(e)
		if err != nil {
			return
		}
		path, err := im.Transcript.WriteRecording(context.Background(), t.TempDir(), 1, im.Annotate)
		if err != nil {
			t.Fatalf("an imported episode is not recorded: %v", err)
		}
		rec, err := record.Read(path)
		if err != nil {
			raw, _ := os.ReadFile(filepath.Clean(path))
			t.Fatalf("its recording does not read: %v\n%s", err, raw)
		}
		turns := 0
		for _, ev := range rec.Events {
			if ev.Kind == event.TurnCompleted {
				turns++
			}
		}
		if turns != len(e.Turns) {
			t.Fatalf("%d turns recorded of the episode's %d", turns, len(e.Turns))
		}
	})
}

// rawControl reports a character a cleaned text never keeps.
func rawControl(r rune) bool {
	return r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r < 0xa0 || r == 0x202e
}
