package llm

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/llm/transport"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
)

// Agent plays one seat in AGENTS or MINDREADERS: one call per turn with the
// seat's View, the dialogue so far and the allowed actions, answered as a
// JSON action.
type Agent struct {
	name   string
	call   *transport.Caller
	params Params
	view   view.View
	system string
	intro  string
}

// Params are the sampling settings of one role.
type Params struct {
	Model       string
	Temperature float64
	MaxTokens   int
	// Seed is the role's base seed; nil sends none. Each call gets its
	// own seed derived from it (seedFor).
	Seed *int
}

func newAgent(name string, c *transport.Caller, p Params, v view.View) *Agent {
	return &Agent{name: name, call: c, params: p, view: v, system: agentSystem(v.Family), intro: background(v)}
}

// Name says which model plays the seat.
func (a *Agent) Name() string { return a.name }

// Retries are the calls this seat sent again, by kind.
func (a *Agent) Retries() map[string]int { return a.call.Retries() }

// CacheUse counts the seat's calls a reply cache answered or sent on.
func (a *Agent) CacheUse() event.CacheUse { return a.call.CacheUse() }

// Turn asks the model for the seat's next action. A reply that yields no
// action is a failure (kept with the model's text) and is re-asked once.
func (a *Agent) Turn(ctx context.Context, req run.Request) (run.Result, error) {
	msgs := a.messages(req)
	var res run.Result
	creq := chat.Request{Model: a.params.Model, Messages: msgs, Temperature: a.params.Temperature,
		MaxTokens: a.params.MaxTokens, Seed: a.params.seedFor(req.Turn, 0), JSON: true}
	reply, err := a.stream(ctx, creq, req.Emit, &res)
	if err != nil {
		return res, transportFailure(err)
	}
	act, perr := a.read(reply, req.History)
	if perr == nil {
		res.Action = act
		return res, nil
	}
	res.Failures = append(res.Failures, perr)
	// One re-ask, appended so the prefix stays cached.
	a.call.Reasked()
	creq.Messages = append(msgs, chat.Message{Role: chat.Assistant, Content: reply.Text}, chat.Message{Role: chat.User, Content: reask(perr.Err.Error())})
	creq.Seed = a.params.seedFor(req.Turn, 1)
	reply, err = a.stream(ctx, creq, func(string) {}, &res)
	if err != nil {
		return res, transportFailure(err)
	}
	if act, perr = a.read(reply, req.History); perr != nil {
		perr.Err = fmt.Errorf("unusable answer after one re-ask: %w", perr.Err)
		return res, perr
	}
	res.Action = act
	return res, nil
}

// read turns a reply into an action the dialogue so far allows, or a
// failure that says what to fix and keeps the reply.
func (a *Agent) read(reply chat.Reply, history []event.Turn) (event.Action, *event.Failure) {
	act, err := parseAction(reply.Text, a.view)
	if err == nil {
		err = allowedNow(act, a.view, a.view.Self().Seat, history)
	}
	if err == nil {
		return act, nil
	}
	f := &event.Failure{Kind: event.FormatFailure, Reply: keep(reply.Text), Err: err}
	switch {
	case reply.FinishReason == "length":
		f.Err = fmt.Errorf("the answer was cut off at the token limit (--max-tokens): %v; answer shorter", err)
	case strings.TrimSpace(reply.Text) == "":
		f.Err = errors.New("the answer was empty")
	case refusal(reply.Text):
		f.Kind, f.Err = event.RefusalFailure, fmt.Errorf("the model declined to answer: %q", clip(oneLine(reply.Text), 120))
	}
	return event.Action{}, f
}

// messages builds the prompt: system, then one user message holding the
// View, the dialogue (appended only) and the request for this turn.
func (a *Agent) messages(req run.Request) []chat.Message {
	var b strings.Builder
	b.Grow(len(a.intro) + 80*len(req.History) + 120)
	b.WriteString(a.intro)
	dialogue(&b, req.History)
	b.WriteString(agentAsk(a.view, req.Turn))
	return []chat.Message{{Role: chat.System, Content: a.system}, {Role: chat.User, Content: b.String()}}
}

// stream makes one call, showing the utterance while the JSON streams. A
// stream cut off mid-reply (or garbled) is tried once more; the words
// already shown are not shown twice.
func (a *Agent) stream(ctx context.Context, creq chat.Request, emit func(string), res *run.Result) (chat.Reply, error) {
	shown := &resumeFilter{emit: emit}
	for try := 0; ; try++ {
		shown.restart()
		ts := newTextStream(shown.write)
		reply, usage, err := a.call.Call(ctx, creq, ts.feed)
		res.Usage = append(res.Usage, usage...)
		res.Reasoning = joinThought(res.Reasoning, reply.Reasoning)
		var ce *chat.Error
		if err != nil && try == 0 && errors.As(err, &ce) && (ce.Kind == chat.Cut || ce.Kind == chat.Malformed) {
			a.call.Retried(ce)
			continue
		}
		return reply, err
	}
}

// resumeFilter passes streamed text on, and after a restart passes on only
// what goes beyond the text already shown, as long as the new text repeats
// it; a retry that says something else is shown when the turn completes.
type resumeFilter struct {
	emit     func(string)
	shown    []byte
	pos      int
	diverged bool
}

func (f *resumeFilter) restart() { f.pos, f.diverged = 0, false }

func (f *resumeFilter) write(s string) {
	if f.diverged {
		return
	}
	if f.pos < len(f.shown) {
		n := min(len(s), len(f.shown)-f.pos)
		if string(f.shown[f.pos:f.pos+n]) != s[:n] {
			f.diverged = true
			return
		}
		f.pos += n
		s = s[n:]
	}
	if s == "" {
		return
	}
	f.shown = append(f.shown, s...)
	f.pos += len(s)
	f.emit(s)
}

// keep bounds a model's text kept in an error event.
func keep(s string) string { return clip(s, 4000) }

// transportFailure marks a failed call as a transport failure; a
// cancelled call stays as it is.
func transportFailure(err error) error {
	if errors.Is(err, context.Canceled) {
		return err
	}
	return &event.Failure{Kind: event.TransportFailure, Err: err}
}

func joinThought(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + "\n\n" + b
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
