// Package recordings holds the comparisons omnigap demo plays when it is
// named no files: the recordings of this folder, built into the binary so
// that the demo plays them from any folder. They are named one by one, so
// recordings written here later (watch --record recordings) are never
// built in and never stand in for them.
package recordings

import (
	"embed"
	"io/fs"
)

//go:embed craigslist_road-bike-script-s1.jsonl craigslist_road-bike-agents-s1.jsonl craigslist_road-bike-mindreaders-s1.jsonl
//go:embed mutualfriends_alumni-mixer-script-s1.jsonl mutualfriends_alumni-mixer-agents-s1.jsonl mutualfriends_alumni-mixer-mindreaders-s1.jsonl
var shipped embed.FS

// Shipped returns the built-in recordings and their names in it, sorted.
func Shipped() (fs.FS, []string) {
	names, _ := fs.Glob(shipped, "*.jsonl") // fails only on a bad pattern
	return shipped, names
}
