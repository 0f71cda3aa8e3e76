package ui

import (
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// TerminalProfile hands Bubble Tea the colour profile of standard output
// that lipgloss already found when the program started, so the terminal
// is probed once: inside tmux each probe runs `tmux info` before the first
// frame (docs/PERFORMANCE.md). Programs take it before the caller's
// options, so one given another output (a test, an SSH session) sets that
// output's profile after it.
func TerminalProfile() tea.ProgramOption {
	return tea.WithColorProfile(lipgloss.Writer.Profile)
}
