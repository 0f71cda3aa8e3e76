package tui

import (
	"context"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/omnigap/omnigap/engine/human"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
	"github.com/omnigap/omnigap/tui/pane"
	"github.com/omnigap/omnigap/tui/ui"
)

// bindings lists every binding of k by its group and field name, the
// overlays' by their key ("Overlays.i").
func bindings(k ui.KeyMap) map[string]key.Binding {
	out := map[string]key.Binding{}
	for _, b := range k.Overlays {
		out["Overlays."+b.Help().Key] = b
	}
	groups := reflect.ValueOf(k)
	for i := range groups.NumField() {
		g := groups.Field(i)
		if g.Kind() == reflect.Slice {
			continue
		}
		for j := range g.NumField() {
			b, ok := g.Field(j).Interface().(key.Binding)
			if !ok {
				panic("ui.KeyMap." + groups.Type().Field(i).Name + " holds a field that is not a key.Binding")
			}
			out[groups.Type().Field(i).Name+"."+g.Type().Field(j).Name] = b
		}
	}
	return out
}

// keyKinds are the kinds of model whose keys differ: watching,
// presenting, playing a seat, the list of a study's episodes (browse) and
// an episode opened from it.
var keyKinds = []string{"watch", "present", "play", "browse", "episode"}

// keyModel is a model of a kind with twelve turns on an 80x24 screen.
func keyModel(t *testing.T, kind string) *model {
	t.Helper()
	var m *model
	switch kind {
	case "watch":
		m = syntheticModel(t, view.Modes, 80, 24)
	case "present":
		m = presenterAt80x24(t)
		for _, p := range m.panes {
			p.Show("run-"+string(p.Mode()), [2]string{"fixture", "fixture"})
		}
	case "browse":
		m, _ = browseModel(t, 80, 24)
		for range 3 {
			m.Update(press("j")) // off the first row, so that every key moves
		}
	case "episode":
		m, _ = browseModel(t, 80, 24)
		m.Update(press("enter"))
		showOpened(m)
	case "play":
		s := &session{ctx: context.Background(), opts: Options{Scenario: tuitest.Scenario(), Modes: []view.Mode{view.Agents}, Seed: 1, Pace: 60 * time.Millisecond, Play: &PlayOptions{Seat: 0}}, feed: newFeed(frameInterval)}
		t.Cleanup(func() { s.feed.close() })
		m = newModel(s, nil)
		m.panes[0].Show("run-"+string(view.Agents), [2]string{})
		m.Update(resize(80, 24))
	}
	feedTurns(m, 12)
	return m
}

// keyPress is the press of a key as a binding names it.
func keyPress(t *testing.T, k string) tea.KeyPressMsg {
	t.Helper()
	named := map[string]tea.KeyPressMsg{
		"right": {Code: tea.KeyRight}, "left": {Code: tea.KeyLeft}, "pgdown": {Code: tea.KeyPgDown},
		"ctrl+c": {Code: 'c', Mod: tea.ModCtrl}, "delete": {Code: tea.KeyDelete}, "backspace": {Code: tea.KeyBackspace},
		"insert": {Code: tea.KeyInsert}, "f1": {Code: tea.KeyF1}, "ctrl+a": {Code: 'a', Mod: tea.ModCtrl},
		"ctrl+l": {Code: 'l', Mod: tea.ModCtrl}, "alt+n": {Code: 'n', Mod: tea.ModAlt},
		"ctrl+o": {Code: 'o', Mod: tea.ModCtrl},
	}
	msg, ok := named[k]
	if !ok {
		msg = press(k)
	}
	if msg.String() != k {
		t.Fatalf("the test presses %q for key %q", msg.String(), k)
	}
	return msg
}

// In each kind of model, `?` shows every enabled binding with its help,
// and every binding of the key map is in FullHelp.
func TestHelpShowsEveryBinding(t *testing.T) {
	for _, kind := range keyKinds {
		m := keyModel(t, kind)
		inHelp := map[string]bool{}
		for _, col := range m.keys.FullHelp() {
			for _, b := range col {
				inHelp[strings.Join(b.Keys(), " ")] = true
			}
		}
		m.Update(press("?"))
		screen := ansi.Strip(m.render())
		checkScreen(t, m.render(), 80, 24)
		listed := bindings(m.helpKeys())
		for name, b := range bindings(m.keys) {
			if !inHelp[strings.Join(b.Keys(), " ")] {
				t.Errorf("%s: %s is not in FullHelp", kind, name)
			}
			b = listed[name]
			if !b.Enabled() {
				continue
			}
			h := b.Help()
			if !regexp.MustCompile(regexp.QuoteMeta(h.Key) + ` +` + regexp.QuoteMeta(h.Desc)).MatchString(screen) {
				t.Errorf("%s: ? does not show %s (%s %s):\n%s", kind, name, h.Key, h.Desc, screen)
			}
		}
		if strings.Contains(m.helpView(), "…") {
			t.Errorf("%s: ? is cut:\n%s", kind, screen)
		}
	}
}

// keySetups put a model where a binding has something to do; a binding
// missing here fails TestEveryBindingIsHandled.
var keySetups = map[string]func(m *model){
	"Playback.Pause": nil, "Playback.Step": nil, "Playback.Faster": nil, "Playback.Slower": nil,
	"Playback.Restart": nil, "Playback.Fork": nil,
	"Navigation.Up": nil, "Navigation.PageUp": nil, "Navigation.Home": nil,
	"Navigation.Down": scrollHome, "Navigation.PageDown": scrollHome, "Navigation.End": scrollHome,
	"Navigation.GoTo": nil, "Navigation.PrevTurn": nil, "Navigation.NextTurn": nil,
	"Navigation.PrevNote": nil, "Navigation.NextNote": nil, "Navigation.Search": nil, "Navigation.Sync": nil,
	"Panes.Next": nil, "Panes.Prev": nil, "Overlays.i": nil, "Overlays.p": nil, "Overlays.c": nil, "Overlays.e": nil,
	"Panes.Unfold": nil, "Panes.Close": func(m *model) { m.Update(press("i")) },
	"Tools.TakeOver": nil, "Tools.Reveal": nil, "Tools.Type": holdSeat, "Tools.Side": holdSeat,
	"Presenter.NextScene": nil, "Presenter.Scoreboard": nil,
	"Browse.Open": nil, "Browse.SortLeft": nil, "Browse.SortRight": nil, "Browse.Reverse": nil,
	"Browse.Filter": nil, "Browse.Search": nil, "Browse.Back": nil,
	"Browse.ScrollLeft": func(m *model) { m.Update(press("right")) }, "Browse.ScrollRight": nil,
	"General.Help": nil, "General.Quit": nil, "General.Interrupt": nil,
}

func scrollHome(m *model) { m.Update(press("home")) }

// holdSeat gives the user seat 1 of the focused pane, the input box
// closed.
func holdSeat(m *model) {
	if len(m.panes) == 0 {
		return // the list of a study's episodes: enter opens one
	}
	if p := m.panes[m.focus]; p.Player() == nil {
		p.SetPlayer(pane.NewPlayer(m.scenario, 1, human.New()))
	}
	m.stack.RemoveIf(func(l ui.Layer) bool { _, ok := l.Component.(*typing); return ok })
	m.resize()
}

// Every key of every enabled binding does something in each kind of
// model: it changes the screen or returns a command.
func TestEveryBindingIsHandled(t *testing.T) {
	for name := range bindings(ui.NewKeyMap(overlayKeys())) {
		if _, ok := keySetups[name]; !ok {
			t.Errorf("keySetups has no entry for %s: say where it acts", name)
		}
	}
	for _, kind := range keyKinds {
		for name, b := range bindings(keyModel(t, kind).keys) {
			if !b.Enabled() || slices.Contains([]string{"Panes.Next", "Panes.Prev"}, name) && kind == "play" {
				continue // with one pane, tab has nowhere to go
			}
			for _, k := range b.Keys() {
				m := keyModel(t, kind)
				if setup := keySetups[name]; setup != nil {
					setup(m)
				}
				before := m.render()
				_, cmd := m.Update(keyPress(t, k))
				if cmd == nil && m.render() == before {
					t.Errorf("%s: %s (%s) did nothing:\n%s", kind, name, k, ansi.Strip(before))
				}
			}
		}
	}
}

// A key no enabled binding has does nothing: the screen stays as it was
// and no command comes back.
func TestKeysOutsideTheKeyMapDoNothing(t *testing.T) {
	candidates := []string{"left", "right", "delete", "backspace", "insert", "f1", "ctrl+a", "ctrl+l", "alt+n"}
	for r := '!'; r <= '~'; r++ {
		candidates = append(candidates, string(r))
	}
	for _, kind := range keyKinds {
		for _, panel := range []string{"", "i"} {
			for _, k := range candidates {
				m := keyModel(t, kind)
				if panel != "" {
					m.Update(press(panel))
				}
				msg := keyPress(t, k)
				bound := false
				for _, b := range bindings(m.keys) {
					bound = bound || key.Matches(msg, b)
				}
				if bound {
					continue
				}
				before := m.render()
				_, cmd := m.Update(msg)
				if cmd != nil || m.render() != before {
					t.Errorf("%s (panel %q): %q is in no binding but was handled", kind, panel, k)
				}
			}
		}
	}
}

// The presenter's footer reads the key map: its words are those of `?`.
func TestPresenterFooterUsesTheKeyMap(t *testing.T) {
	m := presenterAt80x24(t)
	footer := ansi.Strip(m.helpView())
	for _, b := range m.presenter.ShortHelp() {
		if !strings.Contains(footer, b.Help().Key+" "+b.Help().Desc) {
			t.Errorf("footer %q lacks %s %s", footer, b.Help().Key, b.Help().Desc)
		}
	}
	m.presenter.shown = true
	m.presenter.showBoard()
	if footer := ansi.Strip(m.helpView()); !strings.Contains(footer, "space next comparison") || !strings.Contains(footer, "esc back to the dialogue") {
		t.Errorf("scoreboard footer %q", footer)
	}
	// n and → both go to the next comparison; with one comparison that
	// is the same one again, restarted.
	for _, k := range []string{"n", "right"} {
		if _, cmd := m.Update(keyPress(t, k)); cmd == nil {
			t.Errorf("%s does not start the next comparison", k)
		}
	}
}
