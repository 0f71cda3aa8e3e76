package pane

import "github.com/omnigap/omnigap/engine/view"

// Captions say in one line what each mode's pane is (presenter mode);
// ShortCaptions fit a third of 80 columns and still read as whole
// phrases.
var (
	Captions = map[view.Mode]string{
		view.Script:      "one writer knows both sides",
		view.Agents:      "each side knows only its own",
		view.Mindreaders: "each side is told the other's",
		view.Humans:      "two people, as recorded",
	}
	ShortCaptions = map[view.Mode]string{
		view.Script:      "one writer, both sides",
		view.Agents:      "each knows its own facts",
		view.Mindreaders: "each knows both sides",
		view.Humans:      "two people, recorded",
	}
)
