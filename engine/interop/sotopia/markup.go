package sotopia

import (
	"regexp"
	"strings"
)

// viewerMark is Sotopia's <p viewer='agent_i'> / <p viewer="environment">
// markup: text only that viewer reads.
var viewerMark = regexp.MustCompile(`(?s)<p\s+viewer\s*=\s*\\?["']([a-z_0-9]+)\\?["']\s*>(.*?)</p>`)

// marked is a scenario text split by viewer.
type marked struct {
	shared string
	seat   [2][]string // text for agent_0 and agent_1 only
	env    []string    // text for the environment only
}

// splitViewers separates the text everybody reads from the marked parts.
// An unknown viewer is an error.
func splitViewers(text string) (marked, error) {
	var out marked
	var bad string
	out.shared = viewerMark.ReplaceAllStringFunc(text, func(m string) string {
		sub := viewerMark.FindStringSubmatch(m)
		body := strings.TrimSpace(sub[2])
		switch sub[1] {
		case "agent_0":
			out.seat[0] = append(out.seat[0], body)
		case "agent_1":
			out.seat[1] = append(out.seat[1], body)
		case "environment":
			out.env = append(out.env, body)
		default:
			bad = sub[1]
		}
		return ""
	})
	out.shared = tidy(out.shared)
	if bad != "" {
		return out, fieldError("scenario", "unknown viewer %q in a <p viewer=...> mark (want agent_0, agent_1 or environment)", bad)
	}
	return out, nil
}

// hintTags and extraTag are the tags Sotopia puts in goals to give a seat
// hints and private details. Hints may sit inside <extra_info>, so they
// are read first.
var (
	hintTags = []*regexp.Regexp{
		regexp.MustCompile(`(?s)<strategy_hint>(.*?)</strategy_hint>`),
		regexp.MustCompile(`(?s)<clarification_hint>(.*?)</clarification_hint>`),
	}
	extraTag = regexp.MustCompile(`(?s)<extra_info>(.*?)</extra_info>`)
)

// goal is a Sotopia goal with its tags read.
type goal struct {
	main  string   // the goal itself, tags removed
	extra []string // <extra_info> contents: private details
	raw   []string // the same, line breaks kept (friend lists need them)
	hints []string // <strategy_hint> and <clarification_hint> contents
}

// parseGoal reads a goal's tags.
func parseGoal(text string) goal {
	var g goal
	for _, re := range hintTags {
		text = re.ReplaceAllStringFunc(text, func(m string) string {
			g.hints = append(g.hints, tidy(re.FindStringSubmatch(m)[1]))
			return ""
		})
	}
	text = extraTag.ReplaceAllStringFunc(text, func(m string) string {
		body := extraTag.FindStringSubmatch(m)[1]
		g.extra = append(g.extra, tidy(body))
		g.raw = append(g.raw, body)
		return ""
	})
	g.main = tidy(strings.ReplaceAll(text, "()", ""))
	return g
}

// text is the goal as a seat reads it: the goal, then its private details
// and hints as plain sentences.
func (g goal) text(withExtra bool) string {
	parts := []string{g.main}
	if withExtra {
		parts = append(parts, g.extra...)
	}
	parts = append(parts, g.hints...)
	var kept []string
	for _, p := range parts {
		if p == "" {
			continue
		}
		if !strings.ContainsAny(p[len(p)-1:], ".!?") {
			// A goal ends its sentence, so the label of the line after it
			// ("Extra information:") starts a new one and is not read as
			// a name.
			p += "."
		}
		kept = append(kept, p)
	}
	return strings.Join(kept, "\n")
}

// tidy undoes the export's escaped quotes and collapses blank runs.
func tidy(s string) string {
	s = strings.ReplaceAll(s, `\'`, "'")
	s = strings.ReplaceAll(s, `\"`, `"`)
	return strings.Join(strings.Fields(s), " ")
}
