package e2e

// The tests read recordings of every family.
import _ "github.com/omnigap/omnigap/engine/family/all"
