package dealornodeal

// The benchmark plays scenarios, whose rules are their families'.
import _ "github.com/omnigap/omnigap/engine/family/all"
