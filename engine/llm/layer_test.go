package llm

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/omnigap/omnigap/engine/llm/chat"
	"github.com/omnigap/omnigap/engine/llm/transport"
	"github.com/omnigap/omnigap/engine/view"
	"github.com/omnigap/omnigap/internal/llmtest"
)

// memo is a reply cache kept in memory, written as a transport layer: it
// knows the request as the role made it and nothing of the roles.
type memo struct {
	mu      sync.Mutex
	replies map[string]chat.Reply
	hits    int
}

func (m *memo) layer(next transport.Call) transport.Call {
	return func(ctx context.Context, req chat.Request, onDelta func(string)) (chat.Reply, error) {
		seed := "none"
		if req.Seed != nil {
			seed = fmt.Sprint(*req.Seed)
		}
		key := fmt.Sprintf("%s %v %g %d %s %v", req.Model, req.Messages, req.Temperature, req.MaxTokens, seed, req.JSON)
		m.mu.Lock()
		reply, ok := m.replies[key]
		if ok {
			m.hits++
		}
		m.mu.Unlock()
		if ok {
			onDelta(reply.Text)
			return reply, nil
		}
		reply, err := next(ctx, req, onDelta)
		if err == nil {
			m.mu.Lock()
			m.replies[key] = reply
			m.mu.Unlock()
		}
		return reply, err
	}
}

// TestALayerAnswersForTheServer: a reply cache plugs in as one transport
// layer, and the roles do not notice: an episode played again from the
// cache sends no request and plays the same turns.
func TestALayerAnswersForTheServer(t *testing.T) {
	srv := llmtest.Start()
	defer srv.Close()
	cache := &memo{replies: map[string]chat.Reply{}}
	for _, mode := range []view.Mode{view.Agents, view.Script} {
		var (
			plays [2]played
			sent  [2]int // requests the server had seen after each play
		)
		for i := range plays {
			f := testFactory(testConfig(srv), func(o *transport.Options) { o.Layers = []transport.Layer{cache.layer} })
			plays[i] = play(t, context.Background(), f, resolve(t, "craigslist/road-bike"), mode)
			sent[i] = srv.Count()
		}
		if sent[1] != sent[0] || cache.hits == 0 {
			t.Fatalf("%s: the replay from the cache sent %d requests (%d hits)", mode, sent[1]-sent[0], cache.hits)
		}
		if !reflect.DeepEqual(plays[0].actions(), plays[1].actions()) || len(plays[1].actions()) == 0 {
			t.Errorf("%s: the cached episode played other turns:\n%v\n%v", mode, plays[0].actions(), plays[1].actions())
		}
	}
}
