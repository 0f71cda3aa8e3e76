package scenario

import (
	"fmt"
	"math"
	"regexp"
	"strings"
)

type problem struct {
	path string
	msg  string
}

type problems []problem

func (ps *problems) add(path, format string, args ...any) {
	*ps = append(*ps, problem{path: path, msg: fmt.Sprintf(format, args...)})
}

// finite refuses NaN and infinities (.nan, .inf), which no price can be
// and which JSON cannot record.
func (ps *problems) finite(path string, v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		ps.add(path, "must be a finite number (got %g)", v)
	}
}

// MaxTurnsLimit is the largest max_turns a scenario may set.
const MaxTurnsLimit = 10_000

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)*$`)

var relationships = []Relationship{Strangers, KnowByName, Acquaintances, Friends, Romantic, FamilyTie}

// validate checks everything Parse cannot express in types. Paths use the
// YAML keys so errors point at what the author wrote.
func (s *Scenario) validate() problems {
	var ps problems
	if !idPattern.MatchString(s.ID) {
		ps.add("id", "must be lower-case words separated by '-' and '/', e.g. craigslist/road-bike (got %q)", s.ID)
	}
	if strings.TrimSpace(s.Title) == "" {
		ps.add("title", "is required")
	}
	if strings.TrimSpace(s.Setting) == "" {
		ps.add("setting", "is required")
	}
	if rules[s.Family] == nil {
		ps.add("family", "must be %s (got %q)", familyNames(), s.Family)
	}
	if !validRelationship(s.Relationship) {
		ps.add("relationship", "must be one of %s (got %q)", relationshipNames(), s.Relationship)
	}
	if s.MaxTurns < 0 || s.MaxTurns > MaxTurnsLimit {
		ps.add("max_turns", "must be between 1 and %d (got %d)", MaxTurnsLimit, s.MaxTurns)
	}
	if len(s.Seats) != 2 {
		ps.add("seats", "must list exactly 2 seats (got %d)", len(s.Seats))
	}
	ids := map[string]string{}
	for i, seat := range s.Seats {
		s.validateSeat(i, seat, ids, &ps)
	}
	if len(s.Seats) == 2 && s.Seats[0].Character.Name != "" && s.Seats[0].Character.Name == s.Seats[1].Character.Name {
		ps.add("seats[1].character.name", "must differ from seat 0's name")
	}
	validateFacts("environment_facts", s.EnvFacts, ids, &ps)
	validateFacts("public_facts", s.PublicFacts, ids, &ps)
	s.validateFamilyData(&ps)
	return ps
}

func (s *Scenario) validateSeat(i int, seat Seat, ids map[string]string, ps *problems) {
	at := fmt.Sprintf("seats[%d]", i)
	if strings.TrimSpace(seat.Role) == "" {
		ps.add(at+".role", "is required")
	}
	if strings.TrimSpace(seat.Character.Name) == "" {
		ps.add(at+".character.name", "is required")
	}
	if strings.TrimSpace(seat.Character.Goal) == "" {
		ps.add(at+".character.goal", "is required")
	}
	validateFacts(at+".facts", seat.Facts, ids, ps)
}

func validateFacts(at string, facts []Fact, ids map[string]string, ps *problems) {
	for j, f := range facts {
		fp := fmt.Sprintf("%s[%d]", at, j)
		switch {
		case f.ID == "":
			ps.add(fp+".id", "is required")
		case ids[f.ID] != "":
			ps.add(fp+".id", "%q is already used at %s", f.ID, ids[f.ID])
		default:
			ids[f.ID] = fp
		}
		if strings.TrimSpace(f.Text) == "" {
			ps.add(fp+".text", "is required")
		}
		if !validType(f.Type) {
			ps.add(fp+".type", "must be amount, extra, secret, item-value or goal (got %q)", f.Type)
		}
		if f.Tolerance < 0 {
			ps.add(fp+".tolerance", "must not be negative")
		}
		ps.finite(fp+".tolerance", f.Tolerance)
		if f.Number != nil {
			ps.finite(fp+".number", *f.Number)
		}
		switch f.Kind {
		case FactPrice:
			if f.Number == nil {
				ps.add(fp+".number", "is required for a price fact")
			}
			if len(f.Paraphrases) > 0 {
				ps.add(fp+".paraphrases", "are for name, value and phrase facts; a price is recognised in every spelling of its number")
			}
		case FactName, FactValue, FactPhrase:
			if len(f.Phrases) == 0 && (f.Kind != FactPhrase || len(f.Together) == 0) {
				ps.add(fp+".phrases", "needs at least one phrase for a %s fact", f.Kind)
			}
			if len(f.Together) > 0 && f.Kind != FactPhrase {
				ps.add(fp+".together", "are for phrase facts, words that state one only beside another")
			}
			for k, w := range f.Together {
				if strings.TrimSpace(w) == "" {
					ps.add(fmt.Sprintf("%s.together[%d]", fp, k), "must not be empty")
				}
			}
			for k, ph := range f.Phrases {
				if strings.TrimSpace(ph) == "" {
					ps.add(fmt.Sprintf("%s.phrases[%d]", fp, k), "must not be empty")
				}
			}
			for k, ph := range f.Paraphrases {
				if strings.TrimSpace(ph) == "" {
					ps.add(fmt.Sprintf("%s.paraphrases[%d]", fp, k), "must not be empty")
				}
			}
		default:
			ps.add(fp+".kind", "must be price, name, value or phrase (got %q)", f.Kind)
		}
	}
}

// validateFamilyData refuses another family's data, then lets the
// scenario's family check its own.
func (s *Scenario) validateFamilyData(ps *problems) {
	var given []Data
	if s.Data != nil {
		given = append(given, s.Data)
	}
	given = append(given, s.others...)
	for _, d := range given {
		if f, key := dataFamily(d); f != s.Family {
			ps.add(key, "is only allowed in the %s family", f)
		}
	}
	if r := rules[s.Family]; r != nil {
		r.Validate(s, ps.add)
	}
}

func validRelationship(r Relationship) bool {
	for _, v := range relationships {
		if r == v {
			return true
		}
	}
	return false
}

func relationshipNames() string {
	names := make([]string, len(relationships))
	for i, r := range relationships {
		names[i] = string(r)
	}
	return strings.Join(names, ", ")
}

// Validate checks a scenario that did not come from a file (a generated one,
// or one read back from a recording). Errors name the field but no line.
func (s *Scenario) Validate() error {
	probs := s.validate()
	if len(probs) == 0 {
		return nil
	}
	out := make([]FieldError, len(probs))
	for i, p := range probs {
		out[i] = FieldError{File: s.ID, Field: p.path, Msg: p.msg}
	}
	return &LoadError{Problems: out}
}
