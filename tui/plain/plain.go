// Package plain is the third front end: runs written as plain lines, for
// pipes and logs, one line a turn, an annotation or a change of hands.
package plain

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/omnigap/omnigap/engine/episode"
	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/highlight"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/textsafe"
	"github.com/omnigap/omnigap/engine/view"
)

// Printer writes runs as plain lines. Every piece of scenario and model
// text is sanitized.
type Printer struct {
	Out      io.Writer
	Scenario *scenario.Scenario
	// said holds each completed turn's text, which annotations point
	// into: the model check's may come turns later.
	said map[turnOf]string
}

// turnOf names a turn of a run.
type turnOf struct {
	run  string
	turn int
}

// Title writes the scenario's title and setting.
func (p *Printer) Title() {
	fmt.Fprintf(p.Out, "%s\n%s\n\n", clean(p.Scenario.Title), clean(strings.TrimSpace(p.Scenario.Setting)))
}

// Event writes one event of a run of mode.
func (p *Printer) Event(mode view.Mode, live *episode.Live, ev event.Event) {
	tag := "[" + mode.Label() + "]"
	switch ev.Kind {
	case event.RunStarted:
		fmt.Fprintf(p.Out, "%s %s plays seat 0, %s plays seat 1\n", tag, clean(live.Backends[0]), clean(live.Backends[1]))
	case event.TurnCompleted:
		role := p.Scenario.Seats[ev.Seat].Role
		if p.said == nil {
			p.said = map[turnOf]string{}
		}
		p.said[turnOf{ev.RunID, ev.Turn}] = ev.Action.Text
		fmt.Fprintf(p.Out, "%s %s (%s): %s\n", tag, clean(ev.Speaker), clean(role), describe(*ev.Action))
	case event.Annotated:
		a := ev.Annotation
		fmt.Fprintf(p.Out, "%s   ^ %s%s %q: %s\n", tag, clean(string(a.Kind)), qualifier(*a, ev.Turn), clean(span(p.said[turnOf{ev.RunID, ev.Turn}], a.Start, a.End)), clean(a.FactID))
	case event.Control:
		fmt.Fprintf(p.Out, "%s %s: seat %d now played by %s\n", tag, clean(ev.Control), ev.Seat, clean(ev.Backend))
	case event.Error:
		fmt.Fprintf(p.Out, "%s error in turn %d: %s\n", tag, ev.Turn, clean(ev.Error))
	case event.RunEnded:
		fmt.Fprintf(p.Out, "%s ended after %d turns (%s): %s\n\n", tag, ev.Ending.Turns, clean(string(ev.Ending.Reason)), clean(ev.Ending.Outcome.Summary))
	}
}

// qualifier says, in brackets, when an annotation is the model check's
// (turn N: it may come later), a denial (not counted) or an approximate
// mention (highlight.Qualifier).
func qualifier(a event.Annotation, turn int) string {
	if a.Source == event.ByModel {
		return fmt.Sprintf(" (model check %s, turn %d)", event.ModelMarker, turn)
	}
	return highlight.Qualifier(a)
}

// describe renders an action as text with its structured part in brackets.
func describe(a event.Action) string {
	text := clean(a.Text)
	move := clean(scenario.Label(a))
	switch {
	case move == "":
		return text
	case text == "":
		return "[" + move + "]"
	}
	return text + " [" + move + "]"
}

// span returns the code points start..end of text, or "" when out of range.
func span(text string, start, end int) string {
	r := []rune(text)
	if start < 0 || end > len(r) || start > end {
		return ""
	}
	return string(r[start:end])
}

func clean(s string) string {
	return strings.ReplaceAll(textsafe.Clean(s), "\n", " ")
}

// Play plays a run of each mode one after another at full speed, the
// episode of each given by spec, and prints it.
func Play(ctx context.Context, out io.Writer, sc *scenario.Scenario, modes []view.Mode, spec func(view.Mode) episode.Spec) error {
	p := Printer{Out: out, Scenario: sc}
	p.Title()
	for _, mode := range modes {
		live, err := episode.Start(ctx, spec(mode))
		if err != nil {
			return err
		}
		for ev := range live.Events {
			p.Event(mode, live, ev)
		}
		if _, err := live.Wait(); err != nil {
			return err
		}
	}
	return ctx.Err()
}
