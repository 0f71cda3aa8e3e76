package llmtest

import (
	"encoding/json"
	"regexp"
	"strings"
)

// Checking reports whether r is a leak check's call (--leak-check): its
// system message frames a check of one turn for private information.
func Checking(r *Request) bool {
	return strings.Contains(r.Message("system"), "You check one turn of a conversation for private information")
}

// CheckFact is a fact a leak check's call asks about.
type CheckFact struct {
	ID, Whose, Text string
}

var (
	checkTurnRe = regexp.MustCompile(`(?m)^The turn to check:\n(\d+)\. ([^:\n]+): (.*)$`)
	checkFactRe = regexp.MustCompile(`(?m)^- ([^:\n]+): ([^:\n]+): (.*)$`)
)

// CheckTurn is the number, speaker and text of the turn a leak check's
// call asks about, as the prompt shows it.
func CheckTurn(r *Request) (number, speaker, text string) {
	m := checkTurnRe.FindStringSubmatch(r.Message("user"))
	if m == nil {
		return "", "", ""
	}
	return m[1], m[2], m[3]
}

// CheckFacts lists the facts a leak check's call asks about, in order.
func CheckFacts(r *Request) []CheckFact {
	user := r.Message("user")
	i := strings.Index(user, "The private facts:\n")
	if i < 0 {
		return nil
	}
	var out []CheckFact
	for _, m := range checkFactRe.FindAllStringSubmatch(user[i:], -1) {
		out = append(out, CheckFact{ID: m[1], Whose: m[2], Text: m[3]})
	}
	return out
}

// Finding is one fact a scripted leak check names, with the words.
type Finding struct {
	ID    string `json:"id"`
	Words string `json:"words"`
}

// CheckAnswer writes a leak check's answer naming findings.
func CheckAnswer(findings ...Finding) string {
	if findings == nil {
		findings = []Finding{}
	}
	data, _ := json.Marshal(map[string][]Finding{"facts": findings})
	return string(data)
}

// ScriptedCheck answers a leak check from a script of words per fact id:
// it names each fact asked about whose words the turn says (case
// aside), with those words, as a model that reads the turn closely
// would; it names nothing else.
func ScriptedCheck(words map[string]string) func(*Request) string {
	return func(r *Request) string {
		_, _, text := CheckTurn(r)
		var found []Finding
		for _, f := range CheckFacts(r) {
			if w, ok := words[f.ID]; ok && strings.Contains(strings.ToLower(text), strings.ToLower(w)) {
				found = append(found, Finding{ID: f.ID, Words: w})
			}
		}
		return CheckAnswer(found...)
	}
}
