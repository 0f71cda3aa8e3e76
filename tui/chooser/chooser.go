// Package chooser is a question under a pane with a few answers, each
// picked by its key or with the arrows and enter: which seat to take
// over, what plays a fork. Any other key closes it and does what it does.
package chooser

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/tui/ui"
)

// Option is one answer: the key that picks it and its line, as drawn
// after the cursor's mark.
type Option struct {
	Key  string
	Line string
}

// Chooser asks the question.
type Chooser struct {
	ui.Common
	title, hints string
	options      []Option
	cursor       int
	choose       func(i int) tea.Cmd
}

// New asks title (drawn on the rule, hints beside it); choose acts on the
// answer picked, by its index in options.
func New(c ui.Common, title, hints string, options []Option, choose func(i int) tea.Cmd) *Chooser {
	return &Chooser{Common: c, title: title, hints: hints, options: options, choose: choose}
}

// Layer is how a chooser sits on the stack: under a pane, closed by any
// key that is not its own; onClose runs when it goes.
func (c *Chooser) Layer(onClose func()) ui.Layer {
	return ui.Layer{Component: c, Place: ui.Dock, Keys: ui.CloseOnOtherKeys, OnClose: onClose}
}

// Bindings pick an answer by its key, move the cursor, pick the one under
// it, or close the question.
func (c *Chooser) Bindings() []ui.Binding {
	k := c.Keys
	var out []ui.Binding
	for i, o := range c.options {
		out = append(out, ui.Binding{Key: key.NewBinding(key.WithKeys(o.Key)), Do: c.pick(func() int { return i }), Closes: true})
	}
	return append(out,
		ui.Binding{Key: k.Navigation.Up, Do: c.move(-1)},
		ui.Binding{Key: k.Panes.Prev, Do: c.move(-1)},
		ui.Binding{Key: k.Navigation.Down, Do: c.move(1)},
		ui.Binding{Key: k.Panes.Next, Do: c.move(1)},
		ui.Binding{Key: k.Tools.Type, Do: c.pick(func() int { return c.cursor }), Closes: true},
		ui.Binding{Key: k.Panes.Close, Closes: true},
	)
}

func (c *Chooser) pick(i func() int) func(tea.KeyPressMsg) tea.Cmd {
	return func(tea.KeyPressMsg) tea.Cmd { return c.choose(i()) }
}

func (c *Chooser) move(d int) func(tea.KeyPressMsg) tea.Cmd {
	return func(tea.KeyPressMsg) tea.Cmd {
		c.cursor = min(max(c.cursor+d, 0), len(c.options)-1)
		return nil
	}
}

// Update does nothing: every key it takes is a binding.
func (c *Chooser) Update(tea.Msg) tea.Cmd { return nil }

// SetSize does nothing: the question is as wide as its pane.
func (c *Chooser) SetSize(int, int) {}

// Render returns the question's lines, each exactly width cells.
func (c *Chooser) Render(width, _ int) []string {
	st := c.Styles
	out := []string{ui.DockRule(c.title, c.hints, width, st)}
	for i, o := range c.options {
		mark := "  "
		if i == c.cursor {
			mark = st.Title.Render("› ")
		}
		out = append(out, ui.Fit(mark+o.Line, width))
	}
	return out
}

// ShortHelp leaves the footer to the app.
func (c *Chooser) ShortHelp() []key.Binding { return nil }
