package ui

import (
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Place says where a layer draws and so which layers it hides.
type Place uint8

const (
	// Global layers answer keys wherever the app is and draw nothing in
	// the body: the app's own keys, the presenter.
	Global Place = iota
	// Body layers draw the whole body: the topmost one shows, and hides
	// the Body and Dock layers under it, which get no keys.
	Body
	// Dock layers are drawn under a pane (a seat question, the input box).
	Dock
	// Footer layers are drawn in the footer (a question, the full help).
	Footer
)

// Keys says what a layer does with a key none of its bindings matched.
type Keys uint8

const (
	// PassKeys hands the key on to the layers under it.
	PassKeys Keys = iota
	// TakeKeys gives the key to Update (typed text); the layers under
	// it never see it.
	TakeKeys
	// CloseOnOtherKeys closes the layer and hands the key on: a question
	// the user walks away from.
	CloseOnOtherKeys
)

// Layer is a component on the stack and how it sits there.
type Layer struct {
	Component Component
	Place     Place
	Keys      Keys
	// Overlay names a full-screen panel; opening one closes any other.
	Overlay string
	// OnClose runs when the layer leaves the stack.
	OnClose func()
}

// Stack is the screen's layers, bottom first. Keys go to the top layer
// first and down from there; the topmost Body layer is drawn and hides
// what is drawn under it.
type Stack struct {
	layers []Layer
	// version counts the changes, so the app knows when what is on top
	// (and with it the footer) may have changed.
	version int
}

// Push puts a layer on top.
func (s *Stack) Push(l Layer) {
	s.layers = append(s.layers, l)
	s.version++
}

// Remove takes c off the stack and reports whether it was there.
func (s *Stack) Remove(c Component) bool {
	return s.RemoveIf(func(l Layer) bool { return l.Component == c }) > 0
}

// RemoveIf takes every layer that drop accepts off the stack, topmost
// first, and returns how many it took.
func (s *Stack) RemoveIf(drop func(Layer) bool) int {
	n := 0
	for i := len(s.layers) - 1; i >= 0; i-- {
		l := s.layers[i]
		if !drop(l) {
			continue
		}
		s.layers = slices.Delete(s.layers, i, i+1)
		s.version++
		n++
		if l.OnClose != nil {
			l.OnClose()
		}
	}
	return n
}

// Version changes whenever a layer comes or goes.
func (s *Stack) Version() int { return s.version }

// Layers are the layers, bottom first.
func (s *Stack) Layers() []Layer { return s.layers }

// Find is the topmost layer that match accepts.
func (s *Stack) Find(match func(Layer) bool) (Layer, bool) {
	for i := len(s.layers) - 1; i >= 0; i-- {
		if match(s.layers[i]) {
			return s.layers[i], true
		}
	}
	return Layer{}, false
}

// Top is the top layer (zero when the stack is empty).
func (s *Stack) Top() Layer {
	if len(s.layers) == 0 {
		return Layer{}
	}
	return s.layers[len(s.layers)-1]
}

// Body is the topmost Body layer: the one drawn.
func (s *Stack) Body() Layer {
	l, _ := s.Find(func(l Layer) bool { return l.Place == Body })
	return l
}

// Reachable are the layers keys reach, top first: all but the Body and
// Dock layers under the topmost Body layer.
func (s *Stack) Reachable() []Layer {
	body := -1
	for i := len(s.layers) - 1; i >= 0 && body < 0; i-- {
		if s.layers[i].Place == Body {
			body = i
		}
	}
	out := make([]Layer, 0, len(s.layers))
	for i := len(s.layers) - 1; i >= 0; i-- {
		if p := s.layers[i].Place; i >= body || p == Global || p == Footer {
			out = append(out, s.layers[i])
		}
	}
	return out
}

// Key hands a key press to the reachable layers from the top down: the
// first binding that matches acts, or says why not (why), and a layer
// that takes or closes on other keys does so. handled is false when no
// layer wanted the key.
func (s *Stack) Key(msg tea.KeyPressMsg) (cmd tea.Cmd, why string, handled bool) {
	for _, l := range s.Reachable() {
		if b, ok := match(l.Component.Bindings(), msg); ok {
			if b.Disabled != nil {
				if why := b.Disabled(); why != "" {
					return nil, why, true
				}
			}
			if b.Do != nil {
				cmd = b.Do(msg)
			}
			if b.Closes {
				s.Remove(l.Component)
			}
			return cmd, "", true
		}
		switch l.Keys {
		case TakeKeys:
			return l.Component.Update(msg), "", true
		case CloseOnOtherKeys:
			s.Remove(l.Component)
		}
	}
	return nil, "", false
}

// Send hands msg to every layer's Update, top first, and batches what
// they return.
func (s *Stack) Send(msg tea.Msg) tea.Cmd {
	var cmds []tea.Cmd
	layers := slices.Clone(s.layers)
	for i := len(layers) - 1; i >= 0; i-- {
		cmds = append(cmds, layers[i].Component.Update(msg))
	}
	return tea.Batch(cmds...)
}

// match is the first enabled binding of bs that msg matches.
func match(bs []Binding, msg tea.KeyPressMsg) (Binding, bool) {
	for _, b := range bs {
		if key.Matches(msg, b.Key) {
			return b, true
		}
	}
	return Binding{}, false
}
