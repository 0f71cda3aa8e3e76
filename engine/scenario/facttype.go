package scenario

import "slices"

// TypeOf is a fact's type: the one it was given, or the one its kind and
// attribute imply for facts written before types existed: a price is an
// amount, a value-table entry an item value, a friend list's entry or an
// environment fact what a side was told (extra), anything else a secret.
func (f Fact) TypeOf() FactType {
	switch {
	case f.Type != "":
		return f.Type
	case f.Kind == FactPrice:
		return TypeAmount
	case f.Attribute == "value":
		return TypeItemValue
	case f.Attribute != "" && f.Attribute != GoalAttribute, f.Owner == OwnerEnv:
		return TypeExtra
	}
	return TypeSecret
}

// Noun names what a fact of type t is, for notices: "Ada's extra
// information", "Ben's private amount".
func (t FactType) Noun() string {
	switch t {
	case TypeAmount:
		return "private amount"
	case TypeExtra:
		return "extra information"
	case TypeItemValue:
		return "item value"
	case "":
		return "fact"
	}
	return string(t)
}

// validType reports whether t is a fact type a file may give.
func validType(t FactType) bool { return t == "" || slices.Contains(FactTypes, t) }
