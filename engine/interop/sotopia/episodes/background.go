package episodes

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/interop/sotopia"
)

// toldBackground is how Sotopia tells a character in an episode: "NAME is
// a 29-year-old male software developer. He/him pronouns. PUBLIC
// Personality and values description: PERSONALITY FIRST's secrets:
// SECRET".
var toldBackground = regexp.MustCompile(`(?s)^(.+?) is an? (\d+)-year-old (.*?)\.\s+(\S+) pronouns\.\s*(.*?)\s*Personality and values description:\s*(.*?)\s*(?:\S+'s secrets?:\s*(.*))?$`)

// genders maps the adjective of a told background to the profile's
// gender.
var genders = map[string]string{"male": "Man", "female": "Woman", "nonbinary": "Nonbinary"}

// agentOf makes the character profile a told background stands for, so
// that a character the profiles lack (or every character, without
// profiles) goes through the same builder. A background in another shape
// is the character's public text whole.
func agentOf(a Agent) *sotopia.Agent {
	first, last, _ := strings.Cut(a.Name, " ")
	out := &sotopia.Agent{PK: a.PK, First: first, Last: last}
	m := toldBackground.FindStringSubmatch(a.Background)
	if m == nil || strings.TrimSpace(m[1]) != a.Name {
		out.Public = a.Background
		return out
	}
	out.Age, _ = strconv.Atoi(m[2])
	who := m[3]
	if adj, rest, ok := strings.Cut(who, " "); ok && genders[strings.ToLower(adj)] != "" {
		out.Gender, who = genders[strings.ToLower(adj)], rest
	}
	out.Occupation, out.Pronouns = strings.TrimSpace(who), m[4]
	out.Public, out.Personality, out.Secret = m[5], m[6], strings.TrimSpace(m[7])
	return out
}
