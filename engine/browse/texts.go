package browse

import (
	"context"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/engine/textsafe"
)

// texts is the index's reading of the turns' text: started once, by the
// first LoadTexts, in the background.
type texts struct {
	start        sync.Once
	total        int
	read, failed atomic.Int64
	done         chan struct{}
	mu           sync.Mutex
	problems     []string
}

// turnTexts are one run's turns: their text as recorded, and the same
// case folded, one after another, with where each turn starts in it.
type turnTexts struct {
	turns  []turnText
	folded string
	starts []int // turns[i] is folded[starts[i]:starts[i+1]] (the last to the end)
}

type turnText struct {
	number  int
	speaker string
	text    string
}

func textsOf(history []event.Turn) *turnTexts {
	t := &turnTexts{}
	var b strings.Builder
	for _, turn := range history {
		t.turns = append(t.turns, turnText{number: turn.Number, speaker: turn.Speaker, text: turn.Action.Text})
		t.starts = append(t.starts, b.Len())
		b.WriteString(strings.ToLower(turn.Action.Text))
	}
	t.folded = b.String()
	return t
}

// Turns are r's completed turns (number, speaker and text, as recorded:
// untrusted), once LoadTexts has read them; nil before. A study page's
// index searches them in the page.
func (r *Run) Turns() []record.TurnText {
	tt := r.texts.Load()
	if tt == nil {
		return nil
	}
	out := make([]record.TurnText, len(tt.turns))
	for i, t := range tt.turns {
		out[i] = record.TurnText{Turn: t.number, Speaker: t.speaker, Text: t.text}
	}
	return out
}

// TextProgress is how far the reading of the turns' text has come: runs
// read, runs that could not be read (Problems says why), of Total.
type TextProgress struct {
	Read, Failed, Total int
	Done                bool
	Problems            []string
}

// LoadTexts starts reading every run's turns in the background, once;
// later calls do nothing. The reading stops when ctx ends. TextsRead
// says how far it is, Search searches what is read.
func (ix *Index) LoadTexts(ctx context.Context) {
	t := &ix.texts
	t.start.Do(func() {
		t.done = make(chan struct{})
		var runs []*Run
		for _, g := range ix.Groups {
			for _, r := range g.Runs {
				if r.Problem == "" {
					runs = append(runs, r)
				}
			}
		}
		t.total = len(runs)
		go t.load(ctx, runs)
	})
}

func (t *texts) load(ctx context.Context, runs []*Run) {
	defer close(t.done)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(runs) || ctx.Err() != nil {
					return
				}
				r := runs[i]
				if r.texts.Load() == nil {
					tt, err := readTexts(ctx, r.Path)
					if err != nil {
						t.failed.Add(1)
						t.mu.Lock()
						t.problems = append(t.problems, textsafe.Line(err.Error()))
						t.mu.Unlock()
						continue
					}
					r.texts.Store(tt)
				}
				t.read.Add(1)
			}
		})
	}
	wg.Wait()
}

// TextsRead says how far the turns' reading has come (all zero before
// LoadTexts).
func (ix *Index) TextsRead() TextProgress {
	t := &ix.texts
	if t.done == nil {
		return TextProgress{}
	}
	p := TextProgress{Read: int(t.read.Load()), Failed: int(t.failed.Load()), Total: t.total}
	select {
	case <-t.done:
		p.Done = true
	default:
	}
	t.mu.Lock()
	p.Problems = append([]string(nil), t.problems...)
	t.mu.Unlock()
	return p
}

// TextsDone is closed once every run's turns are read (nil before
// LoadTexts).
func (ix *Index) TextsDone() <-chan struct{} { return ix.texts.done }

// readTexts reads a recording's completed turns' text.
func readTexts(ctx context.Context, path string) (*turnTexts, error) {
	turns, err := record.ReadTurnTexts(ctx, path)
	if err != nil {
		return nil, err
	}
	history := make([]event.Turn, len(turns))
	for i, t := range turns {
		history[i] = event.Turn{Number: t.Turn, Speaker: t.Speaker, Action: event.Action{Text: t.Text}}
	}
	return textsOf(history), nil
}

// Hit is a turn whose text holds what was searched for.
type Hit struct {
	Group *Group
	Run   *Run
	// Turn is the turn's number, Speaker who took it.
	Turn    int
	Speaker string
	// Text is the turn's text as recorded: untrusted, to be cleaned
	// before it is shown. Start and End are the match's bytes in it.
	Text       string
	Start, End int
}

// Search finds the turns of the groups' runs whose text holds q, case
// folded, in the groups' order and each group's runs' order: the first
// limit hits (all for limit 0) and how many turns hold q in all. Runs
// whose turns are not read yet are not searched (LoadTexts, TextsRead).
func (ix *Index) Search(q string, groups []*Group, limit int) (hits []Hit, count int) {
	needle := strings.ToLower(q)
	if needle == "" {
		return nil, 0
	}
	for _, g := range groups {
		for _, r := range g.Runs {
			tt := r.texts.Load()
			if tt == nil {
				continue
			}
			for from := 0; from < len(tt.folded); {
				i := strings.Index(tt.folded[from:], needle)
				if i < 0 {
					break
				}
				at := from + i
				k := sort.SearchInts(tt.starts, at+1) - 1
				end := len(tt.folded)
				if k+1 < len(tt.starts) {
					end = tt.starts[k+1]
				}
				if at+len(needle) > end {
					from = end // a match across two turns is none
					continue
				}
				count++
				if limit == 0 || len(hits) < limit {
					t := tt.turns[k]
					start, stop := unfold(t.text, at-tt.starts[k], len(needle))
					hits = append(hits, Hit{Group: g, Run: r, Turn: t.number, Speaker: t.speaker, Text: t.text, Start: start, End: stop})
				}
				from = end
			}
		}
	}
	return hits, count
}

// unfold maps n bytes at offset at of text's case-folded form back to
// text's own bytes: folding goes rune by rune, so each rune's folded
// length says where it ends.
func unfold(text string, at, n int) (start, end int) {
	pos, i := 0, 0
	start = -1
	for i < len(text) {
		if start < 0 && pos >= at {
			start = i
		}
		if pos >= at+n {
			return start, i
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		pos += len(strings.ToLower(string(r)))
		i += size
	}
	if start < 0 {
		start = len(text)
	}
	return start, len(text)
}
