// Package replycache keeps every model reply in one SQLite file (through
// the pure-Go modernc.org/sqlite, in WAL mode), keyed by the request as a
// role makes it: the provider, the model, the messages, the sampling
// parameters and the seed. Plugged into the transport as a Layer
// (--cache FILE), it answers every request it has seen from the file, so
// a study run again, resumed or forked sends nothing it already paid for.
// Several processes on one machine may share the file: each reply is one
// small transaction, and a writer waits for another rather than fail.
package replycache

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"modernc.org/sqlite" // also registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/llm/transport"
)

const (
	// applicationID marks an SQLite file as an omnigap reply cache
	// ("omng"), so another program's database is never taken for one.
	applicationID = 0x6f6d6e67
	// schemaVersion is the layout below (PRAGMA user_version).
	schemaVersion = 1
	schema        = `CREATE TABLE replies (
	key     BLOB PRIMARY KEY,
	model   TEXT NOT NULL,
	reply   BLOB NOT NULL,
	created INTEGER NOT NULL
) WITHOUT ROWID`
	// busyWait is how long a process waits for another's write.
	busyWait = 60 * time.Second
)

// Cache is an open reply cache. It is safe for concurrent use.
type Cache struct {
	db   *sql.DB
	path string

	mu sync.Mutex
	// lost counts the replies that could not be kept and failed the first
	// of them: the calls still got their replies.
	lost    int
	lostWhy error
}

// Open opens the cache at path, creating it (and its folder) when there
// is none. An
// existing file that is not an omnigap reply cache (another program's
// database, or no database at all) or that SQLite finds damaged is
// refused with one line and left as it is; a link is refused rather than
// followed.
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
	if err := looksLikeSQLite(path); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Set("mode", "rw")
	q.Set("_busy_timeout", fmt.Sprint(busyWait.Milliseconds()))
	q.Set("_synchronous", "normal")
	q.Set("_txlock", "immediate")
	dsn := (&url.URL{Scheme: "file", OmitHost: true, Path: abs, RawQuery: q.Encode()}).String()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("--cache %s: %w", path, err)
	}
	c := &Cache{db: db, path: path}
	// Processes that open a new file at once set it up and turn on WAL
	// under locks; where waiting would deadlock, SQLite answers one of
	// them "busy" at once rather than through the busy timeout, so that
	// one tries again.
	for deadline := time.Now().Add(busyWait); ; time.Sleep(20 * time.Millisecond) {
		err := c.claim()
		if err == nil {
			return c, nil
		}
		if !isBusy(err) || time.Now().After(deadline) {
			db.Close()
			return nil, err
		}
	}
}

// isBusy says whether err is SQLite's "database is locked" (SQLITE_BUSY,
// with any extended code).
func isBusy(err error) bool {
	var e *sqlite.Error
	return errors.As(err, &e) && e.Code()&0xff == sqlite3.SQLITE_BUSY
}

// looksLikeSQLite refuses a file with content that is not an SQLite
// database before SQLite opens it (an empty file is a new database).
func looksLikeSQLite(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("--cache %s: %w", path, err)
	}
	defer f.Close()
	head := make([]byte, 16)
	n, err := io.ReadFull(f, head)
	if n == 0 && (err == io.EOF || err == nil) {
		return nil
	}
	if string(head[:n]) != "SQLite format 3\x00" {
		return fmt.Errorf("--cache %s: not an omnigap reply cache (not an SQLite database); omnigap leaves it as it is: give another file", path)
	}
	return nil
}

// claim checks that the database is an omnigap reply cache, or makes an
// empty one into one, and turns on WAL (a setting kept in the file, so
// every connection and process shares it).
func (c *Cache) claim() error {
	ctx := context.Background()
	conn, err := c.db.Conn(ctx)
	if err != nil {
		return c.damaged(err)
	}
	defer conn.Close()
	id, version, tables, err := identity(ctx, conn)
	if err != nil {
		return c.damaged(err)
	}
	if id == 0 && version == 0 && tables == 0 {
		// A new file, or one another process is setting up: set it up
		// under the write lock, unless that process did first.
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			return c.damaged(err)
		}
		defer tx.Rollback()
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&tables); err != nil {
			return c.damaged(err)
		}
		if tables == 0 {
			for _, stmt := range []string{schema, fmt.Sprintf("PRAGMA application_id = %d", applicationID), fmt.Sprintf("PRAGMA user_version = %d", schemaVersion)} {
				if _, err := tx.ExecContext(ctx, stmt); err != nil {
					return c.damaged(err)
				}
			}
		}
		if err := tx.Commit(); err != nil {
			return c.damaged(err)
		}
		if id, version, tables, err = identity(ctx, conn); err != nil {
			return c.damaged(err)
		}
	}
	switch {
	case id != applicationID:
		return fmt.Errorf("--cache %s: not an omnigap reply cache (another program's SQLite database); omnigap leaves it as it is: give another file", c.path)
	case version > schemaVersion:
		return fmt.Errorf("--cache %s: written by a newer omnigap (cache format %d; this one reads %d)", c.path, version, schemaVersion)
	case version != schemaVersion || tables != 1:
		return fmt.Errorf("--cache %s: an omnigap reply cache without its table; omnigap leaves it as it is: give another file", c.path)
	}
	if _, err := conn.ExecContext(ctx, "PRAGMA journal_mode = WAL"); err != nil {
		return c.damaged(err)
	}
	return nil
}

// identity reads what marks a database as a reply cache, in one
// statement: one snapshot, never half of another process's setting up.
func identity(ctx context.Context, conn *sql.Conn) (id, version, tables int64, err error) {
	err = conn.QueryRowContext(ctx, `SELECT (SELECT application_id FROM pragma_application_id),
		(SELECT user_version FROM pragma_user_version),
		(SELECT count(*) FROM sqlite_schema WHERE type = 'table')`).Scan(&id, &version, &tables)
	return
}

func (c *Cache) damaged(err error) error {
	return damagedError{fmt.Sprintf("--cache %s: cannot be read as a reply cache (%s); omnigap leaves it as it is: give another file", c.path, oneLine(err)), err}
}

// damagedError says a file cannot be used as a cache, and keeps why.
type damagedError struct {
	msg   string
	cause error
}

func (e damagedError) Error() string { return e.msg }
func (e damagedError) Unwrap() error { return e.cause }

func oneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }

// Close closes the file.
func (c *Cache) Close() error { return c.db.Close() }

// Lost says how many replies could not be kept, with the first reason;
// 0 and nil when every reply was kept.
func (c *Cache) Lost() (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lost, c.lostWhy
}

// Len is the number of replies kept.
func (c *Cache) Len(ctx context.Context) (int, error) {
	var n int
	err := c.db.QueryRowContext(ctx, "SELECT count(*) FROM replies").Scan(&n)
	return n, err
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
	}{Format: schemaVersion, Scope: scope, Model: req.Model, Temperature: req.Temperature, MaxTokens: req.MaxTokens, JSON: req.JSON, Seed: req.Seed}
	for _, m := range req.Messages {
		k.Messages = append(k.Messages, message{m.Role, m.Content})
	}
	data, _ := json.Marshal(k)
	sum := sha256.Sum256(data)
	return sum[:]
}

func (c *Cache) get(ctx context.Context, key []byte) (entry, bool, error) {
	var data []byte
	err := c.db.QueryRowContext(ctx, "SELECT reply FROM replies WHERE key = ?", key).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return entry{}, false, nil
	}
	if err != nil {
		if ctx.Err() != nil {
			return entry{}, false, ctx.Err()
		}
		return entry{}, false, fmt.Errorf("--cache %s: %s", c.path, oneLine(err))
	}
	var e entry
	if err := json.Unmarshal(data, &e); err != nil {
		return entry{}, false, fmt.Errorf("--cache %s: a kept reply cannot be read: %v", c.path, err)
	}
	return e, true, nil
}

// put keeps a reply. A reply that cannot be kept is counted (Lost), not
// an error of the call: the caller has its reply.
func (c *Cache) put(key []byte, model string, e entry) {
	data, err := json.Marshal(e)
	if err == nil {
		// Not the call's context: a reply received is kept even when the
		// run is being stopped.
		_, err = c.db.ExecContext(context.Background(), "INSERT OR IGNORE INTO replies (key, model, reply, created) VALUES (?, ?, ?, ?)",
			key, model, data, time.Now().Unix())
	}
	if err != nil {
		c.mu.Lock()
		c.lost++
		if c.lostWhy == nil {
			c.lostWhy = fmt.Errorf("--cache %s: %s", c.path, oneLine(err))
		}
		c.mu.Unlock()
	}
}
