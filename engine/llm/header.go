package llm

import (
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/llm/openaiapi"
)

// Settings are the endpoint and sampling parameters for a recording's
// header: what a reader needs to repeat the run. The key is never among
// them.
func (f *Factory) Settings() map[string]string {
	c := f.cfg
	p := c.Policy.orDefault()
	s := map[string]string{
		"endpoint":    strings.TrimRight(openaiapi.PublicURL(c.BaseURL), "/"),
		"provider":    c.ProviderName(),
		"temperature": strconv.FormatFloat(c.Temperature, 'g', -1, 64),
		"max_tokens":  strconv.Itoa(c.MaxTokens),
		"timeout":     p.Timeout.String(),
		"idle":        p.Idle.String(),
		"seeds":       "one per call, from the episode's seed, the seat, the turn and the try",
	}
	if c.JudgeMaxTokens > 0 {
		s["judge_max_tokens"] = strconv.Itoa(c.JudgeMaxTokens)
	}
	for _, r := range []Role{RoleWriter, RoleSeat0, RoleSeat1, RoleJudge} {
		s["model."+string(r)] = c.ModelFor(r)
	}
	for k, v := range s {
		for _, key := range append([]string{c.APIKey}, c.Secrets...) {
			if key != "" {
				v = strings.ReplaceAll(v, key, "[api key]")
			}
		}
		s[k] = v
	}
	return s
}
