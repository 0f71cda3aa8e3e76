package llm

import (
	"strings"

	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/lazyre"
)

// lenientJSON repairs the ways models bend a JSON object that encoding/json
// refuses: strings in single quotes ({'action': 'speak'}) and raw line
// breaks or tabs inside strings. Valid JSON comes back unchanged.
func lenientJSON(obj string) string {
	var b strings.Builder
	b.Grow(len(obj) + 8)
	var quote byte // the open string's quote, 0 outside strings
	escaped := false
	for i := 0; i < len(obj); i++ {
		c := obj[i]
		switch {
		case quote == 0:
			if c == '"' || c == '\'' {
				quote = c
				b.WriteByte('"')
				continue
			}
		case escaped:
			escaped = false
			if c == '\'' {
				b.WriteByte(c) // \' is not a JSON escape: drop the backslash
				continue
			}
			b.WriteByte('\\')
		case c == '\\':
			escaped = true
			continue
		case c == quote:
			quote = 0
			b.WriteByte('"')
			continue
		case c == '"': // a double quote inside a single-quoted string
			b.WriteString(`\"`)
			continue
		case c == '\n':
			b.WriteString(`\n`)
			continue
		case c == '\r':
			continue
		case c == '\t':
			b.WriteString(`\t`)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// withoutOwnLabel drops a leading "Name:" naming the seat itself, as
// models write their lines in a transcript.
func withoutOwnLabel(reply string, v view.View) string {
	s := strings.TrimSpace(reply)
	head, rest, ok := strings.Cut(s, ":")
	if !ok || v.Viewer == view.Writer {
		return reply
	}
	head = strings.Trim(head, "*_ ")
	self := v.Self().Name
	first, _, _ := strings.Cut(self, " ")
	if strings.EqualFold(head, self) || strings.EqualFold(head, first) {
		return rest
	}
	return reply
}

// plainSpeech reads a reply without any JSON object as speech when that is
// plainly what it is: one short paragraph, or a bare quoted sentence, that
// neither talks about the task nor refuses it.
func plainSpeech(reply string) (string, bool) {
	s := strings.TrimSpace(reply)
	if s == "" || len(s) > 600 || strings.Contains(s, "\n\n") || strings.ContainsAny(s, "{}") {
		return "", false
	}
	if refusalRe.MatchString(s) || metaRe.MatchString(s) {
		return "", false
	}
	return oneLine(unquote(s)), true
}

var (
	// refusalRe matches a reply that declines to play.
	refusalRe = lazyre.New(`(?i)^\W*(i'?m sorry|i am sorry|sorry, but|i apologi[sz]e|i can(?:no|')?t|i won'?t|i will not|i'?m (?:not able|unable)|i am (?:not able|unable)|as an ai|as a language model|i must decline)`)
	// metaRe matches a reply that talks about the answer instead of
	// giving it.
	metaRe = lazyre.New(`(?i)^\W*(sure|okay|ok|certainly|of course|here(?:'s| is)|i think i (?:will|would|should)|i will (?:now|respond|answer)|my (?:move|answer|response|action)|as \w+,|json|action)\b`)
)

// refusal says whether a reply that gave no turn declines to play.
func refusal(reply string) bool { return refusalRe.MatchString(strings.TrimSpace(reply)) }
