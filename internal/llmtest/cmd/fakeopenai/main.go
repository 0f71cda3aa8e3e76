// Command fakeopenai serves llmtest's fake OpenAI-compatible endpoint on
// loopback until interrupted, for trying omnigap's model backend without a
// model: omnigap watch --backend openai --base-url URL --model fake.
package main

import (
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"strings"

	"github.com/omnigap/omnigap/internal/llmtest"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "address to listen on")
	chunk := flag.Int("chunk", 12, "characters per streamed delta")
	delay := flag.Duration("delay", 0, "pause before each delta (e.g. 30ms to watch text stream)")
	keepAlives := flag.Int("keepalives", 1, "SSE comment lines before each chunk")
	refuse := flag.Bool("refuse-json-format", false, "answer 400 to requests with response_format")
	refuseParams := flag.String("refuse-params", "", "comma-separated request fields to answer 400 to: seed, stream_options, response_format")
	plain := flag.Bool("plain", false, "answer with one non-streaming JSON body, as servers that ignore stream do")
	think := flag.String("think", "", "think this before each reply, like a reasoning model")
	thinkField := flag.Bool("think-field", false, "send the thinking as reasoning_content deltas instead of a <think> block")
	varied := flag.Bool("varied-judge", false, "the judge's scores drawn from a hash of what it is asked (llmtest.VariedJudgement) instead of always the same")
	checkWords := flag.String("check", "", "answer leak checks from a script: comma-separated id=words, naming a fact asked about wherever a turn says its words")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fakeopenai:", err)
		os.Exit(1)
	}
	srv := llmtest.Serve(ln)
	srv.ChunkRunes, srv.ChunkDelay, srv.KeepAlives, srv.RefuseJSONFormat = *chunk, *delay, *keepAlives, *refuse
	srv.Keep = 1
	if *refuseParams != "" {
		srv.RefuseParams = strings.Split(*refuseParams, ",")
	}
	srv.Plain, srv.ThinkField = *plain, *thinkField
	if *think != "" {
		srv.Think = func(*llmtest.Request) string { return *think }
	}
	if *checkWords != "" {
		script := map[string]string{}
		for _, pair := range strings.Split(*checkWords, ",") {
			id, words, ok := strings.Cut(pair, "=")
			if !ok {
				fmt.Fprintf(os.Stderr, "fakeopenai: -check %q: want id=words\n", pair)
				os.Exit(2)
			}
			script[id] = words
		}
		check := llmtest.ScriptedCheck(script)
		srv.Respond = func(r *llmtest.Request) string {
			if llmtest.Checking(r) {
				return check(r)
			}
			return respond(r, *varied)
		}
	} else if *varied {
		srv.Respond = func(r *llmtest.Request) string { return respond(r, true) }
	}
	fmt.Println(srv.URL)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt)
	<-stop
	srv.Close()
	fmt.Fprintf(os.Stderr, "fakeopenai: served %d requests\n", srv.Count())
}

// respond is the default answer, the judge's scores varied when asked.
func respond(r *llmtest.Request, varied bool) string {
	if varied && llmtest.Judging(r) {
		return llmtest.VariedJudgement(r)
	}
	return llmtest.Default(r)
}
