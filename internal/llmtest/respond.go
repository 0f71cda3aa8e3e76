package llmtest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Default answers like a cooperative model that follows omnigap's
// instructions: a whole script for a scriptwriter prompt, scores for an
// evaluator prompt, no finding for a leak check, and a JSON action
// otherwise. It reads only what the
// prompt says (names, the turn limit, the turn asked for).
func Default(r *Request) string {
	sys := r.Message("system")
	switch {
	case strings.Contains(sys, "scriptwriter"):
		return Script(r)
	case Judging(r):
		return Judgement(r)
	case Checking(r):
		return CheckAnswer()
	}
	return Action(r)
}

var (
	characterRe = regexp.MustCompile(`(?m)^Character ([12]): (.+) \(`)
	limitRe     = regexp.MustCompile(`(?m)^Turn limit: (\d+)`)
	turnRe      = regexp.MustCompile(`(?i)turn (\d+)`)
	youAreRe    = regexp.MustCompile(`(?m)^You are (.+) \(`)
	pointsRe    = regexp.MustCompile(`(?m)^- ([^:\n]+): \d+ points? each$`)
	proposalRe  = regexp.MustCompile(`(?m)^(\d+)\. [^:\n]+: \[offer `)
)

// dealItem is the first item a Deal-or-No-Deal prompt gives points for
// ("Items to divide:" and a points table), or "" for other prompts.
func dealItem(user string) string {
	if !strings.Contains(user, "Items to divide:") {
		return ""
	}
	if m := pointsRe.FindStringSubmatch(user); m != nil {
		return m[1]
	}
	return ""
}

// proposedAt says whether turn n of the dialogue in the prompt is a
// proposal.
func proposedAt(user string, n int) bool {
	for _, m := range proposalRe.FindAllStringSubmatch(user, -1) {
		if m[1] == strconv.Itoa(n) {
			return true
		}
	}
	return false
}

// Script writes a dialogue in omnigap's script format from the turn the
// last message asks for up to the turn limit. A Craigslist script ends
// with an offer and its acceptance, a Deal-or-No-Deal script with a
// proposal (one of the first item for the proposer) and its acceptance.
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
	item := dealItem(user)
	var b strings.Builder
	b.WriteString("Here is the script.\n\n")
	for n := from; n <= limit; n++ {
		who := names[(n-1)%2]
		switch {
		case sale && n == limit-1:
			fmt.Fprintf(&b, "%d. %s: [offer $100] Let us settle it at one hundred.\n", n, who)
		case item != "" && n == limit-1:
			fmt.Fprintf(&b, "%d. %s: [propose %s=1] I take one %s and you take the rest.\n", n, who, item, item)
		case (sale || item != "") && n == limit:
			fmt.Fprintf(&b, "%d. %s: [accept] Deal.\n", n, who)
		default:
			fmt.Fprintf(&b, "%d. %s: %s\n", n, who, line(n))
		}
	}
	b.WriteString("END\n")
	return b.String()
}

// Action answers an agent's turn with a JSON action that speaks. In
// Deal-or-No-Deal the second-to-last turn proposes (one of the first item
// for the proposer) and the last accepts a proposal made just before.
func Action(r *Request) string {
	n := 1
	if m := turnRe.FindAllStringSubmatch(r.Last(), -1); m != nil {
		n, _ = strconv.Atoi(m[len(m)-1][1])
	}
	user := r.Message("user")
	limit := 20
	if m := limitRe.FindStringSubmatch(user); m != nil {
		limit, _ = strconv.Atoi(m[1])
	}
	if item := dealItem(user); item != "" {
		switch {
		case n == limit-1:
			return fmt.Sprintf(`{"action": "offer", "split": {"%s": 1}, "text": "I take one %s and you take the rest."}`, item, item)
		case n == limit && proposedAt(user, n-1):
			return `{"action": "accept", "text": "Deal."}`
		}
	}
	who := "I"
	if m := youAreRe.FindStringSubmatch(user); m != nil {
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
