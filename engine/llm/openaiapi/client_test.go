package openaiapi

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/internal/llmtest"
)

func hello(temp float64) chat.Request {
	return chat.Request{Model: "m", Temperature: temp, Usage: true, Messages: []chat.Message{
		{Role: chat.System, Content: "You answer briefly."},
		{Role: chat.User, Content: "Say hello."},
	}}
}

func fixed(text string) func(*llmtest.Request) string {
	return func(*llmtest.Request) string { return text }
}

func TestTemperatureZeroIsSent(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.Respond = fixed("hi")
	c := New(Config{BaseURL: srv.URL, APIKey: "k"})
	for _, temp := range []float64{0, 0.7} {
		if _, err := c.Stream(context.Background(), hello(temp), func(string) {}); err != nil {
			t.Fatal(err)
		}
	}
	reqs := srv.Requests()
	if !bytes.Contains(reqs[0].Body, []byte(`"temperature":0,`)) && !bytes.Contains(reqs[0].Body, []byte(`"temperature":0}`)) {
		t.Errorf("temperature 0 not in body: %s", reqs[0].Body)
	}
	if reqs[0].Temperature == nil || *reqs[0].Temperature != 0 {
		t.Errorf("server read temperature %v, want 0", reqs[0].Temperature)
	}
	if reqs[1].Temperature == nil || *reqs[1].Temperature < 0.69 || *reqs[1].Temperature > 0.71 {
		t.Errorf("server read temperature %v, want 0.7", reqs[1].Temperature)
	}
	if reqs[0].StreamOptions == nil || !reqs[0].StreamOptions.IncludeUsage {
		t.Error("stream_options.include_usage not requested")
	}
	if reqs[0].Authorization != "Bearer k" {
		t.Errorf("Authorization = %q", reqs[0].Authorization)
	}
}

func TestStreamDeltasUsageAndKeepAlives(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	want := strings.Repeat("All good here, thank you. ", 8)
	srv.Respond = fixed(want)
	srv.ChunkRunes = 5
	srv.KeepAlives = 400 // more than go-openai's default limit of 300
	c := New(Config{BaseURL: srv.URL})
	var deltas []string
	req := hello(0.7)
	req.Messages[0].Content = strings.Repeat("A long and stable system prompt. ", 20)
	reply, err := c.Stream(context.Background(), req, func(d string) { deltas = append(deltas, d) })
	if err != nil {
		t.Fatal(err)
	}
	if reply.Text != want || strings.Join(deltas, "") != want || len(deltas) < 10 {
		t.Fatalf("text %q from %d deltas", reply.Text, len(deltas))
	}
	if reply.FinishReason != "stop" || reply.Usage == nil || reply.Usage.Prompt == 0 || reply.Usage.Completion == 0 {
		t.Fatalf("reply %+v usage %+v", reply, reply.Usage)
	}
	if reply.Usage.Cached != 0 {
		t.Errorf("first call cached %d tokens", reply.Usage.Cached)
	}
	again, err := c.Stream(context.Background(), req, func(string) {})
	if err != nil {
		t.Fatal(err)
	}
	if again.Usage.Cached == 0 {
		t.Error("repeated prompt reported no cached tokens")
	}
}

func TestFaults(t *testing.T) {
	const key = "sk-test-SECRET-0123456789"
	cases := []struct {
		name  string
		fault llmtest.Fault
		check func(t *testing.T, e *chat.Error)
	}{
		{"429 with Retry-After", llmtest.Fault{Status: 429, RetryAfter: "2", Message: "slow down"}, func(t *testing.T, e *chat.Error) {
			if e.Kind != chat.Status || e.StatusCode != 429 || e.RetryAfter != 2*time.Second || !e.Retryable() || e.Message != "slow down" {
				t.Errorf("%+v", e)
			}
		}},
		{"500", llmtest.Fault{Status: 500, Message: "engine overloaded"}, func(t *testing.T, e *chat.Error) {
			if e.Kind != chat.Status || e.StatusCode != 500 || !e.Retryable() || !strings.Contains(e.Error(), "engine overloaded") {
				t.Errorf("%+v", e)
			}
		}},
		{"400 is final", llmtest.Fault{Status: 400, Message: "bad model"}, func(t *testing.T, e *chat.Error) {
			if e.Retryable() || e.StatusCode != 400 {
				t.Errorf("%+v", e)
			}
		}},
		{"401 echoing the key", llmtest.Fault{Status: 401, Message: "Incorrect API key provided: " + key}, func(t *testing.T, e *chat.Error) {
			if strings.Contains(e.Error(), key) || !strings.Contains(e.Error(), "[api key]") {
				t.Errorf("key not redacted: %v", e)
			}
		}},
		{"dropped mid-stream", llmtest.Fault{DropAfter: 2}, func(t *testing.T, e *chat.Error) {
			if e.Kind != chat.Cut || e.Partial == "" || e.Retryable() {
				t.Errorf("%+v", e)
			}
		}},
		{"malformed chunk", llmtest.Fault{BadChunk: true}, func(t *testing.T, e *chat.Error) {
			if e.Kind != chat.Malformed || e.Retryable() {
				t.Errorf("%+v", e)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.Start()
			defer srv.Close()
			srv.Respond = fixed("a reply long enough to need several chunks")
			srv.ChunkRunes = 4
			srv.Push(tc.fault)
			c := New(Config{BaseURL: srv.URL, APIKey: key})
			_, err := c.Stream(context.Background(), hello(0.7), func(string) {})
			var e *chat.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T), want *chat.Error", err, err)
			}
			if strings.Contains(err.Error(), key) {
				t.Errorf("key in error: %v", err)
			}
			tc.check(t, e)
		})
	}
}

func TestHangEndsWithContext(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.Push(llmtest.Fault{Hang: true})
	c := New(Config{BaseURL: srv.URL})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := c.Stream(ctx, hello(0.7), func(string) {})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("took %v", d)
	}
}

func TestRefusedResponseFormat(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	srv.RefuseJSONFormat = true
	c := New(Config{BaseURL: srv.URL})
	req := hello(0.7)
	req.JSON = true
	_, err := c.Stream(context.Background(), req, func(string) {})
	var e *chat.Error
	if !errors.As(err, &e) || e.StatusCode != 400 || !strings.Contains(e.Message, "response_format") {
		t.Fatalf("err = %v", err)
	}
}

func TestRetryAfterDate(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	if d := retryAfter(now.Add(3*time.Second).Format(http.TimeFormat), now); d != 3*time.Second {
		t.Errorf("date form: %v", d)
	}
	if d := retryAfter("1.5", now); d != 1500*time.Millisecond {
		t.Errorf("seconds form: %v", d)
	}
	if d := retryAfter("soon", now); d != 0 {
		t.Errorf("garbage: %v", d)
	}
}

// TestKeysLeaveLongPlainErrorBodies: a proxy's non-JSON error page that
// quotes a key across the point where messages are clipped, and a key the
// run knows but does not send here, both come out as "[api key]".
func TestKeysLeaveLongPlainErrorBodies(t *testing.T) {
	const sent, other = "sk-sent-SECRET-0123456789abcdef", "sk-other-SECRET-fedcba9876543210"
	body := "other " + other + strings.Repeat("x", 600-len("other "+other+" key ")-5) + " key " + sent
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusBadGateway)
		w.Write([]byte(body))
	}))
	defer srv.Close()
	c := New(Config{BaseURL: srv.URL, APIKey: sent, Secrets: []string{other}})
	_, err := c.Stream(context.Background(), hello(0.7), func(string) {})
	if err == nil {
		t.Fatal("no error from a 502")
	}
	for _, part := range []string{sent[:5], other[:8]} {
		if strings.Contains(err.Error(), part) {
			t.Errorf("%q survives in %v", part, err)
		}
	}
}
