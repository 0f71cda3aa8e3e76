package library

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// Nearest returns up to three references a mistyped ref may have meant:
// built-in ids and family/gen-* draws close enough to be a typo of it, or
// whose name contains its name ("alumni", "road-bike" without a family),
// closest first by edit distance.
func Nearest(ref string) []string {
	var known []string
	if list, err := Builtin(); err == nil {
		for _, sc := range list {
			known = append(known, sc.ID)
		}
	}
	for _, f := range GeneratedFamilies() {
		known = append(known, f+"/gen-*")
	}
	type near struct {
		id   string
		dist int
	}
	var found []near
	ref = strings.ToLower(ref)
	_, name, _ := strings.Cut(ref, "/")
	if name == "" {
		name = ref
	}
	limit := max(2, len(ref)/4)
	for _, id := range known {
		d := editDistance(ref, id)
		_, idName, _ := strings.Cut(id, "/")
		if d > limit && len(name) >= 3 && strings.Contains(idName, name) {
			d = limit // a part of the name, or the name without its family
		}
		if d <= limit {
			found = append(found, near{id, d})
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].dist < found[j].dist })
	out := make([]string, 0, 3)
	for _, n := range found[:min(3, len(found))] {
		out = append(out, n.id)
	}
	return out
}

// didYouMean is the " (did you mean X or Y?)" tail of a not-found error,
// or "" when nothing is near.
func didYouMean(ref string) string {
	near := Nearest(ref)
	if len(near) == 0 {
		return ""
	}
	return fmt.Sprintf("; did you mean %s?", strings.Join(near, " or "))
}

// editDistance counts the single-character insertions, deletions and
// substitutions that turn a into b (Levenshtein), over runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// isRecording reports whether the file at path starts as an omnigap
// recording does, so that giving one where a scenario is wanted can point
// to replay instead of failing to parse it as YAML.
func isRecording(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 64)
	n, _ := io.ReadFull(f, head)
	return bytes.HasPrefix(bytes.TrimSpace(head[:n]), []byte(`{"kind":"header"`))
}
