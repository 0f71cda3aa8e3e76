package main

import "github.com/omnigap/omnigap/internal/llmtest"

// modelArgs are the flags that point a command at srv's model.
func modelArgs(srv *llmtest.Server) []string {
	return []string{"--backend", "openai", "--base-url", srv.URL, "--model", "fake", "--timeout", "20s"}
}
