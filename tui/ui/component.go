// Package ui is what every part of the TUI shares: the Component
// interface and the Stack that routes keys to the component on top, the
// bindings that carry a key's handler and help together, the key map, the
// styles and the helpers that fit styled text to cells.
package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Component is one layer of the screen: the panes, a panel over them, a
// question under a pane or in the footer, the presenter. It does no IO;
// what it asks of the app comes back as commands or through the
// functions it was made with.
type Component interface {
	// Bindings are the keys the component answers to while keys reach
	// it, matched in order; the first enabled one that matches acts.
	Bindings() []Binding
	// Update handles every other message: the app's typed messages
	// (FocusMsg, RunMsg), the mouse, and, for a layer that takes keys
	// (TakeKeys), the keys none of its bindings matched.
	Update(msg tea.Msg) tea.Cmd
	// SetSize gives the component its size in cells.
	SetSize(width, height int)
	// Render returns exactly height lines of exactly width cells (a
	// component shown under a pane returns its own number of lines).
	Render(width, height int) []string
	// ShortHelp is the footer's key line while the component is the top
	// layer with one; nil leaves it to the layers under it.
	ShortHelp() []key.Binding
}

// Binding is one key of a component with everything about it in one
// place, so the footer, `?` and the handler cannot drift apart: its keys
// and help text (from the KeyMap), what it does, and why it does nothing
// now.
type Binding struct {
	Key key.Binding
	// Do acts on the key; nil for a key that only says why not.
	Do func(msg tea.KeyPressMsg) tea.Cmd
	// Disabled says why the key does nothing now ("" when it acts); the
	// app shows the reason. Nil: always acts.
	Disabled func() string
	// Closes takes the component off the stack after Do.
	Closes bool
}

// FocusMsg tells the layers that the focus moved to another pane.
type FocusMsg struct{}

// RestyleMsg tells the layers that the styles changed (a light
// background): what they keep drawn is drawn again.
type RestyleMsg struct{}

// RunMsg tells the layers that events of run reached its pane.
type RunMsg struct{ Run string }

// Common is what every component is made with: the app's key map and
// styles, which the app changes in place (presenter mode, a light
// background).
type Common struct {
	Keys   *KeyMap
	Styles *Styles
}
