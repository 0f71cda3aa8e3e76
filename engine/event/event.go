package event

import "time"

// Kind names an event.
type Kind string

const (
	RunStarted    Kind = "run_started"
	TurnStarted   Kind = "turn_started"
	Delta         Kind = "delta"
	TurnCompleted Kind = "turn_completed"
	Annotated     Kind = "annotation"
	Control       Kind = "control" // take-over and hand-back of a seat
	UsageReported Kind = "usage"   // token counts of a model call
	Error         Kind = "error"
	Reasoning     Kind = "reasoning" // a model's thinking, kept apart from its words
	RunEnded      Kind = "run_ended"
)

// Event is one thing that happened in a run. Fields that do not belong to
// the kind are left empty. Seq counts from 1 within a run; At is the
// monotonic time since the run started.
type Event struct {
	RunID   string        `json:"run"`
	Seq     int           `json:"seq"`
	At      time.Duration `json:"at"`
	Kind    Kind          `json:"kind"`
	Turn    int           `json:"turn,omitempty"` // 1-based
	Seat    int           `json:"seat"`
	Speaker string        `json:"speaker,omitempty"`
	Backend string        `json:"backend,omitempty"`

	Delta      string      `json:"delta,omitempty"`
	Action     *Action     `json:"action,omitempty"`
	Annotation *Annotation `json:"annotation,omitempty"`
	Control    string      `json:"control,omitempty"`
	Error      string      `json:"error,omitempty"`
	// Failure and Reply go with an error: its kind and the model's text.
	Failure FailureKind `json:"failure,omitempty"`
	Reply   string      `json:"reply,omitempty"`
	// Thought is a reasoning event's text, never shown as speech.
	Thought string  `json:"thought,omitempty"`
	Usage   *Usage  `json:"usage,omitempty"`
	Ending  *Ending `json:"ending,omitempty"`
}

// Usage is the token accounting of one model call.
type Usage struct {
	Prompt     int `json:"prompt"`
	Completion int `json:"completion"`
	Cached     int `json:"cached,omitempty"`
	// Role names the role of a call made for the whole run rather than a
	// seat's turn: empty for the judge, UsageLeakCheck for the leak check.
	Role string `json:"role,omitempty"`
}

// UsageLeakCheck is Usage.Role of the leak check's calls.
const UsageLeakCheck = "leak-check"

// Annotation marks a span of one turn's text as mentioning a fact. Start and
// End are character (Unicode code point) offsets into Action.Text.
type Annotation struct {
	Kind   AnnotationKind `json:"kind"`
	FactID string         `json:"fact"`
	Start  int            `json:"start"`
	End    int            `json:"end"`
	// Negated marks a denial of the fact or a disclaimer of knowing it:
	// shown, never counted (Counted).
	Negated bool `json:"negated,omitempty"`
	// Approximate marks a mention that is near the fact rather than the
	// fact itself: a range or "the high 500s" it lies in, a rounded amount
	// said to be the owner's.
	Approximate bool `json:"approximate,omitempty"`
	// Source says which check made the annotation: the rules (left out)
	// or the model's leak check (docs/METRICS.md).
	Source   AnnotationSource `json:"source,omitempty"`
	Position float64          `json:"position,omitempty"` // relative position in the dialogue, for first mentions
}

// Counted reports whether the annotation counts as its kind in metrics,
// summaries and cards: a denial does not.
func (a Annotation) Counted() bool { return !a.Negated }

// EndReason says why a run stopped.
type EndReason string

const (
	TurnLimit  EndReason = "turn-limit"
	SeatLeft   EndReason = "left"
	Accepted   EndReason = "accepted"
	Rejected   EndReason = "rejected"
	Selected   EndReason = "selected"
	EmptyTurns EndReason = "empty-turns"
	Canceled   EndReason = "canceled"
	Failed     EndReason = "failed"
	// Disconnected: the person playing a seat went away mid-game (their
	// SSH session closed, or they quit omnigap serve's game).
	Disconnected EndReason = "disconnected"
)

// Stopped reports whether the run was stopped from outside before its
// rules ended it: canceled, or its player disconnected.
func (e Ending) Stopped() bool { return e.Reason == Canceled || e.Reason == Disconnected }

// Ending is how a run ended: the reason, the outcome and the metrics.
type Ending struct {
	Reason  EndReason `json:"reason"`
	Outcome Outcome   `json:"outcome"`
	Turns   int       `json:"turns"`
	// Metrics holds per-episode measurements, filled by the annotator.
	Metrics map[string]float64 `json:"metrics,omitempty"`
	// Notes holds text that goes with metrics, such as a judge's reasoning
	// per score, under the same keys.
	Notes map[string]string `json:"notes,omitempty"`
	// Usage sums the token counts of every model call of the run.
	Usage *Usage `json:"usage,omitempty"`
	// Retries counts the model calls of the run (the judge's included)
	// that were sent again, by kind; the last failure of a call is an
	// error event instead.
	Retries map[string]int `json:"retries,omitempty"`
	// Cache counts the model calls of the run (the judge's included)
	// that a reply cache answered and that it sent on (--cache); nil
	// when no cache was in use or no call was made.
	Cache *CacheUse `json:"cache,omitempty"`
}

// CacheUse counts model calls by what a reply cache did with them.
type CacheUse struct {
	// Hits were answered from the cache: nothing was sent.
	Hits int `json:"hits"`
	// Misses were sent on, and their replies kept (unless the cache
	// could not keep them: it counts those apart).
	Misses int `json:"misses"`
}

// Plus is the counts of c and o together.
func (c CacheUse) Plus(o CacheUse) CacheUse {
	return CacheUse{Hits: c.Hits + o.Hits, Misses: c.Misses + o.Misses}
}

// AddCache adds counts of calls by what the reply cache did.
func (e *Ending) AddCache(c CacheUse) {
	if c == (CacheUse{}) {
		return
	}
	if e.Cache == nil {
		e.Cache = &CacheUse{}
	}
	e.Cache.Hits += c.Hits
	e.Cache.Misses += c.Misses
}

// AddRetries adds counts of retries by kind.
func (e *Ending) AddRetries(counts map[string]int) {
	for k, n := range counts {
		if e.Retries == nil {
			e.Retries = map[string]int{}
		}
		e.Retries[k] += n
	}
}

// Add adds u's counts to the total.
func (t *Usage) Add(u Usage) {
	t.Prompt += u.Prompt
	t.Completion += u.Completion
	t.Cached += u.Cached
}
