package tui

import (
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// terminalProfile hands Bubble Tea the colour profile of standard output
// that lipgloss already found when the program started, so the terminal
// is probed once: inside tmux each probe runs `tmux info`, which cost
// about 15 ms of the first frame (docs/PERFORMANCE.md). It comes before
// the caller's options, so a program given another output (a test, an SSH
// session) sets that output's profile after it.
func terminalProfile() tea.ProgramOption {
	return tea.WithColorProfile(lipgloss.Writer.Profile)
}
