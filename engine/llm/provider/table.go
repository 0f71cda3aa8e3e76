package provider

import "github.com/omnigap/omnigap/engine/llm/chat"

// registry is the table, in the order help and errors list it. The first
// row is the default, used when no endpoint is named.
var registry = []Provider{
	{Name: "openai", BaseURL: "https://api.openai.com/v1", KeyEnv: "OPENAI_API_KEY", DefaultModel: "gpt-4o-mini",
		Quirks: []Quirk{CompletionTokens}},
	{Name: "vllm", BaseURL: "http://localhost:8000/v1"},
	{Name: "ollama", BaseURL: "http://localhost:11434/v1"},
	{Name: "llamacpp", BaseURL: "http://localhost:8080/v1"},
	{Name: "lmstudio", BaseURL: "http://localhost:1234/v1"},
}

// CompletionTokens sends the reply cap as max_completion_tokens, the name
// OpenAI's own API prefers; local servers know only max_tokens.
var CompletionTokens = Quirk{Name: "max_completion_tokens", Apply: func(r *chat.Request) { r.CompletionTokensField = true }}
