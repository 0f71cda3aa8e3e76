package leak

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/fact/match"
	"github.com/omnigap/omnigap/engine/words"
)

// quotedWords is how many words of a quotation must be an earlier turn's,
// in order, for it to quote that turn: fewer are a saying, not a quote.
const quotedWords = 4

// quoted finds the spans of text (code points, end exclusive) between
// quotation marks whose words an earlier turn says in the same order: a
// turn that quotes the dialogue ("you said: '...'", a transcript) makes
// no new statement there.
func quoted(text string, earlier []event.Turn) [][2]int {
	if len(earlier) == 0 || strings.IndexByte(text, '"') < 0 && !strings.Contains(text, "“") {
		return nil // most turns quote nothing: two fast scans
	}
	var out [][2]int
	open, openCP, cp := -1, 0, 0
	for i, r := range text {
		switch {
		case r == '“' || r == '"' && open < 0:
			open, openCP = i+utf8.RuneLen(r), cp
		case (r == '”' || r == '"') && open >= 0:
			if quotes(text[open:i], earlier) {
				out = append(out, [2]int{openCP, cp + 1})
			}
			open = -1
		}
		cp++
	}
	return out
}

// quotes reports whether an earlier turn says inner's first words in
// order.
func quotes(inner string, earlier []event.Turn) bool {
	ws := words.Split(inner)
	if len(ws) < quotedWords {
		return false
	}
	ws = ws[:min(len(ws), 2*quotedWords)]
	for _, e := range earlier {
		if ew := words.Split(e.Action.Text); len(ew) >= len(ws) {
			for k := 0; k+len(ws) <= len(ew); k++ {
				if slices.Equal(ew[k:k+len(ws)], ws) {
					return true
				}
			}
		}
	}
	return false
}

// inside reports whether a mention lies in one of the spans.
func inside(spans [][2]int, mt match.Match) bool {
	return slices.ContainsFunc(spans, func(s [2]int) bool { return mt.Start >= s[0] && mt.End <= s[1] })
}
