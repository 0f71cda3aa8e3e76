package people

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/metrics"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// The columns of Sotopia-PI's rating files: the episode's pk, the rater
// (prolific_id; rater is read too), and for each dimension D and agent A
// (1 or 2) the score D_A and the reason D_reasoning_A; data, the episode
// as the raters saw it, may name the agents ("names").
const (
	columnEpisode = "pk"
	columnRater   = "prolific_id"
	columnRaterAs = "rater"
	columnData    = "data"
)

// csvColumns is where each column a rating file needs sits.
type csvColumns struct {
	episode, rater, data int
	raterName            string
	// score and reason of dimension d (metrics.JudgeDimensions' order)
	// and agent a (0 for agent 1): -1 when the file lacks it.
	score, reason [][2]int
	fields        int
}

// readCSV reads a Sotopia-PI rating file (UTF-8, a BOM allowed, CRLF or
// LF lines, fields quoted as RFC 4180 says) into rs, a row at a time.
// A row or cell that cannot be read is a Problem; a file without the
// columns it needs is an error.
func (rs *Ratings) readCSV(ctx context.Context, r io.Reader, file string) error {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = false
	head, err := cr.Read()
	if err != nil {
		return fmt.Errorf("%s:1: the header row cannot be read: %v", file, err)
	}
	cols, err := columnsOf(head)
	if err != nil {
		return fmt.Errorf("%s:1: %v", file, err)
	}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		row, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		line, _ := cr.FieldPos(0)
		at := interop.Position{File: file, Line: line}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			rs.Rows++
			rs.Problems = append(rs.Problems, interop.Problem{At: interop.Position{File: file, Line: pe.Line}, Msg: fmt.Sprintf("column %d: %v", pe.Column, pe.Err)})
			continue
		}
		if err != nil {
			return fmt.Errorf("%s:%d: %v", file, line, err)
		}
		rs.Rows++
		rs.csvRow(cols, row, at)
	}
}

// columnsOf finds the columns a rating file needs in its header row.
func columnsOf(head []string) (csvColumns, error) {
	c := csvColumns{episode: -1, rater: -1, data: -1, fields: len(head)}
	at := map[string]int{}
	for i, h := range head {
		name := strings.ToLower(strings.TrimSpace(h))
		if _, dup := at[name]; !dup {
			at[name] = i
		}
	}
	find := func(names ...string) int {
		for _, n := range names {
			if i, ok := at[n]; ok {
				return i
			}
		}
		return -1
	}
	c.episode, c.rater, c.data = find(columnEpisode), find(columnRater, columnRaterAs), find(columnData)
	c.raterName = columnRater
	if c.rater >= 0 && c.rater == find(columnRaterAs) {
		c.raterName = columnRaterAs
	}
	any := false
	for _, d := range metrics.JudgeDimensions {
		var s, r [2]int
		for a := range 2 {
			s[a] = find(fmt.Sprintf("%s_%d", d.Key, a+1))
			r[a] = find(fmt.Sprintf("%s_reasoning_%d", d.Key, a+1))
			any = any || s[a] >= 0
		}
		c.score, c.reason = append(c.score, s), append(c.reason, r)
	}
	switch {
	case c.episode < 0:
		return c, fmt.Errorf("no column %s (the episode's id)", columnEpisode)
	case c.rater < 0:
		return c, fmt.Errorf("no column %s or %s (the rater's id)", columnRater, columnRaterAs)
	case !any:
		return c, fmt.Errorf("no score column (%s_1, %s_2, ...)", metrics.JudgeDimensions[0].Key, metrics.JudgeDimensions[0].Key)
	}
	return c, nil
}

// csvRow reads one row's ratings: one per dimension and agent whose
// cell holds a score.
func (rs *Ratings) csvRow(c csvColumns, row []string, at interop.Position) {
	if len(row) != c.fields {
		rs.problem(at, "", "%d fields where the header has %d", len(row), c.fields)
		return
	}
	episode, rater := textsafe.Line(row[c.episode]), textsafe.Line(row[c.rater])
	switch {
	case episode == "":
		rs.problem(at, columnEpisode, "empty")
		return
	case rater == "":
		rs.problem(at, c.raterName, "empty: a rating needs its rater")
		return
	}
	var names []string
	if c.data >= 0 {
		names = namesIn(row[c.data])
	}
	var ratings []Rating
	for i, d := range metrics.JudgeDimensions {
		for a := range 2 {
			col := c.score[i][a]
			if col < 0 {
				continue
			}
			cell := strings.TrimSpace(row[col])
			if cell == "" {
				rs.Skipped++
				continue
			}
			field := fmt.Sprintf("%s_%d", d.Key, a+1)
			v, err := strconv.ParseFloat(cell, 64)
			if err != nil {
				rs.problem(at, field, "not a number: %q", clip(textsafe.Line(cell)))
				continue
			}
			if err := checkScore(d, v); err != nil {
				rs.problem(at, field, "%v", err)
				continue
			}
			reason := ""
			if rc := c.reason[i][a]; rc >= 0 {
				reason = strings.TrimSpace(textsafe.Clean(row[rc]))
			}
			ratings = append(ratings, Rating{Episode: episode, Agent: a + 1, Seat: -1, Names: names, Rater: rater, Dimension: d.Key, Score: v, Reason: reason, At: at})
		}
	}
	rs.add(ratings)
}

// namesIn are the agents' names the data cell gives ({"names": [agent
// 1, agent 2]}), or none.
func namesIn(data string) []string {
	var d struct {
		Names []string `json:"names"`
	}
	if json.Unmarshal([]byte(data), &d) != nil || len(d.Names) != 2 {
		return nil
	}
	return []string{textsafe.Line(d.Names[0]), textsafe.Line(d.Names[1])}
}

// clip shortens a cell quoted in a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
