package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/omnigap/omnigap/engine/event"
	"github.com/omnigap/omnigap/engine/record"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// TestCachedRunSendsNothingAndRecordsTheSame: a study run again with
// --cache sends no request, and its recordings are the first run's
// (timings and the cache counts aside): every role's calls, the judge's
// included, SCRIPT's writer stopping at END included. The counts are in
// each footer, summary.json and the run's table.
func TestCachedRunSendsNothingAndRecordsTheSame(t *testing.T) {
	srv := llmtest.Start()
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	cache := filepath.Join(dir, "replies.db")
	args := func(out string) []string {
		return append([]string{"run", "--scenario", "craigslist/gen-*", "--scenario", "mutualfriends/gen-*", "--episodes", "3",
			"--seed", "2", "--judge", "--cache", cache, "--out", filepath.Join(dir, out)}, modelArgs(srv)...)
	}
	if _, err := omnigap(t, args("first")...); err != nil {
		t.Fatal(err)
	}
	sent := srv.Count()
	out, err := omnigap(t, args("again")...)
	if err != nil {
		t.Fatal(err)
	}
	if srv.Count() != sent {
		t.Fatalf("the second run sent %d requests", srv.Count()-sent)
	}
	if !strings.Contains(out, "model calls: ") || !strings.Contains(out, "replies from --cache") {
		t.Errorf("the run's output does not count the cache:\n%s", out)
	}
	files, _ := record.Files(filepath.Join(dir, "first"))
	if len(files) != 2*3*3 {
		t.Fatalf("%d recordings", len(files))
	}
	hits := 0
	for _, f := range files {
		first, again := withoutTimings(t, f), withoutTimings(t, filepath.Join(dir, "again", filepath.Base(f)))
		if first.text != again.text {
			t.Fatalf("%s differs:\n%s\n%s", filepath.Base(f), first.text, again.text)
		}
		// The first run's episodes may answer each other's identical
		// calls (a judge given the same dialogue in two modes).
		if first.cache == nil || first.cache.Misses == 0 {
			t.Errorf("%s: first run's footer counts %+v", filepath.Base(f), first.cache)
		}
		if again.cache == nil || again.cache.Misses != 0 || again.cache.Hits != first.cache.Misses+first.cache.Hits {
			t.Errorf("%s: second run's footer counts %+v, want %+v as hits", filepath.Base(f), again.cache, first.cache)
		}
		hits += again.cache.Hits
	}
	var summary struct {
		Cache event.CacheUse `json:"cache"`
	}
	data, _ := os.ReadFile(filepath.Join(dir, "again", "summary.json"))
	if err := json.Unmarshal(data, &summary); err != nil || summary.Cache.Hits != hits || summary.Cache.Misses != 0 {
		t.Errorf("summary.json cache %+v (%v), want %d hits", summary.Cache, err, hits)
	}
	if hits < sent {
		t.Errorf("%d hits for %d requests sent the first time", hits, sent)
	}
}

type timeless struct {
	text  string
	cache *event.CacheUse
}

// withoutTimings is a recording's header and events as JSON without what
// changes from run to run, and its footer's cache counts. What changes:
// the start time and event times; the cache's counts; where a usage event
// falls (a SCRIPT writer's call reports its usage with the turn being
// handed out when its stream ends, which depends on how fast the stream
// came, so the usage events are compared as a list of counts apart from
// the sequence, and seq is left out); and the server's count of prompt
// tokens it had cached, which depends on which of two calls sharing a
// prefix came first (the resume tests leave it out too).
func withoutTimings(t *testing.T, path string) timeless {
	t.Helper()
	rec, err := record.Read(path)
	if err != nil || rec.Footer == nil || rec.Torn {
		t.Fatalf("%s: %v", path, err)
	}
	out := timeless{cache: rec.Footer.Ending.Cache}
	h := rec.Header
	h.Started = time.Time{}
	var events []event.Event
	var usage []string
	for _, ev := range rec.Events {
		ev.At, ev.Seq = 0, 0
		if u := ev.Usage; u != nil {
			usage = append(usage, fmt.Sprintf("%d+%d", u.Prompt, u.Completion))
			continue
		}
		if e := ev.Ending; e != nil {
			c := *e
			c.Cache = nil
			if c.Usage != nil {
				u := *c.Usage
				u.Cached = 0
				c.Usage = &u
			}
			ev.Ending = &c
		}
		events = append(events, ev)
	}
	slices.Sort(usage)
	data, _ := json.Marshal(struct {
		Header record.Header
		Events []event.Event
		Usage  []string
	}{h, events, usage})
	out.text = string(data)
	return out
}
