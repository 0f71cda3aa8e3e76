package scenario

// Check validates a scenario built in code as a file would be validated
// (the errors name name and the field, without a line), then normalizes it.
func (s *Scenario) Check(name string) error {
	if probs := s.validate(); len(probs) > 0 {
		out := make([]FieldError, len(probs))
		for i, p := range probs {
			out[i] = FieldError{File: name, Field: p.path, Msg: p.msg}
		}
		return &LoadError{Problems: out}
	}
	s.Normalize()
	return nil
}
