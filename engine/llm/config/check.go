package config

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/omnigap/omnigap/engine/llm/openaiapi"
	"github.com/omnigap/omnigap/engine/llm/provider"
)

// check says what is wrong with a setting's value, starting with the
// value ("3: want 0 to 2"), or "" when it is fine.
func (f field) check(v reflect.Value) string {
	switch x := v.Interface().(type) {
	case float64:
		switch {
		case f.bounded && !(x >= f.lo && x <= f.hi):
			return fmt.Sprintf("%v: want %g to %g", x, f.lo, f.hi)
		case math.IsNaN(x) || math.IsInf(x, 0):
			return fmt.Sprintf("%v: want a finite number", x)
		}
	case int:
		if x < 0 {
			return fmt.Sprintf("%d: must not be negative", x)
		}
	case time.Duration:
		switch {
		case x <= 0:
			return fmt.Sprintf("%v: want a positive duration such as 90s", x)
		case x < time.Millisecond:
			return fmt.Sprintf("%v: too short", x)
		}
	case string:
		if f.rule != "" {
			return rules[f.rule](x)
		}
	case []string:
		for _, s := range x {
			if msg := f.check(reflect.ValueOf(s)); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// rules are the checks of text settings, by the name their check tag
// gives.
var rules = map[string]func(string) string{
	"backend": func(s string) string {
		if s != "builtin" && s != "openai" {
			return fmt.Sprintf("%q: want builtin or openai", s)
		}
		return ""
	},
	"provider": provider.Check,
	"writer_prompt": func(s string) string {
		if !slices.Contains(WriterPrompts, s) {
			return fmt.Sprintf("%q: want %s", s, strings.Join(WriterPrompts, " or "))
		}
		return ""
	},
	"url": func(s string) string {
		if !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://") {
			return fmt.Sprintf("%q: want an http:// or https:// URL", openaiapi.PublicURL(s))
		}
		return ""
	},
}
