package episodes_test

// The tests load and play scenarios of every family with its built-in
// players.
import (
	_ "github.com/omnigap/omnigap/engine/builtin/all"
	_ "github.com/omnigap/omnigap/engine/family/all"
)
