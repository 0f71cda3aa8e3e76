package llm

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/scenario"
	"github.com/omnigap/omnigap/engine/view"
)

// Writer is the SCRIPT backend: one omniscient writer serving both seats.
// One streaming call writes the whole episode; the stream is parsed line
// by line while it arrives, and each Turn hands out the next turn as soon
// as its line is complete, streaming its words meanwhile.
type Writer struct {
	name   string
	call   *caller
	params Params
	view   view.View
	who    speakers
	system string
	intro  string
	handed []event.Action
	cur    *script
}

func newWriter(name string, c *caller, p Params, v view.View) *Writer {
	return &Writer{name: name, call: c, params: p, view: v, who: speakers{view: v},
		system: writerSystem(v.Family), intro: background(v)}
}

// Name says which model writes.
func (w *Writer) Name() string { return w.name }

// Turn returns turn req.Turn of the script, starting the script on the
// first call. When the history is not what the writer wrote (a human took
// a seat), it asks the model for the next turn given the real history.
func (w *Writer) Turn(ctx context.Context, req run.Request) (run.Result, error) {
	switch diverged := !w.matches(req.History); {
	case w.cur == nil || diverged:
		w.start(ctx, req.History, req.Turn, w.cur != nil && diverged)
	case w.cur.failedBefore(req.Turn):
		w.start(ctx, req.History, req.Turn, false)
	}
	res, err := w.await(ctx, req)
	a := res.Action
	if err != nil {
		a = event.Action{Type: event.None}
	}
	w.handed = append(w.handed, a)
	return res, err
}

// matches says whether the history is exactly what the writer handed out.
func (w *Writer) matches(history []run.Turn) bool {
	if len(history) != len(w.handed) {
		return false
	}
	for i, t := range history {
		if !sameAction(t.Action, w.handed[i]) {
			return false
		}
	}
	return true
}

func sameAction(a, b event.Action) bool {
	if a.Type != b.Type || a.Text != b.Text || a.Friend != b.Friend || (a.Price == nil) != (b.Price == nil) {
		return false
	}
	return a.Price == nil || *a.Price == *b.Price
}

// start begins a script stream that writes from turn n on. onlyOne asks
// for that single turn.
func (w *Writer) start(ctx context.Context, history []run.Turn, n int, onlyOne bool) {
	if w.cur != nil {
		w.cur.cancel()
	}
	var b strings.Builder
	b.WriteString(w.intro)
	dialogue(&b, w.view, history)
	b.WriteString(writerAsk(w.view, n, onlyOne))
	msgs := []chat.Message{{Role: chat.System, Content: w.system}, {Role: chat.User, Content: b.String()}}
	sctx, cancel := context.WithCancel(ctx)
	s := &script{first: n, changed: make(chan struct{}), cancel: cancel, onlyOne: onlyOne, who: w.who}
	w.cur = s
	go w.write(sctx, s, msgs)
}

// write runs the stream, with one re-ask for a line that cannot be read
// and one continuation for a stream cut off mid-script.
func (w *Writer) write(ctx context.Context, s *script, msgs []chat.Message) {
	reasked, resumed := false, false
	for {
		cctx, stop := context.WithCancel(ctx)
		req := chat.Request{Model: w.params.Model, Messages: msgs, Temperature: w.params.Temperature,
			MaxTokens: w.params.MaxTokens, Seed: w.params.Seed}
		_, usage, err := w.call.call(cctx, req, func(d string) {
			if !s.feed(d) {
				stop()
			}
		})
		stop()
		s.addUsage(usage)
		bad, enough := s.state()
		var ce *chat.Error
		switch {
		case bad != "" && !reasked:
			reasked = true
			msgs = s.followUp(msgs, w.view, "A line does not follow the format: "+bad+". ")
		case bad != "":
			s.finish(fmt.Errorf("the script cannot be read after one re-ask: %s", bad))
			return
		case enough:
			s.finish(nil)
			return
		case err == nil:
			s.flush()
			s.finish(nil)
			return
		case errors.As(err, &ce) && (ce.Kind == chat.Cut || ce.Kind == chat.Malformed) && !resumed:
			resumed = true
			msgs = s.followUp(msgs, w.view, "")
		default:
			s.finish(err)
			return
		}
	}
}

// await waits for turn req.Turn, streaming its words as they arrive.
func (w *Writer) await(ctx context.Context, req run.Request) (run.Result, error) {
	s := w.cur
	var (
		res   run.Result
		shown string
	)
	show := func(text string) {
		if strings.HasPrefix(text, shown) && len(text) > len(shown) {
			req.Emit(text[len(shown):])
			shown = text
		}
	}
	for {
		s.mu.Lock()
		res.Usage = append(res.Usage, s.usage...)
		s.usage = nil
		i := req.Turn - s.first
		if i >= 0 && i < len(s.turns) && (s.done || !endsRun(s.turns[i], req.Turn, w.view.MaxTurns)) {
			res.Action = s.turns[i]
			s.mu.Unlock()
			show(res.Action.Text)
			return res, nil
		}
		if s.done && (i < 0 || i >= len(s.turns)) {
			err := s.err
			s.mu.Unlock()
			// A script that ended before this turn says nothing more.
			res.Action = event.Action{Type: event.None}
			return res, err
		}
		partial := ""
		if i == len(s.turns) {
			partial = w.who.partialText(s.open, req.Seat)
		}
		ch := s.changed
		s.mu.Unlock()
		show(partial)
		select {
		case <-ch:
		case <-ctx.Done():
			return res, ctx.Err()
		}
	}
}

// endsRun says whether a turn probably ends the run; such a turn is handed
// out only once the stream has finished, so the call's usage goes with it.
func endsRun(a event.Action, n, maxTurns int) bool {
	switch a.Type {
	case event.Accept, event.Reject, event.Leave, event.Select:
		return true
	}
	return n >= maxTurns
}

// writerSystem is the writer's system message; it depends only on the
// family.
func writerSystem(f scenario.Family) string {
	return `You are a scriptwriter. You write a whole conversation between two characters, both sides of it, from its first turn to its end. You know everything about both characters.

Write only the script: one turn per line, the two characters taking turns, each line a number, the speaker's name, a colon and the words:
1. Name: what they say
2. Other name: what they say

A turn that is not plain speech starts with a tag right after the colon:
  [non-verbal] a gesture or expression
  [action] a physical action
  [leave] parting words; the character leaves and the conversation ends
` + familyFormat(f) + `
When the conversation is over, write END on a line of its own.`
}

// writerAsk closes the writer's user message.
func writerAsk(v view.View, n int, onlyOne bool) string {
	name := v.Seats[(n-1)%2].Name
	if onlyOne {
		return fmt.Sprintf("\nWrite only turn %d, spoken by %s, as one line in the script format.", n, name)
	}
	if n == 1 {
		return fmt.Sprintf("(nothing yet)\nWrite the script now: at most %d turns, starting with turn 1 by %s.", v.MaxTurns, name)
	}
	return fmt.Sprintf("\nContinue the script from turn %d, spoken by %s; the conversation has at most %d turns.", n, name, v.MaxTurns)
}
