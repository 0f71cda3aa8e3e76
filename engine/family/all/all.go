// Package all registers every scenario family. The binary imports it,
// and so does any test that loads or plays scenarios; adding a family is
// one line here.
package all

import (
	_ "github.com/omnigap/omnigap/engine/family/craigslist"
	_ "github.com/omnigap/omnigap/engine/family/dealornodeal"
	_ "github.com/omnigap/omnigap/engine/family/freeform"
	_ "github.com/omnigap/omnigap/engine/family/mutualfriends"
)
