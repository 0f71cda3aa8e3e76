package leak

import (
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
)

// MakerKind is the kind a partner's private fact gets when the mode's own
// maker says it and the speaker's character could not know it: a leak
// from the SCRIPT writer, who holds everything; a mind-read from a
// MINDREADERS agent, who was given it; a guess from an AGENTS agent or a
// HUMANS person, who never held it.
func MakerKind(mode view.Mode) event.AnnotationKind {
	switch mode {
	case view.Script:
		return event.Leak
	case view.Mindreaders:
		return event.MindRead
	}
	return event.Guess
}
