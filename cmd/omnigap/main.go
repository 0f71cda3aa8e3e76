// Command omnigap watches LLM social simulations in SCRIPT, AGENTS and
// MINDREADERS modes side by side, and measures the gap between them.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"sync/atomic"
	"syscall"

	_ "github.com/omnigap/omnigap/engine/builtin/all" // every family's built-in players
	_ "github.com/omnigap/omnigap/engine/family/all"  // every scenario family
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/safefile"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/internal/tmuxenv" // initialised before lipgloss: see the package
	"github.com/omnigap/omnigap/tui/ui"
)

func main() { os.Exit(runMain()) }

// runMain runs the command line and returns the exit code.
func runMain() int {
	tmuxenv.Restore()
	ui.ProbeProfile()
	for name, limit := range map[string]*int64{"OMNIGAP_MAX_SCENARIO_BYTES": &scenario.MaxFileBytes, "OMNIGAP_MAX_RECORDING_BYTES": &record.MaxFileBytes} {
		v := os.Getenv(name)
		if v == "" {
			continue
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			fmt.Fprintf(os.Stderr, "omnigap: %s: must be a positive number of bytes (got %q)\n", name, textsafe.Clean(v))
			return 2
		}
		*limit = n
	}
	ctx, cancel := context.WithCancel(context.Background())
	go stopOnSignals(cancel)
	err := newRootCmd().ExecuteContext(ctx)
	cancel()
	if err != nil {
		// Errors quote files and model replies: nothing raw reaches the
		// terminal; a file is named as the user gave it (safefile.Explain).
		fmt.Fprintln(os.Stderr, "omnigap:", textsafe.Clean(safefile.Explain(err).Error()))
		return 1
	}
	return 0
}

// stopNoticeShown is set while a screen (the progress bars of a run) says
// itself that the command is stopping.
var stopNoticeShown atomic.Bool

// stopOnSignals cancels the command on the first SIGINT or SIGTERM, so it
// can stop cleanly (a run writes its summary), and ends the process at once
// on the second, once the recordings' buffered lines are written.
func stopOnSignals(cancel context.CancelFunc) {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	<-sigs
	cancel()
	if !stopNoticeShown.Load() {
		fmt.Fprintln(os.Stderr, "\nomnigap: stopping; press ctrl-c again to quit at once")
	}
	<-sigs
	record.FlushAll()
	os.Exit(130)
}
