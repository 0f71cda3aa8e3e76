package llm

import (
	"errors"
	"strings"
)

// extractObject finds the first complete JSON object in a model's reply:
// it skips code fences and prose around it and removes trailing commas
// before a closing bracket, the usual ways models bend JSON.
func extractObject(reply string) (string, error) {
	start := strings.IndexByte(reply, '{')
	if start < 0 {
		return "", errors.New("the answer holds no JSON object")
	}
	var (
		b               strings.Builder
		depth           int
		inString, quote bool
		pendingComma    int = -1
	)
	for i := start; i < len(reply); i++ {
		c := reply[i]
		if inString {
			b.WriteByte(c)
			switch {
			case quote:
				quote = false
			case c == '\\':
				quote = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case ',':
			pendingComma = b.Len()
		case '}', ']':
			if pendingComma >= 0 && strings.TrimSpace(b.String()[pendingComma+1:]) == "" {
				s := b.String()
				b.Reset()
				b.WriteString(s[:pendingComma])
				b.WriteString(s[pendingComma+1:])
			}
			depth--
		case '{', '[':
			depth++
		}
		if c != ',' && c != ' ' && c != '\n' && c != '\t' && c != '\r' {
			pendingComma = -1
		}
		b.WriteByte(c)
		if depth == 0 {
			return b.String(), nil
		}
	}
	return "", errors.New("the JSON object is not closed")
}
