package shareddata

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// pairEpisode is one real Sotopia-PI episode (GPT-3.5 with GPT-3.5) that
// the tests import under several tags.
const pairEpisode = "sotopia-episodes/sotopia-pi-human-eval/GPT3.5-GPT3.5/01H8FN411QTBBRRKBVSYFFGKVQ.json"

// TaggedEpisodes writes into dir a copy of one real Sotopia episode per
// tag, each with that tag and pk, as TAG.json: one episode seen as
// several modes (a tag's words name its mode).
func TaggedEpisodes(t testing.TB, dir string, tags ...string) {
	t.Helper()
	data, err := os.ReadFile(Path(t, pairEpisode))
	if err != nil {
		t.Fatal(err)
	}
	var ep map[string]any
	if err := json.Unmarshal(data, &ep); err != nil {
		t.Fatal(err)
	}
	for _, tag := range tags {
		ep["tag"], ep["pk"] = tag, tag
		b, err := json.Marshal(ep)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, tag+".json"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
