package origin

import (
	"slices"
	"strings"
)

// placeholders are model names that say only that some model played, not
// which: Sotopia-PI's name for every model it served itself
// (custom_model), and the bare names of the same kind. Compared without
// case.
var placeholders = []string{"custom_model", "custom", "model"}

// IsPlaceholder reports whether the model name is one of placeholders.
func IsPlaceholder(model string) bool {
	return slices.ContainsFunc(placeholders, func(p string) bool { return strings.EqualFold(p, model) })
}
