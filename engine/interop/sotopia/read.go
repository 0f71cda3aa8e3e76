// Package sotopia reads Sotopia's JSONL exports (environment, agent and
// relationship profiles and the environment-agent combos) and turns each
// combo into an omnigap scenario, keeping Sotopia's rules of who sees what.
package sotopia

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/omnigap/omnigap/engine/fact/derive"
	"github.com/omnigap/omnigap/engine/fact/secret"
	"github.com/omnigap/omnigap/engine/interop"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/scenario"
)

// The four export files, as Sotopia's *_to_jsonl helpers name them.
const (
	EnvironmentsFile  = "environment_profiles.jsonl"
	AgentsFile        = "agent_profiles.jsonl"
	RelationshipsFile = "relationship_profiles.jsonl"
	CombosFile        = "env_agent_combo_storages.jsonl"
)

// Environment is one Sotopia scenario.
type Environment struct {
	ID           string   `json:"env_id"`
	PK           string   `json:"pk"`
	Codename     string   `json:"codename"`
	Source       string   `json:"source"`
	Scenario     string   `json:"scenario"`
	Goals        []string `json:"agent_goals"`
	Relationship string   `json:"relationship"`
	at           interop.Position
}

// Agent is one Sotopia character.
type Agent struct {
	ID          string `json:"agent_id"`
	PK          string `json:"pk"`
	First       string `json:"first_name"`
	Last        string `json:"last_name"`
	Age         int    `json:"age"`
	Occupation  string `json:"occupation"`
	Gender      string `json:"gender"`
	Pronouns    string `json:"gender_pronoun"`
	Public      string `json:"public_info"`
	Personality string `json:"personality_and_values"`
	Secret      string `json:"secret"`
}

// Relationship is the tie between two characters.
type Relationship struct {
	Agent1     string `json:"agent1_id"`
	Agent2     string `json:"agent2_id"`
	Type       string `json:"relationship"`
	Background string `json:"background_story"`
}

// Combo pairs an environment with two characters.
type Combo struct {
	ID     string   `json:"combo_id"`
	PK     string   `json:"pk"`
	EnvID  string   `json:"env_id"`
	Agents []string `json:"agent_ids"`
	at     interop.Position
}

// At is where the combo's record sits.
func (c *Combo) At() interop.Position { return c.at }

// Data is a Sotopia export: its profiles read into memory, indexed by id,
// and its combos, read one at a time from their file (Each), as an export
// may hold tens of thousands.
type Data struct {
	Dir           string
	Environments  map[string]*Environment
	Agents        map[string]*Agent
	Relationships map[[2]string][]*Relationship // by pair, in either order
	Pairs         []*Relationship               // in file order
	// Problems are the profile records that could not be read; the rest
	// were.
	Problems []interop.Problem
	// Words is what the words of what a side was told are weighed
	// against (derive.ToldFactsIn): the library's texts and the export's
	// scenarios, goals, profiles and relationships; nil, the library's.
	Words *derive.Background

	keys map[string]*secret.Keys
	// sharedCodes are the codenames that name several environments
	// (Sotopia's "divide_things" names two different ones).
	sharedCodes map[string]bool
}

// Bounds on an export's files, checked before and while they are read.
var (
	// MaxFileBytes caps each of the four files; Sotopia's own are under
	// 100 kB.
	MaxFileBytes int64 = 64 << 20
	// MaxRecordBytes caps one line (one record) of them.
	MaxRecordBytes = 1 << 20
)

// Read loads the profiles of a Sotopia export from dir and checks that its
// combos file is there. A line that is not a whole JSON record is a
// Problem and the others are still read; a missing file, or one over
// MaxFileBytes, is an error. Every text is cleaned as it is read
// (textsafe.CleanAll): nothing from the export carries a control
// character further.
func Read(dir string) (*Data, error) {
	d := &Data{Dir: dir, Environments: map[string]*Environment{}, Agents: map[string]*Agent{}, Relationships: map[[2]string][]*Relationship{}}
	problem := func(p interop.Problem) { d.Problems = append(d.Problems, p) }
	err := readLines(context.Background(), filepath.Join(dir, EnvironmentsFile), problem, func(at interop.Position, line []byte) error {
		var e Environment
		if err := decode(line, &e); err != nil {
			return err
		}
		e.at = at
		id := firstOf(e.ID, e.PK)
		if id == "" {
			return fieldError("env_id", "is missing")
		}
		d.Environments[id] = &e
		return nil
	})
	if err == nil {
		err = readLines(context.Background(), filepath.Join(dir, AgentsFile), problem, func(at interop.Position, line []byte) error {
			var a Agent
			if err := decode(line, &a); err != nil {
				return err
			}
			id := firstOf(a.ID, a.PK)
			if id == "" {
				return fieldError("agent_id", "is missing")
			}
			d.Agents[id] = &a
			return nil
		})
	}
	if err == nil {
		err = readLines(context.Background(), filepath.Join(dir, RelationshipsFile), problem, func(at interop.Position, line []byte) error {
			var r Relationship
			if err := decode(line, &r); err != nil {
				return err
			}
			k := pairKey(r.Agent1, r.Agent2)
			d.Relationships[k] = append(d.Relationships[k], &r)
			d.Pairs = append(d.Pairs, &r)
			return nil
		})
	}
	if err == nil {
		var f io.Closer
		if f, err = openCapped(filepath.Join(dir, CombosFile)); err == nil {
			f.Close()
		}
	}
	if err != nil {
		return nil, err
	}
	d.sharedCodes = sharedCodenames(d.Environments)
	d.Words = derive.Library().With(d.texts())
	return d, nil
}

// texts are every text of the export a scenario or a character says.
func (d *Data) texts() []string {
	var out []string
	for _, e := range d.Environments {
		out = append(append(out, e.Scenario), e.Goals...)
	}
	for _, a := range d.Agents {
		out = append(out, a.Public, a.Personality, a.Secret, a.Occupation)
	}
	for _, r := range d.Pairs {
		out = append(out, r.Background)
	}
	return out
}

// sharedCodenames lists the codenames (as slugs) that more than one
// environment bears.
func sharedCodenames(envs map[string]*Environment) map[string]bool {
	seen := map[string]int{}
	for _, e := range envs {
		seen[scenario.Slug(e.Codename)]++
	}
	shared := map[string]bool{}
	for code, n := range seen {
		if n > 1 && code != "" {
			shared[code] = true
		}
	}
	return shared
}

// combos reads the combos file, handing each combo to each in file order
// and each line that is no combo to problem. It stops when ctx is done or
// each returns an error.
func (d *Data) combos(ctx context.Context, problem func(interop.Problem), each func(*Combo) error) error {
	var stopped error
	err := readLines(ctx, filepath.Join(d.Dir, CombosFile), problem, func(at interop.Position, line []byte) error {
		var c Combo
		if err := decode(line, &c); err != nil {
			return err
		}
		c.at = at
		if stopped = each(&c); stopped != nil {
			return interop.ErrStop
		}
		return nil
	})
	if err == interop.ErrStop {
		return stopped
	}
	return err
}

// relationship is the record of a pair, preferring one of type t (a pair
// may be listed more than once), or nil.
func (d *Data) relationship(a, b, t string) *Relationship {
	rs := d.Relationships[pairKey(a, b)]
	for _, r := range rs {
		if r.Type == t {
			return r
		}
	}
	if len(rs) > 0 {
		return rs[0]
	}
	return nil
}

// pairKey is the same for both orders of a pair.
func pairKey(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}

func firstOf(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}

// decode reads one JSON record (interop.DecodeJSON).
func decode(line []byte, v any) error { return interop.DecodeJSON(line, v) }

func fieldError(field, format string, args ...any) error {
	return interop.Fieldf(field, format, args...)
}

func openCapped(path string) (io.ReadCloser, error) {
	f, err := safefile.OpenCapped(path, MaxFileBytes)
	if err != nil {
		return nil, fmt.Errorf("sotopia export: %w", err)
	}
	return f, nil
}

// readLines hands every record of path to each (interop.Records, within
// MaxFileBytes and MaxRecordBytes).
func readLines(ctx context.Context, path string, problem func(interop.Problem), each func(interop.Position, []byte) error) error {
	f, err := openCapped(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return interop.Records(ctx, f, path, MaxRecordBytes, problem, each)
}
