// Package prompt is the one-line question the footer asks while the user
// types its answer: a turn to go to (g), text to search for (/).
package prompt

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/tui/ui"
)

// Prompt asks one question; every key goes to it until enter or esc.
type Prompt struct {
	ui.Common
	question string
	text     string
	takes    func(typed string) bool
	answer   func(text string) tea.Cmd
}

// New asks question; takes says which typed text it accepts (nil: all),
// answer acts on the answer given with enter.
func New(c ui.Common, question string, takes func(typed string) bool, answer func(text string) tea.Cmd) *Prompt {
	return &Prompt{Common: c, question: question, takes: takes, answer: answer}
}

// Layer is how a prompt sits on the stack: in the footer, with every key.
func (p *Prompt) Layer() ui.Layer {
	return ui.Layer{Component: p, Place: ui.Footer, Keys: ui.TakeKeys}
}

// Status is the question with the answer so far, shown in the footer.
func (p *Prompt) Status() string { return p.question + p.text + "▏ enter · esc" }

// Bindings answer or leave the question.
func (p *Prompt) Bindings() []ui.Binding {
	return []ui.Binding{
		{Key: p.Keys.Panes.Close, Closes: true},
		{Key: p.Keys.Tools.Type, Do: func(tea.KeyPressMsg) tea.Cmd { return p.answer(p.text) }, Closes: true},
	}
}

// Update types a key into the answer; backspace takes the last character
// back.
func (p *Prompt) Update(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	switch {
	case !ok:
	case k.String() == "backspace":
		if r := []rune(p.text); len(r) > 0 {
			p.text = string(r[:len(r)-1])
		}
	case p.takes == nil || p.takes(k.Text):
		p.text += textsafe.Clean(k.Text)
	}
	return nil
}

// SetSize does nothing: the question is one line of the footer.
func (p *Prompt) SetSize(int, int) {}

// Render draws nothing: the footer shows Status.
func (p *Prompt) Render(int, int) []string { return nil }

// ShortHelp leaves the footer's keys to the app.
func (p *Prompt) ShortHelp() []key.Binding { return nil }
