package people

import (
	"fmt"
	"slices"
	"strings"

	"github.com/omnigap/omnigap/engine/interop"
)

// Ratings are the ratings read from files, by episode, with what could
// not be read.
type Ratings struct {
	list      []Rating
	byEpisode map[string][]int
	seen      map[string]interop.Position
	// Files and Rows count the files and their rows (lines) read.
	Files, Rows int
	// Skipped counts the cells left empty: a rater who skipped a
	// dimension.
	Skipped int
	// Problems are the rows and cells that could not be read, each named
	// by file, line and field, and left out.
	Problems []interop.Problem
}

// add keeps one row's ratings (a CSV row's, a JSONL line's), or names
// the row as a repeat of one already kept: the same rater's same scores
// and reasons of the same episode (a file given twice). A rater who
// rated an episode again, otherwise, gave further ratings.
func (rs *Ratings) add(row []Rating) {
	if len(row) == 0 {
		return
	}
	if rs.byEpisode == nil {
		rs.byEpisode, rs.seen = map[string][]int{}, map[string]interop.Position{}
	}
	key := rowKey(row)
	if first, ok := rs.seen[key]; ok {
		r := row[0]
		rs.problem(r.At, "", "the same ratings of episode %s by rater %q as at %s: counted once", r.Episode, r.Rater, first)
		return
	}
	rs.seen[key] = row[0].At
	for _, r := range row {
		rs.byEpisode[r.Episode] = append(rs.byEpisode[r.Episode], len(rs.list))
		rs.list = append(rs.list, r)
	}
}

// rowKey is what makes two rows the same: their ratings' episode,
// rater, agent, dimension, score and reason.
func rowKey(row []Rating) string {
	var b strings.Builder
	for _, r := range row {
		fmt.Fprintf(&b, "%q %q %q %q %g %q\n", r.Episode, r.Rater, r.who(), r.Dimension, r.Score, r.Reason)
	}
	return b.String()
}

func (rs *Ratings) problem(at interop.Position, field, format string, args ...any) {
	rs.Problems = append(rs.Problems, interop.ProblemAt(at, interop.Fieldf(field, format, args...)))
}

// Len is how many ratings were read.
func (rs *Ratings) Len() int { return len(rs.list) }

// Episodes are the ids of the episodes rated, in the order first read.
func (rs *Ratings) Episodes() []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range rs.list {
		if !seen[r.Episode] {
			seen[r.Episode] = true
			out = append(out, r.Episode)
		}
	}
	return out
}

// Of are the ratings of one episode, in the order read.
func (rs *Ratings) Of(episode string) []Rating {
	var out []Rating
	for _, i := range rs.byEpisode[episode] {
		out = append(out, rs.list[i])
	}
	return out
}

// Has reports whether anyone rated the episode.
func (rs *Ratings) Has(episode string) bool {
	return rs != nil && len(rs.byEpisode[episode]) > 0
}

// Raters are the raters' ids, in the order first read.
func (rs *Ratings) Raters() []string {
	var out []string
	for _, r := range rs.list {
		if !slices.Contains(out, r.Rater) {
			out = append(out, r.Rater)
		}
	}
	return out
}
