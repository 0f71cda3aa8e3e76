package browse

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
)

// FilterHelp says what the filter language takes, for help screens.
const FilterHelp = `words (in the title, scenario, family, id or models), family:NAME, mode:MODE, model:NAME, kind:leak (has an annotation of the kind), ended:WORD (how a run ended), comparisons gap>=3, turns>10, goal<5 (any run; agents.goal<5 for one mode's), "quoted phrases", and -TERM for not`

// Filter keeps the groups that match every one of its terms.
type Filter struct {
	terms []term
}

type term struct {
	not   bool
	match func(*Group) bool
}

// ParseFilter reads a filter: terms separated by spaces, each of them a
// word or quoted phrase (in the title, scenario id, family, id or models),
// KEY:VALUE with KEY family, mode, model, kind or ended, or a comparison
// FIELD OP NUMBER (OP one of < <= > >= = !=; FIELD gap, or a mode's field
// as a column names it, turns, goal, leaks..., with MODE. before it for
// that mode's run, without for any run's). A term after - must not
// match. Words and values are matched without case. An empty filter
// keeps every group.
func ParseFilter(s string) (*Filter, error) {
	words, err := split(s)
	if err != nil {
		return nil, err
	}
	f := &Filter{}
	for _, w := range words {
		t := term{}
		if len(w) > 1 && w[0] == '-' {
			t.not, w = true, w[1:]
		}
		if t.match, err = parseTerm(w); err != nil {
			return nil, err
		}
		f.terms = append(f.terms, t)
	}
	return f, nil
}

// Match reports whether g matches every term.
func (f *Filter) Match(g *Group) bool {
	for _, t := range f.terms {
		if t.match(g) == t.not {
			return false
		}
	}
	return true
}

// Select is the groups f matches, in order.
func (f *Filter) Select(groups []*Group) []*Group {
	if len(f.terms) == 0 {
		return groups
	}
	var out []*Group
	for _, g := range groups {
		if f.Match(g) {
			out = append(out, g)
		}
	}
	return out
}

// split cuts s into terms at spaces outside double quotes, which are
// taken off.
func split(s string) ([]string, error) {
	var out []string
	var b strings.Builder
	quoted, open := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, open = !quoted, true
		case r == ' ' && !quoted:
			if open {
				out = append(out, b.String())
			}
			b.Reset()
			open = false
		default:
			b.WriteRune(r)
			open = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("filter: a quote is not closed")
	}
	if open {
		out = append(out, b.String())
	}
	return out, nil
}

// operators, longest first so that >= is not read as >.
var operators = []string{">=", "<=", "!=", ">", "<", "="}

func parseTerm(w string) (func(*Group) bool, error) {
	for _, op := range operators {
		if field, num, ok := strings.Cut(w, op); ok && field != "" && !strings.Contains(field, ":") {
			return comparison(field, op, num)
		}
	}
	key, value, ok := strings.Cut(w, ":")
	if !ok {
		return words(w), nil
	}
	value = strings.ToLower(value)
	switch strings.ToLower(key) {
	case "family":
		return func(g *Group) bool { return strings.Contains(strings.ToLower(string(g.Family)), value) }, nil
	case "mode":
		return func(g *Group) bool {
			return anyRun(g, func(r *Run) bool { return strings.EqualFold(string(r.Column), value) })
		}, nil
	case "model":
		return func(g *Group) bool { return strings.Contains(strings.ToLower(g.Models()), value) }, nil
	case "ended":
		return func(g *Group) bool {
			return anyRun(g, func(r *Run) bool {
				return r.Ended && (strings.Contains(string(r.Reason), value) || strings.Contains(strings.ToLower(r.Outcome), value))
			})
		}, nil
	case "kind":
		metric, ok := kindMetric(strings.ReplaceAll(value, " ", "-"))
		if !ok {
			return nil, fmt.Errorf("filter: kind:%s is no annotation kind (%s)", value, kindWords())
		}
		return func(g *Group) bool { return anyRun(g, func(r *Run) bool { return r.Figures[metric] > 0 }) }, nil
	}
	return nil, fmt.Errorf("filter: %s: is not a filter (family:, mode:, model:, kind:, ended:; or quote the words)", key)
}

// words matches a group whose title, scenario, family, id or models
// hold w, or an unreadable one whose problem does.
func words(w string) func(*Group) bool {
	w = strings.ToLower(w)
	return func(g *Group) bool {
		for _, s := range []string{g.Title, g.Scenario, string(g.Family), g.ID, g.Models(), g.Problem()} {
			if strings.Contains(strings.ToLower(s), w) {
				return true
			}
		}
		return false
	}
}

// comparison matches a group whose field compares as op with num: the
// group's gap, or a run's field (MODE.field for that mode's run).
func comparison(field, op, num string) (func(*Group) bool, error) {
	n, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return nil, fmt.Errorf("filter: %s%s%s: %q is not a number", field, op, num, num)
	}
	holds := func(f Figure) bool {
		if !f.OK {
			return false
		}
		switch op {
		case ">=":
			return f.Value >= n
		case "<=":
			return f.Value <= n
		case ">":
			return f.Value > n
		case "<":
			return f.Value < n
		case "=":
			return f.Value == n
		}
		return f.Value != n
	}
	field = strings.ToLower(field)
	if field == Gap {
		return func(g *Group) bool { return holds(g.Gap) }, nil
	}
	mode, name, one := strings.Cut(field, ".")
	if !one {
		mode, name = "", field
	}
	if one && !knownMode(mode) {
		return nil, fmt.Errorf("filter: %s: %s is no mode (script, agents, mindreaders, humans, people)", field, mode)
	}
	if name == Ending || !isModeField(name) {
		return nil, fmt.Errorf("filter: %s is no number to compare (gap, %s)", name, strings.Join(numberFields(), ", "))
	}
	return func(g *Group) bool {
		return anyRun(g, func(r *Run) bool {
			return (mode == "" || string(r.Column) == mode) && holds(runCell(r, name, g.Goal).Figure)
		})
	}, nil
}

func anyRun(g *Group, f func(*Run) bool) bool {
	for _, r := range g.Runs {
		if r.Problem == "" && f(r) {
			return true
		}
	}
	return false
}

func knownMode(m string) bool {
	for _, mode := range modeOrder {
		if string(mode) == m {
			return true
		}
	}
	return false
}

func isModeField(name string) bool {
	for _, f := range modeFields() {
		if f == name {
			return true
		}
	}
	_, ok := kindMetric(name)
	return ok
}

// numberFields are the fields of a mode's run a comparison takes.
func numberFields() []string {
	var out []string
	for _, f := range modeFields() {
		if f != Ending {
			out = append(out, f)
		}
	}
	return out
}

// kindWords names the kinds kind: takes.
func kindWords() string {
	var out []string
	for _, k := range event.Kinds {
		if k.Row != "" {
			out = append(out, strings.ReplaceAll(k.Word, " ", "-"))
		}
	}
	return strings.Join(out, ", ")
}
