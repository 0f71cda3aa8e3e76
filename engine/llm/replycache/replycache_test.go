package replycache

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/llm/transport"
)

// server stands for the transport below the layer: it answers each
// request with pieces that name it, and counts what reaches it.
type server struct{ calls atomic.Int64 }

func (s *server) call(ctx context.Context, req chat.Request, onDelta func(string)) (chat.Reply, error) {
	s.calls.Add(1)
	text := ""
	for i := range 3 {
		piece := fmt.Sprintf("%s/%d ", req.Messages[len(req.Messages)-1].Content, i)
		onDelta(piece)
		text += piece
		if err := ctx.Err(); err != nil {
			return chat.Reply{Reasoning: "thought"}, err
		}
	}
	return chat.Reply{Text: text, Reasoning: "thought", FinishReason: "stop", Usage: &event.Usage{Prompt: 10, Completion: 3}}, nil
}

func request(content string, seed int) chat.Request {
	return chat.Request{Model: "m", Messages: []chat.Message{{Role: chat.System, Content: "sys"}, {Role: chat.User, Content: content}},
		Temperature: 0.7, MaxTokens: 64, Seed: &seed}
}

func open(t *testing.T, path string) *Cache {
	t.Helper()
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// A reply is answered from the file, streamed in the same pieces, with
// the same usage, by a cache opened again later; any change in the
// request (seed, temperature, cap, JSON mode, provider, model, a
// message) is another key.
func TestRepliesAreKeptAndReplayed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "replies.cache")
	srv := &server{}
	call := open(t, path).Layer("openai")(srv.call)
	var first []string
	reply, err := call(context.Background(), request("hello", 1), func(d string) { first = append(first, d) })
	if err != nil || reply.Cache != chat.CacheMiss {
		t.Fatalf("first call: %v, cache %q", err, reply.Cache)
	}
	again := open(t, path).Layer("openai")(srv.call)
	var second []string
	cached, err := again(context.Background(), request("hello", 1), func(d string) { second = append(second, d) })
	if err != nil || cached.Cache != chat.CacheHit || srv.calls.Load() != 1 {
		t.Fatalf("second call: %v, cache %q, %d calls reached the server", err, cached.Cache, srv.calls.Load())
	}
	if !slices.Equal(first, second) || cached.Text != reply.Text || cached.Reasoning != reply.Reasoning ||
		cached.FinishReason != reply.FinishReason || *cached.Usage != *reply.Usage {
		t.Errorf("replayed %q %+v, first %q %+v", second, cached, first, reply)
	}
	base := request("hello", 1)
	variants := map[string]chat.Request{}
	v := base
	v.Seed = new(int)
	variants["seed"] = v
	v = base
	v.Temperature = 0
	variants["temperature"] = v
	v = base
	v.MaxTokens = 0
	variants["max_tokens"] = v
	v = base
	v.JSON = true
	variants["json"] = v
	v = base
	v.Model = "m2"
	variants["model"] = v
	v = base
	v.Messages = []chat.Message{{Role: chat.System, Content: "sys!"}, base.Messages[1]}
	variants["system message"] = v
	for name, req := range variants {
		if bytes.Equal(Key("openai", req), Key("openai", base)) {
			t.Errorf("a request differing in its %s has the same key", name)
		}
	}
	if bytes.Equal(Key("ollama", base), Key("openai", base)) {
		t.Error("two providers share a key")
	}
}

// A caller that stops reading because it has all it needs (the SCRIPT
// writer at END) leaves what it read in the cache, and is stopped at the
// same place when it is answered from there; a caller stopped for any
// other reason (ctrl-c) leaves nothing.
func TestAStreamReadToItsEndIsKept(t *testing.T) {
	srv := &server{}
	call := open(t, filepath.Join(t.TempDir(), "c.cache")).Layer("openai")(srv.call)
	read := func(content string, cause error) ([]string, error) {
		ctx, stop := context.WithCancelCause(context.Background())
		defer stop(nil)
		var got []string
		_, err := call(ctx, request(content, 1), func(d string) {
			got = append(got, d)
			if len(got) == 2 {
				stop(cause)
			}
		})
		return got, err
	}
	first, err := read("script", chat.ErrReadEnough)
	if err == nil {
		t.Fatal("a stopped stream ended without an error")
	}
	second, _ := read("script", chat.ErrReadEnough)
	if srv.calls.Load() != 1 || !slices.Equal(first, second) {
		t.Errorf("%d calls sent; pieces %q then %q", srv.calls.Load(), first, second)
	}
	read("interrupted", context.Canceled)
	read("interrupted", context.Canceled)
	if srv.calls.Load() != 3 {
		t.Errorf("an interrupted stream was kept: %d calls sent, want 3", srv.calls.Load())
	}
}

// A failed call is not kept.
func TestFailuresAreNotKept(t *testing.T) {
	failing := func(context.Context, chat.Request, func(string)) (chat.Reply, error) {
		return chat.Reply{}, &chat.Error{Kind: chat.Status, StatusCode: 500, Message: "down"}
	}
	c := open(t, filepath.Join(t.TempDir(), "c.cache"))
	if _, err := c.Layer("p")(failing)(context.Background(), request("x", 1), func(string) {}); err == nil {
		t.Fatal("the failure was hidden")
	}
	if n, _ := c.Len(context.Background()); n != 0 {
		t.Errorf("%d replies kept after a failure", n)
	}
}

// Anything at the path that is not an omnigap reply cache is refused with
// one line and left byte for byte as it was: a text file, an SQLite
// database (another program's, or the cache of an omnigap before format
// 2), a cache of a newer format, a damaged cache, a link.
func TestForeignAndDamagedFilesAreRefusedUntouched(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("my notes, not a cache\n"), 0o644)

	sqlite := filepath.Join(dir, "other.db")
	os.WriteFile(sqlite, append([]byte(sqliteMagic), make([]byte, 4080)...), 0o644)

	newer := filepath.Join(dir, "newer.cache")
	os.WriteFile(newer, []byte(`{"omnigap_reply_cache":3}`+"\n"), 0o644)

	damaged := filepath.Join(dir, "damaged.cache")
	c := open(t, damaged)
	c.Layer("p")((&server{}).call)(context.Background(), request("x", 1), func(string) {})
	c.Close()
	data, _ := os.ReadFile(damaged)
	for i := len(header) + 20; i < len(data)-1; i++ {
		data[i] ^= 0x5a // the first reply's line, but for its start and its newline
	}
	os.WriteFile(damaged, data, 0o644)

	link := filepath.Join(dir, "link.db")
	os.Symlink(sqlite, link)

	for name, path := range map[string]string{"text": text, "sqlite": sqlite, "newer": newer, "damaged": damaged, "link": link} {
		before, _ := os.ReadFile(path)
		c, err := Open(path)
		if err == nil {
			c.Close()
			t.Errorf("%s: opened", name)
			continue
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "--cache "+path+": ") {
			t.Errorf("%s: %q is not one line naming the file", name, msg)
		}
		after, _ := os.ReadFile(path)
		if !bytes.Equal(before, after) {
			t.Errorf("%s: the file changed", name)
		}
		t.Logf("%s: %s", name, msg)
	}
	if _, err := os.Lstat(link); err != nil {
		t.Error("the link was removed")
	}
}

// A reply whose write was cut short (its process died mid-line) is not
// read, and the next reply kept replaces it: the file reads whole again.
func TestAWriteCutShortIsCutOffByTheNext(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.cache")
	srv := &server{}
	c := open(t, path)
	call := c.Layer("p")(srv.call)
	call(context.Background(), request("kept", 1), func(string) {})
	c.Close()
	whole, _ := os.ReadFile(path)
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"key":"00","model":"m","created":1,"reply":{"deltas":["cut`)
	f.Close()

	c = open(t, path)
	if n, err := c.Len(context.Background()); err != nil || n != 1 {
		t.Fatalf("%d replies (%v) in a file with one whole and one cut short", n, err)
	}
	call = c.Layer("p")(srv.call)
	if reply, err := call(context.Background(), request("kept", 1), func(string) {}); err != nil || reply.Cache != chat.CacheHit {
		t.Fatalf("the whole reply: %v %q", err, reply.Cache)
	}
	call(context.Background(), request("next", 1), func(string) {})
	c.Close()
	data, _ := os.ReadFile(path)
	if !bytes.HasPrefix(data, whole) || bytes.Contains(data, []byte("cut")) || bytes.Count(data, []byte("\n")) != 3 {
		t.Errorf("the file after the next reply:\n%s", data)
	}
	if n, err := open(t, path).Len(context.Background()); err != nil || n != 2 {
		t.Errorf("%d replies (%v) read back, want 2", n, err)
	}
}

// A dangling link at the path is not followed to create a file.
func TestADanglingLinkIsNotFollowed(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "elsewhere.db")
	link := filepath.Join(dir, "c.cache")
	os.Symlink(target, link)
	if c, err := Open(link); err == nil {
		c.Close()
		t.Fatal("opened through a dangling link")
	}
	if _, err := os.Stat(target); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a file was created through the link: %v", err)
	}
}

// Four processes writing one cache file at once, each its own replies
// and some every process writes, lose nothing: every reply is in the
// file afterwards, readable, and each process read back its own.
func TestFourProcessesShareOneFile(t *testing.T) {
	const procs, own, shared = 4, 400, 100
	path := filepath.Join(t.TempDir(), "shared.cache")
	var wg sync.WaitGroup
	outs := make([][]byte, procs)
	errs := make([]error, procs)
	for p := range procs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^TestCacheWriterProcess$")
			cmd.Env = append(os.Environ(), "REPLYCACHE_WRITER="+strconv.Itoa(p), "REPLYCACHE_PATH="+path,
				fmt.Sprintf("REPLYCACHE_COUNTS=%d,%d", own, shared))
			outs[p], errs[p] = cmd.CombinedOutput()
		}()
	}
	wg.Wait()
	for p := range procs {
		if errs[p] != nil {
			t.Fatalf("writer %d: %v\n%s", p, errs[p], outs[p])
		}
	}
	srv := &server{}
	c := open(t, path)
	if n, err := c.Len(context.Background()); err != nil || n != procs*own+shared {
		t.Fatalf("%d replies in the file (%v), want %d", n, err, procs*own+shared)
	}
	call := c.Layer("p")(srv.call)
	for p := range procs {
		for i := range own {
			content := fmt.Sprintf("writer %d reply %d", p, i)
			reply, err := call(context.Background(), request(content, i), func(string) {})
			if err != nil || reply.Cache != chat.CacheHit || !strings.HasPrefix(reply.Text, content+"/0 ") {
				t.Fatalf("%s: %q %v %q", content, reply.Text, err, reply.Cache)
			}
		}
	}
	if srv.calls.Load() != 0 {
		t.Errorf("%d replies were missing", srv.calls.Load())
	}
}

// TestCacheWriterProcess is one of TestFourProcessesShareOneFile's
// processes; it does nothing when run on its own.
func TestCacheWriterProcess(t *testing.T) {
	who := os.Getenv("REPLYCACHE_WRITER")
	if who == "" {
		t.Skip("a helper process of TestFourProcessesShareOneFile")
	}
	var own, shared int
	fmt.Sscanf(os.Getenv("REPLYCACHE_COUNTS"), "%d,%d", &own, &shared)
	c, err := Open(os.Getenv("REPLYCACHE_PATH"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	srv := &server{}
	call := c.Layer("p")(srv.call)
	var reqs []chat.Request
	for i := range own {
		reqs = append(reqs, request(fmt.Sprintf("writer %s reply %d", who, i), i))
	}
	for i := range shared {
		reqs = append(reqs, request(fmt.Sprintf("everyone's reply %d", i), i))
	}
	work := make(chan chat.Request)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for req := range work {
				if _, err := call(context.Background(), req, func(string) {}); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	for _, r := range reqs {
		work <- r
	}
	close(work)
	wg.Wait()
	if n, err := c.Lost(); n != 0 {
		t.Fatalf("%d replies lost: %v", n, err)
	}
	before := srv.calls.Load()
	for _, r := range reqs[:own] {
		if reply, err := call(context.Background(), r, func(string) {}); err != nil || reply.Cache != chat.CacheHit {
			t.Fatalf("own reply not read back: %v %q", err, reply.Cache)
		}
	}
	if srv.calls.Load() != before {
		t.Fatal("own replies were sent again")
	}
}

// The layer is a transport.Layer.
var _ transport.Layer = (&Cache{}).Layer("p")
