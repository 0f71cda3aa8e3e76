package tui

import (
	"strings"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/tuitest"
)

// longEpisode is a 240x60 model with 3 panes of 2,000 finished turns,
// every tenth one annotated.
func longEpisode(b *testing.B) *model {
	m := syntheticModel(b, view.Modes, 240, 60)
	words := strings.Fields("I could do four hundred if you pick it up today and bring cash because the frame has a small scratch near the seat tube")
	var batch batchMsg
	for _, p := range m.panes {
		var evs []event.Event
		for n := 1; n <= 2000; n++ {
			text := strings.Join(words[:8+n%(len(words)-8)], " ") + "."
			var anns []event.Annotation
			if n%10 == 0 {
				anns = append(anns, event.Annotation{Kind: event.Kinds[n/10%len(event.Kinds)].Kind, Start: 8, End: 21})
			}
			evs = append(evs, tuitest.Turn(p.RunID(), n, text, anns...)...)
		}
		batch = append(batch, runEvents{run: p.RunID(), events: evs})
	}
	m.Update(batch)
	m.View()
	return m
}

// BenchmarkViewLongEpisode draws the screen after scrolling the focused
// pane by one line, so every View lays out a new window of the transcript.
func BenchmarkViewLongEpisode(b *testing.B) {
	m := longEpisode(b)
	m.Update(press("pgup"))
	up, down := press("up"), press("down")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%2 == 0 {
			m.Update(up)
		} else {
			m.Update(down)
		}
		m.View()
	}
}

// BenchmarkStreamDelta appends one delta to the streaming turn of a long
// episode and draws the screen; every 60 deltas the turn completes and the
// next one starts, as in a live run.
func BenchmarkStreamDelta(b *testing.B) {
	m := longEpisode(b)
	live := newLiveTurns(m)
	b.ReportAllocs()
	for b.Loop() {
		live.delta()
		m.View()
		live.completeEvery(60)
	}
}

// liveTurns feeds the first pane of a model as a live run does: a turn
// starts, deltas stream into it, it completes and the next one starts.
type liveTurns struct {
	m      *model
	base   event.Event
	turn   int
	deltas int
	text   strings.Builder
}

func newLiveTurns(m *model) *liveTurns {
	p := m.panes[0]
	l := &liveTurns{m: m, base: event.Event{RunID: p.RunID(), Seat: 0, Speaker: "Alice", Backend: "fixture"}, turn: p.Completed() + 1}
	l.start()
	return l
}

func (l *liveTurns) send(ev event.Event) { l.m.Update(runBatch(l.base.RunID, []event.Event{ev})) }

func (l *liveTurns) start() {
	ev := l.base
	ev.Kind, ev.Turn, ev.Seat = event.TurnStarted, l.turn, (l.turn-1)%2
	l.send(ev)
}

// delta streams one word into the open turn.
func (l *liveTurns) delta() {
	ev := l.base
	ev.Kind, ev.Turn, ev.Delta = event.Delta, l.turn, "word "
	l.text.WriteString(ev.Delta)
	l.send(ev)
	l.deltas++
}

// completeEvery completes the open turn after every n deltas and starts
// the next.
func (l *liveTurns) completeEvery(n int) {
	if l.deltas%n != 0 {
		return
	}
	done := l.base
	done.Kind, done.Turn, done.Action = event.TurnCompleted, l.turn, &event.Action{Type: event.Speak, Text: l.text.String()}
	l.send(done)
	l.text.Reset()
	l.turn++
	l.start()
}

// BenchmarkOpenCard opens the card (c) over three runs of eight turns
// at 120x40 and draws it: the recordings so far, the card's Markdown and
// its rendering (ui.Markdown); esc closes it again.
func BenchmarkOpenCard(b *testing.B) {
	m := goldenModel(b, builtinEvents(b), 120, 40)
	c, esc := press("c"), press("esc")
	b.ReportAllocs()
	for b.Loop() {
		m.Update(c)
		m.View()
		m.Update(esc)
	}
}
