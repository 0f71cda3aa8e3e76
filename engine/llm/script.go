package llm

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/llm/transport"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
)

// Writer is the SCRIPT backend: one omniscient writer serving both seats.
// One streaming call writes the whole episode; the stream is parsed line
// by line while it arrives, and each Turn hands out the next turn as soon
// as its line is complete, streaming its words meanwhile.
type Writer struct {
	name   string
	call   *transport.Caller
	params Params
	view   view.View
	who    speakers
	system string
	intro  string
	handed []event.Action
	cur    *script
}

func newWriter(name string, c *transport.Caller, p Params, v view.View, prompt string) *Writer {
	return &Writer{name: name, call: c, params: p, view: v, who: speakers{view: v},
		system: WriterSystem(prompt, v.Family), intro: background(v)}
}

// Name says which model writes.
func (w *Writer) Name() string { return w.name }

// Retries are the calls the writer sent again, by kind.
func (w *Writer) Retries() map[string]int { return w.call.Retries() }

// CacheUse counts the writer's calls a reply cache answered or sent on.
func (w *Writer) CacheUse() event.CacheUse { return w.call.CacheUse() }

// Turn returns turn req.Turn of the script, starting the script on the
// first call. When the history is not what the writer wrote (a human took
// a seat), it asks the model for the next turn given the real history.
func (w *Writer) Turn(ctx context.Context, req run.Request) (run.Result, error) {
	var failed run.Result
	switch diverged := !w.matches(req.History); {
	case w.cur == nil || diverged:
		w.start(ctx, req.History, req.Turn, w.cur != nil && diverged)
	case w.cur.failedBefore(req.Turn):
		// The script failed after handing out its last turn: its failure
		// is reported with this turn, which a new script writes.
		failed = w.cur.leftover()
		w.start(ctx, req.History, req.Turn, false)
	}
	res, err := w.await(ctx, req)
	res.Usage = append(failed.Usage, res.Usage...)
	res.Failures = append(failed.Failures, res.Failures...)
	res.Reasoning = joinThought(failed.Reasoning, res.Reasoning)
	a := res.Action
	if err != nil {
		a = event.Action{Type: event.None}
	}
	w.handed = append(w.handed, a)
	return res, err
}

// matches says whether the history is exactly what the writer handed out.
func (w *Writer) matches(history []event.Turn) bool {
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

// sameAction says whether the dialogue's turn a is the turn b the writer
// handed out; a turn longer than the runner keeps is in the dialogue cut
// (run.CutOf).
func sameAction(a, b event.Action) bool {
	return a.Type == b.Type && run.CutOf(a.Text, b.Text) && reflect.DeepEqual(a.Arg, b.Arg)
}

// start begins a script stream that writes from turn n on. onlyOne asks
// for that single turn.
func (w *Writer) start(ctx context.Context, history []event.Turn, n int, onlyOne bool) {
	if w.cur != nil {
		w.cur.cancel()
	}
	var b strings.Builder
	b.WriteString(w.intro)
	dialogue(&b, history)
	b.WriteString(writerAsk(w.view, n, onlyOne))
	msgs := []chat.Message{{Role: chat.System, Content: w.system}, {Role: chat.User, Content: b.String()}}
	sctx, cancel := context.WithCancel(ctx)
	s := &script{past: history, first: n, changed: make(chan struct{}), cancel: cancel, onlyOne: onlyOne, who: w.who}
	w.cur = s
	go w.write(sctx, s, msgs)
}

// maxContinuations bounds the follow-up calls of one script after a cut:
// a stream broken off, or a reply stopped at the token limit.
const maxContinuations = 3

// write runs the stream, with one re-ask for a reply that cannot be read
// (a bad line, or no turn at all) and continuations for a stream cut off
// mid-script or at the token limit.
func (w *Writer) write(ctx context.Context, s *script, msgs []chat.Message) {
	reasked, continued := false, 0
	for try := 0; ; try++ {
		// A stream stopped because the script has all it can use says so
		// (chat.ErrReadEnough): a reply cache keeps what was read.
		cctx, stop := context.WithCancelCause(ctx)
		req := chat.Request{Model: w.params.Model, Messages: msgs, Temperature: w.params.Temperature,
			MaxTokens: w.params.MaxTokens, Seed: w.params.seedFor(s.first, try)}
		reply, usage, err := w.call.Call(cctx, req, func(d string) {
			if !s.feed(d) {
				stop(chat.ErrReadEnough)
			}
		})
		stop(nil)
		s.addUsage(usage)
		s.addReasoning(reply.Reasoning)
		bad, enough := s.state()
		var ce *chat.Error
		switch {
		case bad != "":
			f := &event.Failure{Kind: event.FormatFailure, Reply: keep(s.rawText()), Err: fmt.Errorf("a line does not follow the script format: %s", bad)}
			if reasked {
				f.Err = fmt.Errorf("the script cannot be read after one re-ask: %s", bad)
				s.finish(f)
				return
			}
			reasked = true
			w.call.Reasked()
			s.addFailure(f)
			msgs = s.followUp(msgs, w.view, "A line does not follow the format: "+bad+". ")
		case enough:
			s.finish(nil)
			return
		case err == nil && reply.FinishReason == "length":
			// Cut at the token limit: the unfinished line is dropped and
			// the script continued from the last whole turn.
			if continued == maxContinuations {
				s.finish(&event.Failure{Kind: event.FormatFailure, Reply: keep(reply.Text),
					Err: fmt.Errorf("the script was cut off at the token limit (--max-tokens) %d times", continued+1)})
				return
			}
			continued++
			msgs = s.followUp(msgs, w.view, "")
		case err == nil:
			s.flush()
			if _, wrote := s.progress(); wrote {
				s.finish(nil)
				return
			}
			f := noTurn(reply.Text)
			if reasked {
				f.Err = fmt.Errorf("%w, after one re-ask", f.Err)
				s.finish(f)
				return
			}
			reasked = true
			w.call.Reasked()
			s.addFailure(f)
			msgs = s.followUp(msgs, w.view, "No turn could be read from that answer. ")
		case errors.As(err, &ce) && (ce.Kind == chat.Cut || ce.Kind == chat.Malformed) && continued < maxContinuations:
			w.call.Retried(ce)
			continued++
			msgs = s.followUp(msgs, w.view, "")
		default:
			s.finish(transportFailure(err))
			return
		}
	}
}

// noTurn is the failure of a script reply in which no turn could be read.
func noTurn(reply string) *event.Failure {
	f := &event.Failure{Kind: event.FormatFailure, Reply: keep(reply), Err: fmt.Errorf("no turn could be read from the writer's answer: %q", clip(oneLine(reply), 120))}
	switch {
	case strings.TrimSpace(reply) == "":
		f.Err = errors.New("the writer's answer was empty")
	case refusal(reply):
		f.Kind, f.Err = event.RefusalFailure, fmt.Errorf("the writer declined to write the script: %q", clip(oneLine(reply), 120))
	}
	return f
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
		res.Failures = append(res.Failures, s.failures...)
		res.Reasoning = joinThought(res.Reasoning, s.reasoning)
		s.usage, s.failures, s.reasoning = nil, nil, ""
		i := req.Turn - s.first
		if i >= 0 && i < s.sealed && (s.done || !endsRun(s.turns[i], req.Turn, w.view.MaxTurns)) {
			res.Action = s.turns[i]
			s.mu.Unlock()
			show(res.Action.Text)
			return res, nil
		}
		if s.done && (i < 0 || i >= len(s.turns)) {
			err := s.err
			if s.told {
				err = nil
			}
			s.told = true
			s.mu.Unlock()
			// A script that ended before this turn says nothing more.
			res.Action = event.Action{Type: event.None}
			return res, err
		}
		partial := ""
		switch {
		case i >= 0 && i < len(s.turns):
			partial = s.turns[i].Text // read, but more of it may follow
		case i == len(s.turns):
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
