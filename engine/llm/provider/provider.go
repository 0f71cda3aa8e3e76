// Package provider is the table of the servers omnigap knows by name:
// where each usually listens, which key variable may go to it, and its
// quirks, the ways its requests depart from the common chat-completions
// protocol. The --provider flag's help, the config file's check of
// "provider", the errors that list the names and docs/LLM.md's table are
// all made from it.
package provider

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/omnigap/omnigap/engine/llm/chat"
)

// Provider is one kind of server.
type Provider struct {
	Name string
	// BaseURL is where it usually listens; --provider fills it in.
	BaseURL string
	// KeyEnv is the variable whose key goes to this provider's host when
	// the user names none (--api-key-env), and to no other host.
	KeyEnv string
	// DefaultModel plays every role when none is named.
	DefaultModel string
	// Quirks adapt every request sent to it, in order.
	Quirks []Quirk
}

// Quirk is one way a provider departs from the common protocol. It
// changes a request just before it is sent, after the role has made it
// and before retries, so every try carries it.
type Quirk struct {
	// Name is the parameter or behaviour it concerns, as docs/LLM.md
	// lists it.
	Name  string
	Apply func(*chat.Request)
}

// Adapt applies the provider's quirks to req.
func (p Provider) Adapt(req *chat.Request) {
	for _, q := range p.Quirks {
		q.Apply(req)
	}
}

// Host is the host name of the provider's usual endpoint.
func (p Provider) Host() string {
	u, err := url.Parse(p.BaseURL)
	if err != nil {
		return ""
	}
	return u.Hostname()
}

// Register adds a row to the table (table.go holds the built-in ones).
// Registering a name twice, or a row without a name or a base URL,
// panics.
func Register(p Provider) {
	if p.Name == "" || p.BaseURL == "" {
		panic(fmt.Sprintf("provider: a row needs a name and a base URL: %+v", p))
	}
	if _, dup := Lookup(p.Name); dup {
		panic(fmt.Sprintf("provider: %q registered twice", p.Name))
	}
	registry = append(registry, p)
}

// Lookup finds a provider by name.
func Lookup(name string) (Provider, bool) {
	for _, p := range registry {
		if p.Name == name {
			return p, true
		}
	}
	return Provider{}, false
}

// All lists the providers in table order.
func All() []Provider { return append([]Provider(nil), registry...) }

// Default is the provider used when no endpoint is named.
func Default() Provider { return registry[0] }

// Names lists the names as prose: "openai, vllm or ollama".
func Names() string {
	names := make([]string, len(registry))
	for i, p := range registry {
		names[i] = p.Name
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Check says what is wrong with a provider name, or "" when it is known.
func Check(name string) string {
	if _, ok := Lookup(name); ok {
		return ""
	}
	return fmt.Sprintf("%q: want %s", name, Names())
}

// At is the provider whose usual endpoint base is on (same host and
// port), when the user named none: a base URL of api.openai.com gets the
// openai row's quirks without --provider openai.
func At(base string) (Provider, bool) {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" {
		return Provider{}, false
	}
	for _, p := range registry {
		if pu, err := url.Parse(p.BaseURL); err == nil && pu.Host == u.Host {
			return p, true
		}
	}
	return Provider{}, false
}

// KeyFor is the variable whose key goes to base when the user names
// none: the KeyEnv of the provider whose usual host base is on, or "".
func KeyFor(base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return ""
	}
	for _, p := range registry {
		if p.KeyEnv != "" && u.Hostname() == p.Host() {
			return p.KeyEnv
		}
	}
	return ""
}

// KeyVariables are every provider's key variable, for scrubbing the keys
// they hold from errors even where they are not sent.
func KeyVariables() []string {
	var out []string
	for _, p := range registry {
		if p.KeyEnv != "" {
			out = append(out, p.KeyEnv)
		}
	}
	return out
}

// Markdown is the table docs/LLM.md shows; a test keeps the two equal.
func Markdown() string {
	var b strings.Builder
	b.WriteString("| provider | usual base URL | key its host gets unless `--api-key-env` names one | default model | quirks |\n|---|---|---|---|---|\n")
	for _, p := range registry {
		quirks := make([]string, len(p.Quirks))
		for i, q := range p.Quirks {
			quirks[i] = "`" + q.Name + "`"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", p.Name, p.BaseURL, orNone(p.KeyEnv, "`"), orNone(p.DefaultModel, "`"), orNone(strings.Join(quirks, ", "), ""))
	}
	return b.String()
}

func orNone(s, quote string) string {
	if s == "" {
		return "none"
	}
	return quote + s + quote
}
