package sotopia

import (
	"regexp"
	"strconv"
	"strings"

	dond "github.com/omnigap/omnigap/engine/family/dealornodeal"
	"github.com/omnigap/omnigap/engine/scenario"
)

// countedThing is "3 books" in a scenario text.
var countedThing = regexp.MustCompile(`\b(\d+)\s+([a-z]+)\b`)

// clauseBreak splits a goal's values sentence into one clause per item.
var clauseBreak = regexp.MustCompile(`[,;.]|\band\b`)

// firstNumber is a whole number standing alone.
var firstNumber = regexp.MustCompile(`\b\d+\b`)

// dealItems reads a Sotopia Deal-or-No-Deal environment: the items and
// their counts from the scenario text ("3 books, 2 hats, and 1 ball"),
// each side's points per item from its goal's <extra_info>, in any of the
// wordings the environments use ("Books give you 5 points each", "each
// book is worth 2 points", "1 apple = 3 points").
func dealItems(sc *scenario.Scenario, shared string, goals [2]goal) error {
	extra := [2]string{strings.ToLower(strings.Join(goals[0].extra, " ")), strings.ToLower(strings.Join(goals[1].extra, " "))}
	d := &dond.Deal{Values: [2]map[string]int{{}, {}}}
	for _, m := range countedThing.FindAllStringSubmatch(strings.ToLower(shared), -1) {
		name := singular(m[2])
		n, _ := strconv.Atoi(m[1])
		if _, seen := d.Values[0][name]; seen {
			continue
		}
		var vals [2]int
		ok := true
		for side := range 2 {
			v, found := itemValue(extra[side], name)
			ok = ok && found
			vals[side] = v
		}
		if !ok {
			continue // a number in the text that is not an item
		}
		d.Items = append(d.Items, dond.Item{Name: name, Count: n})
		d.Values[0][name], d.Values[1][name] = vals[0], vals[1]
	}
	if len(d.Items) == 0 {
		return fieldError("scenario", "names no items that both goals give points for")
	}
	sc.Data = d
	return nil
}

// itemValue finds the points a goal's text gives an item: the first
// number after the item's name in the clause that names it.
func itemValue(text, name string) (int, bool) {
	word := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `(e?s)?\b`)
	for _, clause := range clauseBreak.Split(text, -1) {
		loc := word.FindStringIndex(clause)
		if loc == nil {
			continue
		}
		if m := firstNumber.FindString(clause[loc[1]:]); m != "" {
			v, err := strconv.Atoi(m)
			return v, err == nil
		}
	}
	return 0, false
}

func singular(w string) string {
	if strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && len(w) > 3 {
		return strings.TrimSuffix(w, "s")
	}
	return w
}
