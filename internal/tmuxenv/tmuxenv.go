// Package tmuxenv takes TMUX out of the environment while the program's
// packages are initialised, until Restore puts it back. lipgloss finds
// standard output's colour profile in its own initialisation, and inside
// tmux that runs `tmux info` on the way to main (docs/PERFORMANCE.md);
// without TMUX it does not, and the app asks tmux itself while it goes on
// starting (tui/ui.ProbeProfile). Go initialises packages in import-path
// order, each once its imports are: importing only the standard library,
// this one comes before lipgloss (tui/e2e's TestColourProfileIsProbedOnce
// holds the order). Only the program's main package imports it.
package tmuxenv

import "os"

var saved, set = os.LookupEnv("TMUX")

func init() {
	if set {
		os.Unsetenv("TMUX")
	}
}

// Restore puts TMUX back as it was when the program started.
func Restore() {
	if set {
		os.Setenv("TMUX", saved)
	}
}
