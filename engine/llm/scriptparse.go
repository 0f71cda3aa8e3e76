package llm

import (
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/family"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/lazyre"
)

// lineKind is what one line of a script turned out to be.
type lineKind int

const (
	lineSkip      lineKind = iota // blank, markdown furniture, or preamble
	lineTurn                      // a turn
	lineEnd                       // the END marker
	lineBad                       // a line the format cannot place
	lineNarration                 // a stage direction: "(Luis nods.)"
	lineMore                      // words without a speaker: more of the turn before
)

// scriptLine is one parsed line.
type scriptLine struct {
	kind    lineKind
	seat    int
	action  event.Action
	problem string
	// refused marks a bad line that is plainly a turn: a speaker's move
	// whose tag the family does not have or whose argument it refuses.
	refused bool
	text    string // a narration's or a continuation's words
}

// speakers tells who a line's head names.
type speakers struct {
	view view.View
}

var (
	numberingRe = lazyre.New(`^(?i:turn\s*)?#?[\(\[]?\d{1,3}\s*[\.\):\],\-]*\s*`)
	saidRe      = lazyre.New(`(?i)\s+(said|says)$`)
	headRe      = lazyre.New(`^[^\s:][^:]{0,40}:`)
	endRe       = lazyre.New(`(?i)^[\[\(]?(the\s+)?end(\s+of\s+(the\s+)?(script|scene|dialogue|conversation))?[\]\)]?\.?$`)
	tagRe       = lazyre.New(`^\[([^\]]*)\]\s*`)
	furnitureRe = lazyre.New("^(```.*|-{3,}|\\*{3,}|_{3,}|#+.*)$")
)

// parse reads one complete line. started says whether a turn has been
// read already: before the first turn, lines that are not turns are a
// preamble and skipped.
func (s speakers) parse(raw string, started bool) scriptLine {
	line := strings.TrimSpace(raw)
	if line == "" || furnitureRe.MatchString(line) {
		return scriptLine{kind: lineSkip}
	}
	line = strings.TrimSpace(strings.TrimLeft(line, "-*•> "))
	if endRe.MatchString(strings.Trim(line, "*_ ")) {
		return scriptLine{kind: lineEnd}
	}
	seat, body, ok := s.head(line)
	if !ok {
		if numberingRe.ReplaceAllString(line, "") == "" {
			return scriptLine{kind: lineSkip} // "Turn #3" on a line of its own
		}
		if words, ok := stageDirection(line); ok {
			return scriptLine{kind: lineNarration, text: words, seat: s.named(words)}
		}
		if started && !headRe.MatchString(strings.Trim(line, "*_")) {
			return scriptLine{kind: lineMore, text: strings.TrimSpace(line)}
		}
		if started {
			return scriptLine{kind: lineBad, problem: fmt.Sprintf("%q names neither character", clip(line, 80))}
		}
		return scriptLine{kind: lineSkip}
	}
	a, problem := s.body(seat, body)
	if problem != "" {
		return scriptLine{kind: lineBad, problem: problem, refused: tagRe.MatchString(body)}
	}
	return scriptLine{kind: lineTurn, seat: seat, action: a}
}

// head splits "3. **Alice (seller):** words" into the seat and "words".
func (s speakers) head(line string) (int, string, bool) {
	line = numberingRe.ReplaceAllString(line, "")
	colon := strings.IndexByte(line, ':')
	if colon < 0 || colon > 80 {
		return 0, "", false
	}
	who := saidRe.ReplaceAllString(strings.Trim(line[:colon], "*_\" "), "")
	body := strings.TrimSpace(strings.TrimLeft(line[colon+1:], "*_"))
	// A tag may sit in the head: "Alice [offer $120]: words".
	if i := strings.IndexByte(who, '['); i > 0 {
		body = who[i:] + " " + body
		who = strings.TrimSpace(who[:i])
	}
	if i := strings.IndexByte(who, '('); i > 0 {
		who = strings.TrimSpace(who[:i])
	}
	if seat := s.named(who); seat >= 0 && s.isName(seat, who) {
		return seat, body, true
	}
	return 0, "", false
}

// isName says whether who is seat's full, first or last name or role.
func (s speakers) isName(seat int, who string) bool {
	sv := s.view.Seats[seat]
	parts := strings.Fields(sv.Name)
	if strings.EqualFold(who, sv.Name) || strings.EqualFold(who, sv.Role) {
		return true
	}
	return len(parts) > 0 && (strings.EqualFold(who, parts[0]) || strings.EqualFold(who, parts[len(parts)-1]))
}

// named returns the one seat whose name begins text (or is all of it),
// or -1.
func (s speakers) named(text string) int {
	first := strings.Fields(strings.Trim(text, "*_\"'()[] "))
	found := -1
	for n := min(len(first), 3); n > 0 && found < 0; n-- {
		who := strings.TrimSuffix(strings.TrimRight(strings.Join(first[:n], " "), ".,;:!?"), "'s")
		for seat := range 2 {
			if s.isName(seat, who) {
				found = seat
			}
		}
	}
	return found
}

// stageDirection reads a line wholly in parentheses, brackets or
// asterisks: narration, not speech.
func stageDirection(line string) (string, bool) {
	for _, p := range [][2]string{{"(", ")"}, {"[", "]"}, {"*", "*"}, {"_", "_"}} {
		if len(line) > 2 && strings.HasPrefix(line, p[0]) && strings.HasSuffix(line, p[1]) {
			return strings.TrimSpace(strings.Trim(line, "()[]*_ ")), true
		}
	}
	return "", false
}

// body reads the tag and the words of a turn.
func (s speakers) body(seat int, body string) (event.Action, string) {
	a := event.Action{Type: event.Speak}
	if m := tagRe.FindStringSubmatch(body); m != nil {
		body = body[len(m[0]):]
		if problem := s.tag(seat, strings.TrimSpace(m[1]), &a); problem != "" {
			return a, problem
		}
	}
	text := unquote(strings.TrimSpace(body))
	if a.Type == event.Speak && len(text) > 2 && (text[0] == '*' && text[len(text)-1] == '*' || text[0] == '(' && text[len(text)-1] == ')') {
		a.Type = event.NonVerbal
		text = strings.TrimSpace(text[1 : len(text)-1])
	}
	a.Text = text
	if a.Type == event.Speak && a.Text == "" {
		return a, "a turn without words or a tag"
	}
	return a, ""
}

// tag reads "[offer $120]", "[select Jacob]", "[propose book=2 hat=0]",
// "[non-verbal]" and the like.
func (s speakers) tag(seat int, tag string, a *event.Action) string {
	word, rest, _ := strings.Cut(tag, " ")
	name := strings.ToLower(strings.ReplaceAll(word, "_", " "))
	t, ok := actionAliases[name]
	if !ok {
		t, ok = actionAliases[strings.ToLower(tag)]
		rest = ""
	}
	if !ok {
		return fmt.Sprintf("unknown tag [%s]", tag)
	}
	move, ok := family.ModelMove(family.Of(s.view.Family), t)
	if !ok {
		return fmt.Sprintf("tag [%s] is not allowed in this scenario", tag)
	}
	a.Type = t
	if move.Arg != nil {
		arg, err := move.Arg.Tag(tag, rest, s.view, seat)
		if err != nil {
			return err.Error()
		}
		a.Arg = arg
	}
	return ""
}

// unquote removes one pair of quotes around a whole utterance.
func unquote(s string) string {
	for _, q := range [][2]string{{`"`, `"`}, {"“", "”"}, {"'", "'"}, {"«", "»"}} {
		if len(s) >= len(q[0])+len(q[1]) && strings.HasPrefix(s, q[0]) && strings.HasSuffix(s, q[1]) {
			return strings.TrimSpace(s[len(q[0]) : len(s)-len(q[1])])
		}
	}
	return s
}

// partialText is the words of an unfinished line so far, for streaming,
// or "" when the line does not yet look like a turn of seat.
func (s speakers) partialText(line string, seat int) string {
	l := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "-*•> "))
	got, body, ok := s.head(l)
	if !ok || got != seat {
		return ""
	}
	if m := tagRe.FindStringSubmatch(body); m != nil {
		body = body[len(m[0]):]
	} else if strings.HasPrefix(body, "[") {
		return ""
	}
	return strings.TrimLeft(strings.TrimSpace(body), `"“*(`)
}
