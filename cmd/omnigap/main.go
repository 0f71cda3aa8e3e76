// Command omnigap watches LLM social simulations in SCRIPT, AGENTS and
// MINDREADERS modes side by side, and measures the gap between them.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := newRootCmd().ExecuteContext(ctx)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "omnigap:", err)
		os.Exit(1)
	}
}
