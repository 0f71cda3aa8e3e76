package browse

// Every family and its built-in players registered, as in the binary.
import (
	_ "github.com/omnigap/omnigap/engine/builtin/all"
	_ "github.com/omnigap/omnigap/engine/family/all"
)
