package ui

import (
	"os"
	"sync"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
)

// probed waits for the colour profile ProbeProfile is finding; nil when no
// probe was started, and lipgloss's own is right.
var probed func() colorprofile.Profile

// ProbeProfile starts finding standard output's colour profile, as
// lipgloss does (inside tmux, `tmux info` says whether it passes 24-bit
// colour), while the program goes on starting; TerminalProfile waits for
// it. The program calls it once, first, with TMUX back in the environment
// (internal/tmuxenv kept it from lipgloss, so lipgloss's start did not
// wait for tmux).
func ProbeProfile() {
	found := make(chan colorprofile.Profile, 1)
	go func() { found <- colorprofile.Detect(os.Stdout, os.Environ()) }()
	probed = sync.OnceValue(func() colorprofile.Profile {
		lipgloss.Writer.Profile = <-found
		return lipgloss.Writer.Profile
	})
}

// TerminalProfile hands Bubble Tea standard output's colour profile (the
// probe's, else the one lipgloss found when the program started), so the
// terminal is probed once: inside tmux each probe runs `tmux info` before
// the first frame (docs/PERFORMANCE.md). Programs take it before the
// caller's options, so one given another output (a test, an SSH session)
// sets that output's profile after it.
func TerminalProfile() tea.ProgramOption {
	if probed != nil {
		probed()
	}
	return tea.WithColorProfile(lipgloss.Writer.Profile)
}
