// Package replycache keeps every model reply in one file, keyed by the
// request as a role makes it: the provider, the model, the messages, the
// sampling parameters and the seed. Plugged into the transport as a Layer
// (--cache FILE), it answers every request it has seen from the file, so
// a study run again, resumed or forked sends nothing it already paid for.
//
// The file is a log of JSON lines (store.go): a header, then one line per
// reply, only ever appended. Several processes on one machine may share
// it: each reply is one write under the file's lock, and each process
// reads what the others appended when a request is not in what it has
// read so far.
package replycache

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/llm/transport"
)

// keyFormat is part of every key: a change in what a key covers changes
// every key.
const keyFormat = 1

// Cache is an open reply cache. It is safe for concurrent use.
type Cache struct {
	path string

	mu    sync.Mutex
	store *store
	// lost counts the replies that could not be kept and failed the first
	// of them: the calls still got their replies.
	lost    int
	lostWhy error
}

// Open opens the cache at path, creating it (and its folder) when there
// is none. An existing file that is not an omnigap reply cache (another
// program's file, a cache of an earlier omnigap's SQLite format or of a
// newer one) or that has a line it cannot read is refused with one line
// and left as it is; a link is refused rather than followed.
func Open(path string) (*Cache, error) {
	st, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, fmt.Errorf("--cache %s: %w", path, err)
		}
		if err := createNew(path); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("--cache %s: %w", path, err)
		}
	case err != nil:
		return nil, fmt.Errorf("--cache %s: %w", path, err)
	case st.Mode()&fs.ModeSymlink != 0:
		return nil, fmt.Errorf("--cache %s: is a symbolic link; give the file itself", path)
	case !st.Mode().IsRegular():
		return nil, fmt.Errorf("--cache %s: not a regular file", path)
	}
	s, err := openStore(path)
	if err != nil {
		return nil, fmt.Errorf("--cache %s: %w", path, err)
	}
	return &Cache{path: path, store: s}, nil
}

// Close closes the file.
func (c *Cache) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.store.close()
}

// Lost says how many replies could not be kept, with the first reason;
// 0 and nil when every reply was kept.
func (c *Cache) Lost() (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lost, c.lostWhy
}

// Len is the number of replies kept, by every process that shares the
// file.
func (c *Cache) Len(context.Context) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.store.catchUp(); err != nil {
		return 0, c.wrap(err)
	}
	return len(c.store.index), nil
}

func (c *Cache) wrap(err error) error {
	return fmt.Errorf("--cache %s: %s", c.path, strings.Join(strings.Fields(err.Error()), " "))
}

// entry is a kept reply: the pieces the caller was streamed, in order,
// and the reply. Partial marks a reply the caller stopped reading
// because it had all it needed (chat.ErrReadEnough).
type entry struct {
	Deltas    []string     `json:"deltas"`
	Text      string       `json:"text"`
	Reasoning string       `json:"reasoning,omitempty"`
	Finish    string       `json:"finish,omitempty"`
	Usage     *event.Usage `json:"usage,omitempty"`
	Partial   bool         `json:"partial,omitempty"`
}

// Layer answers the calls of a transport from the cache and keeps the
// replies of the others. scope is part of every key: the provider, so a
// model name on one service is not taken for the same name on another.
func (c *Cache) Layer(scope string) transport.Layer {
	return func(next transport.Call) transport.Call {
		return func(ctx context.Context, req chat.Request, onDelta func(string)) (chat.Reply, error) {
			key := Key(scope, req)
			if e, ok, err := c.get(ctx, key); err != nil {
				return chat.Reply{}, err
			} else if ok {
				return e.replay(ctx, onDelta)
			}
			var e entry
			reply, err := next(ctx, req, func(d string) {
				e.Deltas = append(e.Deltas, d)
				onDelta(d)
			})
			if err != nil && !(ctx.Err() != nil && errors.Is(context.Cause(ctx), chat.ErrReadEnough)) {
				return reply, err
			}
			e.Text, e.Reasoning, e.Finish, e.Usage, e.Partial = reply.Text, reply.Reasoning, reply.FinishReason, reply.Usage, err != nil
			c.put(key, req.Model, e)
			reply.Cache = chat.CacheMiss
			return reply, err
		}
	}
}

// replay streams a kept reply to the caller as it was streamed the first
// time. A whole reply is streamed whole, as it was, even to a caller that
// stops reading midway (the first caller may have stopped too, after the
// server had sent everything); a partial one stops where the caller
// stops, as the first stream did.
func (e entry) replay(ctx context.Context, onDelta func(string)) (chat.Reply, error) {
	for _, d := range e.Deltas {
		if e.Partial && ctx.Err() != nil {
			break
		}
		onDelta(d)
	}
	if !e.Partial {
		return chat.Reply{Text: e.Text, Reasoning: e.Reasoning, FinishReason: e.Finish, Usage: e.Usage, Cache: chat.CacheHit}, nil
	}
	stopped := chat.Reply{Reasoning: e.Reasoning, Cache: chat.CacheHit}
	if err := ctx.Err(); err != nil {
		return stopped, err
	}
	// A caller that reads on where the first one stopped: the rest was
	// never received.
	return stopped, &chat.Error{Kind: chat.Cut, Message: "the cached reply ends where an earlier caller stopped reading", Partial: e.Text}
}

// Key is the cache key of a request as a role makes it: everything that
// decides the reply.
func Key(scope string, req chat.Request) []byte {
	type message struct {
		Role    chat.Role `json:"role"`
		Content string    `json:"content"`
	}
	k := struct {
		Format      int       `json:"format"`
		Scope       string    `json:"scope"`
		Model       string    `json:"model"`
		Messages    []message `json:"messages"`
		Temperature float64   `json:"temperature"`
		MaxTokens   int       `json:"max_tokens"`
		JSON        bool      `json:"json"`
		Seed        *int      `json:"seed"`
	}{Format: keyFormat, Scope: scope, Model: req.Model, Temperature: req.Temperature, MaxTokens: req.MaxTokens, JSON: req.JSON, Seed: req.Seed}
	for _, m := range req.Messages {
		k.Messages = append(k.Messages, message{m.Role, m.Content})
	}
	data, _ := json.Marshal(k)
	sum := sha256.Sum256(data)
	return sum[:]
}

func (c *Cache) get(ctx context.Context, key []byte) (entry, bool, error) {
	if err := ctx.Err(); err != nil {
		return entry{}, false, err
	}
	c.mu.Lock()
	data, ok, err := c.store.get(key)
	c.mu.Unlock()
	if err != nil || !ok {
		return entry{}, false, c.wrapIf(err)
	}
	var e entry
	if err := json.Unmarshal(data, &e); err != nil {
		return entry{}, false, fmt.Errorf("--cache %s: a kept reply cannot be read: %v", c.path, err)
	}
	return e, true, nil
}

func (c *Cache) wrapIf(err error) error {
	if err == nil {
		return nil
	}
	return c.wrap(err)
}

// put keeps a reply. A reply that cannot be kept is counted (Lost), not
// an error of the call: the caller has its reply. Not the call's context:
// a reply received is kept even when the run is being stopped.
func (c *Cache) put(key []byte, model string, e entry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	data, err := json.Marshal(e)
	if err == nil {
		err = c.store.put(key, model, data)
	}
	if err != nil {
		c.lost++
		if c.lostWhy == nil {
			c.lostWhy = c.wrap(err)
		}
	}
}
