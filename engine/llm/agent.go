package llm

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/run"
	"github.com/omnigap/omnigap/engine/view"
)

// Agent plays one seat in AGENTS or MINDREADERS: one call per turn with the
// seat's View, the dialogue so far and the allowed actions, answered as a
// JSON action.
type Agent struct {
	name   string
	call   *caller
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
	Seed        *int
}

func newAgent(name string, c *caller, p Params, v view.View) *Agent {
	return &Agent{name: name, call: c, params: p, view: v, system: agentSystem(v.Family), intro: background(v)}
}

// Name says which model plays the seat.
func (a *Agent) Name() string { return a.name }

// Turn asks the model for the seat's next action.
func (a *Agent) Turn(ctx context.Context, req run.Request) (run.Result, error) {
	msgs := a.messages(req)
	var res run.Result
	reply, err := a.stream(ctx, msgs, req.Emit, &res)
	if err != nil {
		return res, err
	}
	act, perr := parseAction(reply, a.view)
	if perr == nil {
		res.Action = act
		return res, nil
	}
	// One re-ask, appended so the prefix stays cached.
	msgs = append(msgs, chat.Message{Role: chat.Assistant, Content: reply}, chat.Message{Role: chat.User, Content: reask(perr.Error())})
	reply, err = a.stream(ctx, msgs, func(string) {}, &res)
	if err != nil {
		return res, err
	}
	if act, err = parseAction(reply, a.view); err != nil {
		return res, fmt.Errorf("unusable answer after one re-ask: %v (answer: %q)", err, clip(reply, 200))
	}
	res.Action = act
	return res, nil
}

// messages builds the prompt: system, then one user message holding the
// View, the dialogue (appended only) and the request for this turn.
func (a *Agent) messages(req run.Request) []chat.Message {
	var b strings.Builder
	b.Grow(len(a.intro) + 80*len(req.History) + 120)
	b.WriteString(a.intro)
	dialogue(&b, a.view, req.History)
	b.WriteString(agentAsk(a.view, req.Turn))
	return []chat.Message{{Role: chat.System, Content: a.system}, {Role: chat.User, Content: b.String()}}
}

// stream makes one call, showing the utterance while the JSON streams. A
// stream cut off mid-reply (or garbled) is tried once more; the words
// already shown are not shown twice.
func (a *Agent) stream(ctx context.Context, msgs []chat.Message, emit func(string), res *run.Result) (string, error) {
	creq := chat.Request{Model: a.params.Model, Messages: msgs, Temperature: a.params.Temperature,
		MaxTokens: a.params.MaxTokens, Seed: a.params.Seed, JSON: true}
	shown := &resumeFilter{emit: emit}
	for try := 0; ; try++ {
		shown.restart()
		ts := newTextStream(shown.write)
		reply, usage, err := a.call.call(ctx, creq, ts.feed)
		res.Usage = append(res.Usage, usage...)
		var ce *chat.Error
		if err != nil && try == 0 && errors.As(err, &ce) && (ce.Kind == chat.Cut || ce.Kind == chat.Malformed) {
			continue
		}
		return reply.Text, err
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

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
