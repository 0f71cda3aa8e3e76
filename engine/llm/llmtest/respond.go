package llmtest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Default answers like a cooperative model that follows omnigap's
// instructions: a whole script for a scriptwriter prompt, scores for an
// evaluator prompt, and a JSON action otherwise. It reads only what the
// prompt says (names, the turn limit, the turn asked for).
func Default(r *Request) string {
	sys := r.Message("system")
	switch {
	case strings.Contains(sys, "scriptwriter"):
		return Script(r)
	case Judging(r):
		return Judgement(r)
	}
	return Action(r)
}

var (
	characterRe = regexp.MustCompile(`(?m)^Character ([12]): (.+) \(`)
	limitRe     = regexp.MustCompile(`(?m)^Turn limit: (\d+)`)
	turnRe      = regexp.MustCompile(`(?i)turn (\d+)`)
	youAreRe    = regexp.MustCompile(`(?m)^You are (.+) \(`)
)

// Script writes a dialogue in omnigap's script format from the turn the
// last message asks for up to the turn limit. A Craigslist script ends
// with an offer and its acceptance.
func Script(r *Request) string {
	user := r.Message("user")
	names := [2]string{"A", "B"}
	for _, m := range characterRe.FindAllStringSubmatch(user, -1) {
		i, _ := strconv.Atoi(m[1])
		names[i-1] = m[2]
	}
	limit := 20
	if m := limitRe.FindStringSubmatch(user); m != nil {
		limit, _ = strconv.Atoi(m[1])
	}
	from := 1
	if m := turnRe.FindAllStringSubmatch(r.Last(), -1); m != nil {
		from, _ = strconv.Atoi(m[len(m)-1][1])
	}
	sale := strings.Contains(user, "Item for sale:")
	var b strings.Builder
	b.WriteString("Here is the script.\n\n")
	for n := from; n <= limit; n++ {
		who := names[(n-1)%2]
		switch {
		case sale && n == limit-1:
			fmt.Fprintf(&b, "%d. %s: [offer $100] Let us settle it at one hundred.\n", n, who)
		case sale && n == limit:
			fmt.Fprintf(&b, "%d. %s: [accept] Deal.\n", n, who)
		default:
			fmt.Fprintf(&b, "%d. %s: %s\n", n, who, line(n))
		}
	}
	b.WriteString("END\n")
	return b.String()
}

// Action answers an agent's turn with a JSON action that speaks.
func Action(r *Request) string {
	n := 1
	if m := turnRe.FindAllStringSubmatch(r.Last(), -1); m != nil {
		n, _ = strconv.Atoi(m[len(m)-1][1])
	}
	who := "I"
	if m := youAreRe.FindStringSubmatch(r.Message("user")); m != nil {
		who = m[1]
	}
	return fmt.Sprintf(`{"action": "speak", "text": "%s here. %s"}`, who, line(n))
}

// Judgement scores the character asked about with every dimension in
// range, as omnigap's judge prompt asks: one object per character.
func Judgement(*Request) string {
	dims := []struct {
		name  string
		score int
	}{
		{"believability", 8}, {"relationship", 1}, {"knowledge", 5}, {"secret", 0},
		{"social_rules", 0}, {"financial_and_material_benefits", 1}, {"goal", 6},
	}
	var parts []string
	for _, d := range dims {
		parts = append(parts, fmt.Sprintf(`"%s": {"reasoning": "Judged from the transcript.", "score": %d}`, d.name, d.score))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

var lines = []string{
	"Good to meet you, shall we talk it through?",
	"That sounds fair, tell me more.",
	"I was hoping for something a little different.",
	"Let me think about that for a moment.",
	"I can see where you are coming from.",
	"We are getting closer, I think.",
}

func line(n int) string { return lines[(n-1)%len(lines)] }
