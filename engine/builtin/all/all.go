// Package all registers the built-in players of every scenario family.
// The binary imports it, and so does any test that plays scenarios with
// builtin.Factory; a family's players are one line here.
package all

import (
	_ "github.com/omnigap/omnigap/engine/builtin/craigslist"
	_ "github.com/omnigap/omnigap/engine/builtin/dealornodeal"
	_ "github.com/omnigap/omnigap/engine/builtin/freeform"
	_ "github.com/omnigap/omnigap/engine/builtin/mutualfriends"
)
