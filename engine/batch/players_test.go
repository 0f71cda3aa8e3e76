package batch_test

// The benchmark plays its studies with the built-in players.
import _ "github.com/omnigap/omnigap/engine/builtin/all"
