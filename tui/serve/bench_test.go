package serve

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"
)

// BenchmarkSessions64 measures 64 players in games at once over
// loopback: the time from a keystroke sent to the first frame that
// answers it (p50 and p99 over every keystroke of every player, all
// typing at once at about ten keys a second, each at its own moments),
// and the memory each session adds, server and client sides together
// (heap and stacks in use after a GC, with every game started, less
// before the server started). b.N is the keystrokes of each player:
//
//	go test ./tui/serve -run '^$' -bench Sessions64 -benchtime 100x
func BenchmarkSessions64(b *testing.B) {
	const players = 64
	before := inUse()
	srv := startServer(b, Config{MaxSessions: players})
	addr := srv.Addr().String()
	ps := make([]*player, players)
	for i := range ps {
		p, err := tryJoin(addr, 100+i%40, 30+i%15, nil)
		if err != nil {
			b.Fatal(err)
		}
		p.t = b
		ps[i] = p
		defer p.close()
	}
	for _, p := range ps {
		if err := p.waitFor("enter starts", time.Minute); err != nil {
			b.Fatal(err)
		}
		if err := p.press("\r"); err != nil {
			b.Fatal(err)
		}
	}
	for _, p := range ps {
		if err := p.waitFor("your turn", time.Minute); err != nil {
			b.Fatal(err)
		}
		p.out.forget()
	}
	perSession := float64(inUse()-before) / players

	b.ResetTimer()
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	for i, p := range ps {
		wg.Go(func() {
			// Players type at their own moments, not in step: ten keys a
			// second on average, each at its own phase.
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			time.Sleep(time.Duration(rng.IntN(100)) * time.Millisecond)
			mine := make([]time.Duration, 0, b.N)
			for k := range b.N {
				// A letter, then a backspace: each changes the input box
				// (a box full of one letter would scroll and look the same).
				key := "x"
				if k%2 == 1 {
					key = "\x7f"
				}
				_, writes := p.out.lastWrite()
				sent := time.Now()
				if err := p.send(key); err != nil {
					b.Error(err)
					return
				}
				if !p.out.waitWrite(writes, 5*time.Second) {
					b.Errorf("no frame within 5 s of keystroke %d of %d; the screen ends %q", len(mine)+1, b.N, tail(p.out.text(), 300))
					return
				}
				last, _ := p.out.lastWrite()
				mine = append(mine, last.Sub(sent))
				time.Sleep(time.Duration(50+rng.IntN(100)) * time.Millisecond)
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	b.StopTimer()
	if len(lat) == 0 {
		b.Fatal("no keystroke answered")
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(perSession/(1<<20), "MB/session")
}

// inUse is the heap and stack memory in use after a collection.
func inUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse + m.StackInuse
}
