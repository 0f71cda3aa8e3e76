package scenario

import (
	"os"
	"testing"
)

// FuzzParse: whatever the bytes, Parse returns a scenario or an error that
// names the file, and never panics.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"craigslist-road-bike.yaml", "mutualfriends-alumni-mixer.yaml", "sotopia-team-lead.yaml"} {
		if data, err := os.ReadFile("../../scenarios/" + name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("id: x\nseats: [1, 2, 3]\n"))
	f.Add([]byte("family: mutualfriends\nmutualfriends:\n  lists: [[{name: a}], []]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := Parse("f.yaml", data)
		if err == nil {
			if sc == nil || sc.Validate() != nil {
				t.Fatalf("accepted an invalid scenario")
			}
			return
		}
		if msg := err.Error(); len(msg) < len("f.yaml") || msg[:len("f.yaml")] != "f.yaml" {
			t.Fatalf("error does not name the file: %q", msg)
		}
	})
}
