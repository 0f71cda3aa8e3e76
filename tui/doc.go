// Package tui is the live side-by-side screen: one pane per mode, each
// following one run's events, with pause, step, pace, scrolling, the
// who-knows-what panel and the prompt audit. The user can take a seat
// over and type its moves, or play one seat from the start (Options.Play);
// omnigap demo makes it a presenter (Options.Demo).
//
// The root model (model.go) holds a stack of components (ui.Stack): the
// app's own keys at the bottom (keys.go), the presenter's in presenter
// mode (presenter.go), the panes (screen.go), and whatever opens over
// them: a full-screen panel (overlays.go, tui/overlay), the scoreboard
// (tui/presenter), a question under a pane (tui/chooser), the input box
// of a seat the user plays (takeover.go, tui/input) with that seat's side
// in a column beside the panes (yourside.go, tui/side), a question in the
// footer (tui/prompt) and the full help. Keys go to the top of the stack
// and down from there; each component's bindings carry the keys, the
// handler, why the key does nothing now, and the help text together, so
// the footer, `?` and the handlers read one thing. The topmost component
// that draws the body is drawn.
//
// The model does no IO: run control goes through each run's Controller,
// and (re)starting runs happens in a command (session.go). Events reach
// the model through the feed (feed.go) as one batch per frame, each part
// tagged with its run id; the model hands them to the pane showing the
// run (tui/pane).
package tui
