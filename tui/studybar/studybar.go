// Package studybar draws a headless study's progress on a terminal.
package studybar

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"charm.land/bubbles/v2/progress"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/batch"
)

// Display draws a headless study's progress on a terminal, below the
// command line: one bar per mode with its episodes done, then the rate,
// the time left, tokens and errors. It reads no input, so ctrl-c reaches
// the command as a signal and stops the study cleanly.
type Display struct {
	out  io.Writer
	prog *tea.Program
	done chan struct{}
}

// refresh is how often the display redraws.
const refresh = 100 * time.Millisecond

// Start starts drawing on out. latest returns the study's
// progress as it stands; it is called from the display's goroutine. When
// ctx ends (ctrl-c) the display says the study is stopping.
func Start(ctx context.Context, out io.Writer, latest func() batch.Progress, opts ...tea.ProgramOption) *Display {
	m := model{ctx: ctx, latest: latest, width: 80}
	opts = append([]tea.ProgramOption{tea.WithOutput(out), tea.WithInput(nil), tea.WithoutSignalHandler()}, opts...)
	d := &Display{out: out, prog: tea.NewProgram(m, opts...), done: make(chan struct{})}
	go func() {
		defer close(d.done)
		// A display that cannot draw must not stop the study: its
		// figures are also in summary.json and the table.
		d.prog.Run() //nolint:errcheck

	}()
	return d
}

// Stop draws the final progress, leaves it on the screen and returns when
// the display has let go of the terminal.
func (d *Display) Stop() {
	d.prog.Send(doneMsg{})
	<-d.done
	// Bubble Tea leaves the cursor on the last line it drew; what the
	// command prints next goes below it.
	fmt.Fprintln(d.out)
}

type (
	tickMsg struct{}
	doneMsg struct{}
)

type model struct {
	ctx      context.Context
	latest   func() batch.Progress
	progress batch.Progress
	width    int
}

func (m model) Init() tea.Cmd { return tick() }

func tick() tea.Cmd {
	return tea.Tick(refresh, func(time.Time) tea.Msg { return tickMsg{} })
}

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width = msg.Width
	case tickMsg:
		m.progress = m.latest()
		return m, tick()
	case doneMsg:
		m.progress = m.latest()
		return m, tea.Quit
	}
	return m, nil
}

var modeLabel = lipgloss.NewStyle().Bold(true)

func (m model) View() tea.View {
	out := render(m.progress, m.width)
	if m.ctx.Err() != nil {
		out += "\nstopping: the episodes in flight end and are recorded as canceled; ctrl-c again quits at once"
	}
	return tea.NewView(out)
}

// render draws the progress at a terminal width.
func render(p batch.Progress, width int) string {
	labelWidth := 0
	for _, mp := range p.Modes {
		labelWidth = max(labelWidth, len(mp.Mode.Label()))
	}
	var b strings.Builder
	for _, mp := range p.Modes {
		count := fmt.Sprintf(" %d/%d", mp.Done, mp.Total)
		bar := progress.New(progress.WithDefaultBlend(), progress.WithWidth(max(10, width-labelWidth-1-len(count)-1)))
		frac := 0.0
		if mp.Total > 0 {
			frac = float64(mp.Done) / float64(mp.Total)
		}
		fmt.Fprintf(&b, "%s %s%s\n", modeLabel.Render(fmt.Sprintf("%-*s", labelWidth, mp.Mode.Label())), bar.ViewAs(frac), count)
	}
	b.WriteString(ansi.Wordwrap(status(p), width, ""))
	return b.String()
}

// status is the line under the bars, also printed alone when the
// output is not a terminal.
func status(p batch.Progress) string {
	parts := []string{fmt.Sprintf("%d/%d episodes", p.Done, p.Total)}
	if p.Skipped > 0 {
		parts = append(parts, fmt.Sprintf("%d already recorded", p.Skipped))
	}
	if rate, left := p.Pace(); rate > 0 {
		parts = append(parts, fmt.Sprintf("%.1f/s", rate), fmt.Sprintf("%s left", left))
	}
	if p.Tokens > 0 {
		parts = append(parts, fmt.Sprintf("%d tokens", p.Tokens))
	}
	if p.Retries > 0 {
		parts = append(parts, fmt.Sprintf("%d retries", p.Retries))
	}
	parts = append(parts, fmt.Sprintf("%d errors", p.Errors))
	return strings.Join(parts, " · ")
}

// StatusLine is the study's progress as one plain line.
func StatusLine(p batch.Progress) string {
	var modes []string
	for _, mp := range p.Modes {
		modes = append(modes, fmt.Sprintf("%s %d/%d", mp.Mode, mp.Done, mp.Total))
	}
	return status(p) + " (" + strings.Join(modes, ", ") + ")"
}
