package mutualfriends

// The tests load and play scenarios, whose rules are their families'.
import _ "github.com/omnigap/omnigap/engine/family/all"
