package scenario

import (
	"encoding/json"
	"fmt"
)

// A scenario is written and read, in YAML files and in recordings' JSON,
// as a struct with one field per registered family's data (its
// Section.Key), in place of Data: files keep the layout they had when
// the scenario held each family's data in a field of its own.

// MarshalJSON writes the scenario with its data under its section's key.
func (s Scenario) MarshalJSON() ([]byte, error) {
	shaped, err := sections.Shape().Out(&s)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", s.ID, err)
	}
	return json.Marshal(shaped)
}

// UnmarshalJSON reads a scenario and the family data under any
// registered family's key.
func (s *Scenario) UnmarshalJSON(b []byte) error {
	sh := sections.Shape()
	shaped := sh.New()
	if err := json.Unmarshal(b, shaped); err != nil {
		return err
	}
	*s = Scenario{}
	s.keep(sh.In(shaped, s))
	return nil
}

// MarshalYAML writes the scenario file's keys, its data under its
// section's key.
func (s Scenario) MarshalYAML() (any, error) {
	shaped, err := sections.Shape().Out(&s)
	if err != nil {
		return nil, fmt.Errorf("scenario %s: %w", s.ID, err)
	}
	return shaped, nil
}

// UnmarshalYAML reads a scenario file's keys and the family data under
// any registered family's key, with the decoder's options (strict keys)
// and its errors' positions.
func (s *Scenario) UnmarshalYAML(unmarshal func(any) error) error {
	sh := sections.Shape()
	shaped := sh.New()
	if err := unmarshal(shaped); err != nil {
		return err
	}
	*s = Scenario{}
	s.keep(sh.In(shaped, s))
	return nil
}

// keep makes the data of the scenario's own family (or else the first
// found) its Data, and keeps any other for Validate to refuse.
func (s *Scenario) keep(found []any) {
	for _, v := range found {
		d := v.(Data)
		if f, _ := dataFamily(d); f == s.Family && s.Data == nil {
			s.Data = d
		} else {
			s.others = append(s.others, d)
		}
	}
	if s.Data == nil && len(s.others) > 0 {
		s.Data, s.others = s.others[0], s.others[1:]
	}
}
