package serve

// The tests load and play scenarios of every family.
import _ "github.com/omnigap/omnigap/engine/family/all"
