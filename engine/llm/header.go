package llm

import (
	"strconv"
	"strings"

	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/llm/openaiapi"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Settings are the endpoint and sampling parameters for a recording's
// header: what a reader needs to repeat the run. The key is never among
// them. Like the models of every role, the SCRIPT writer's instruction is
// named in every mode's header: its variant, and with a scenario the
// short hash of the system text it gives that scenario's family.
func (f *Factory) Settings(sc *scenario.Scenario, _ view.Mode) map[string]string {
	c := f.cfg
	p := f.sent.Policy()
	s := map[string]string{
		"endpoint":    endpoints(c),
		"provider":    c.ProviderName(),
		"temperature": strconv.FormatFloat(c.Temperature, 'g', -1, 64),
		"max_tokens":  limitText(c.MaxTokens),
		"timeout":     p.Timeout.String(),
		"idle":        p.Idle.String(),
		"seeds":       "one per call, from the episode's seed, the seat, the turn and the try",
	}
	if c.RPM > 0 {
		s["rpm"] = strconv.Itoa(c.RPM)
	}
	if c.TPM > 0 {
		s["tpm"] = strconv.Itoa(c.TPM)
	}
	if c.JudgeMaxTokens > 0 {
		s["judge_max_tokens"] = strconv.Itoa(c.JudgeMaxTokens)
	}
	for _, r := range config.Roles {
		s["model."+string(r)] = c.ModelFor(r)
	}
	s[record.SettingWriterPrompt] = c.WriterPrompt
	if sc != nil {
		s[record.SettingWriterPromptHash] = PromptHash(WriterSystem(c.WriterPrompt, sc.Family))
	}
	for k, v := range s {
		for _, key := range append(keys(c), c.Secrets...) {
			if key != "" {
				v = strings.ReplaceAll(v, key, "[api key]")
			}
		}
		s[k] = v
	}
	return s
}

// endpoints lists every endpoint as it may be recorded, without
// credentials.
func endpoints(c config.Config) string {
	var urls []string
	for _, e := range c.Endpoints {
		urls = append(urls, strings.TrimRight(openaiapi.PublicURL(e.URL), "/"))
	}
	return strings.Join(urls, " ")
}

func keys(c config.Config) []string {
	var out []string
	for _, e := range c.Endpoints {
		out = append(out, e.APIKey)
	}
	return out
}

// limitText says a token cap, or that there is none.
func limitText(n int) string {
	if n <= 0 {
		return "none"
	}
	return strconv.Itoa(n)
}
