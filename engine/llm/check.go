package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/leak"
	"github.com/omnigap/omnigap/engine/leak/check"
	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/llm/config"
	"github.com/omnigap/omnigap/engine/llm/transport"
)

// Checker is the model's leak check (--leak-check): one JSON call at
// temperature 0 per turn, asking which of the facts open to the turn it
// states or implies. It implements check.Asker.
type Checker struct {
	sent   *transport.Transport
	params Params
}

// Checker returns the leak check of the factory's endpoint: its own
// model, else the judge's.
func (f *Factory) Checker() *Checker {
	return &Checker{sent: f.sent, params: Params{Model: f.cfg.ModelFor(config.RoleLeakCheck), MaxTokens: f.cfg.JudgeMaxTokens}}
}

// Ask asks about one turn, re-asking once when the answer cannot be
// used. The answer is untrusted: it must be one JSON object naming only
// the facts asked about, each with the turn's words. A call or an answer
// that fails for good is an *event.Failure of kind event.CheckFailure,
// with the model's text when it gave one.
func (c *Checker) Ask(ctx context.Context, q check.Question) (check.Answer, error) {
	call := c.sent.Caller()
	var ans check.Answer
	defer func() { ans.Retries = call.Retries() }()
	msgs := []chat.Message{{Role: chat.System, Content: checkSystem}, {Role: chat.User, Content: checkAsk(q)}}
	req := chat.Request{Model: c.params.Model, Messages: msgs, Temperature: 0, MaxTokens: c.params.MaxTokens, JSON: true}
	failure := func(reply string, err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return &event.Failure{Kind: event.CheckFailure, Reply: reply, Err: fmt.Errorf("leak check of turn %d: %w", q.Turn.Number, err)}
	}
	reply, err := c.ask(ctx, call, req, &ans)
	if err != nil {
		return ans, failure("", err)
	}
	found, perr := readFindings(reply.Text, q.Open)
	if perr == nil {
		ans.Findings = found
		return ans, nil
	}
	call.Reasked()
	req.Messages = append(msgs, chat.Message{Role: chat.Assistant, Content: reply.Text},
		chat.Message{Role: chat.User, Content: checkReask(perr.Error())})
	if reply, err = c.ask(ctx, call, req, &ans); err != nil {
		return ans, failure("", err)
	}
	if found, perr = readFindings(reply.Text, q.Open); perr != nil {
		return ans, failure(reply.Text, fmt.Errorf("unusable answer after one re-ask: %v", perr))
	}
	ans.Findings = found
	return ans, nil
}

// ask makes one call; a stream cut off mid-reply (or garbled) is sent
// once more, as for the other roles.
func (c *Checker) ask(ctx context.Context, call *transport.Caller, req chat.Request, ans *check.Answer) (chat.Reply, error) {
	reply, used, err := call.Call(ctx, req, func(string) {})
	var ce *chat.Error
	if err != nil && errors.As(err, &ce) && (ce.Kind == chat.Cut || ce.Kind == chat.Malformed) {
		call.Retried(ce)
		reply, used, err = call.Call(ctx, req, func(string) {})
	}
	ans.Usage = append(ans.Usage, used...)
	if reply.FinishReason == "length" && err == nil {
		err = errors.New("the answer was cut off at the token limit (--judge-max-tokens)")
	}
	return reply, err
}

// readFindings reads the check's answer: {"facts": [{"id": ..., "words":
// ...}]}, every id one of the open facts', every entry with the words
// that say it.
func readFindings(reply string, open []leak.Open) ([]check.Finding, error) {
	obj, err := extractObject(reply)
	if err != nil {
		return nil, err
	}
	var raw struct {
		Facts *[]struct {
			ID    string `json:"id"`
			Words string `json:"words"`
		} `json:"facts"`
	}
	if err := json.Unmarshal([]byte(lenientJSON(obj)), &raw); err != nil {
		return nil, fmt.Errorf("the JSON object cannot be read: %v", err)
	}
	if raw.Facts == nil {
		return nil, errors.New(`"facts" is missing`)
	}
	out := []check.Finding{}
	for _, f := range *raw.Facts {
		switch {
		case !slices.ContainsFunc(open, func(o leak.Open) bool { return o.Fact.ID == f.ID }):
			return nil, fmt.Errorf("%q is not the id of a fact in the list", clip(f.ID, 80))
		case f.Words == "":
			return nil, fmt.Errorf("the words that state %q are missing", f.ID)
		}
		out = append(out, check.Finding{Fact: f.ID, Words: f.Words})
	}
	return out, nil
}
