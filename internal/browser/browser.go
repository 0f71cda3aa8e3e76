// Package browser drives Debian's headless Chromium for the tests of
// omnigap's HTML pages: it loads a page from a file URL at a window size,
// reads what the page built (JavaScript evaluated by the DevTools
// protocol, over the pipe Chromium opens with --remote-debugging-pipe,
// so no port is opened), lists every request the page made and takes a
// screenshot.
package browser

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Flags are the flags every run of Chromium gets: headless, no sandbox
// (tests may run as root), nothing fetched or synced on its own.
var Flags = []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
	"--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
	"--remote-debugging-pipe"}

// Browser is one Chromium process.
type Browser struct {
	cmd     *exec.Cmd
	in      *os.File // commands, to Chromium's fd 3
	out     *os.File // replies and events, from Chromium's fd 4
	mu      sync.Mutex
	next    int
	waiting map[int]chan message
	events  chan message
	done    chan struct{}
	stderr  bytes.Buffer
}

type message struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// Start runs Chromium (the program at path) with a profile in dir.
func Start(path, dir string) (*Browser, error) {
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	b := &Browser{in: cmdW, out: outR, waiting: map[int]chan message{}, events: make(chan message, 1024), done: make(chan struct{})}
	b.cmd = exec.Command(path, append(Flags, "--user-data-dir="+dir, "about:blank")...)
	b.cmd.ExtraFiles = []*os.File{cmdR, outW}
	b.cmd.Stderr = &b.stderr
	if err := b.cmd.Start(); err != nil {
		return nil, err
	}
	cmdR.Close()
	outW.Close()
	go b.read()
	return b, nil
}

// read hands each reply to its caller and each event to Events.
func (b *Browser) read() {
	defer close(b.done)
	r := bufio.NewReader(b.out)
	for {
		line, err := r.ReadBytes(0)
		if err != nil {
			return
		}
		var m message
		if json.Unmarshal(line[:len(line)-1], &m) != nil {
			continue
		}
		if m.ID != 0 {
			b.mu.Lock()
			ch := b.waiting[m.ID]
			delete(b.waiting, m.ID)
			b.mu.Unlock()
			if ch != nil {
				ch <- m
			}
			continue
		}
		select {
		case b.events <- m:
		default:
		}
	}
}

// call sends a command (to a page's session when session is set) and
// returns its result.
func (b *Browser) call(ctx context.Context, session, method string, params any, result any) error {
	b.mu.Lock()
	b.next++
	id := b.next
	ch := make(chan message, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	msg, err := json.Marshal(message{ID: id, Method: method, SessionID: session, Params: p})
	if err != nil {
		return err
	}
	if _, err := b.in.Write(append(msg, 0)); err != nil {
		return fmt.Errorf("%s: %w (chromium: %s)", method, err, b.stderr.String())
	}
	select {
	case m := <-ch:
		if m.Error != nil {
			return fmt.Errorf("%s: %s", method, m.Error.Message)
		}
		if result != nil {
			return json.Unmarshal(m.Result, result)
		}
		return nil
	case <-b.done:
		return fmt.Errorf("%s: chromium ended: %s", method, b.stderr.String())
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// Close ends Chromium.
func (b *Browser) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	b.call(ctx, "", "Browser.close", struct{}{}, nil)
	b.in.Close()
	done := make(chan error, 1)
	go func() { done <- b.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		b.cmd.Process.Kill()
		return <-done
	}
}

// Page is one page loaded in a tab of a given size.
type Page struct {
	b       *Browser
	session string
	// Requests are the URLs of every request the page made, its own
	// file's among them.
	Requests []string
}

// Open loads url in a new tab of width x height CSS pixels, with
// JavaScript off when noScript, and waits for its load event.
func (b *Browser) Open(ctx context.Context, url string, width, height int, noScript bool) (*Page, error) {
	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := b.call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		return nil, err
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached); err != nil {
		return nil, err
	}
	p := &Page{b: b, session: attached.SessionID}
	for _, step := range []struct {
		method string
		params any
	}{
		{"Network.enable", struct{}{}},
		{"Page.enable", struct{}{}},
		{"Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}},
		{"Emulation.setScriptExecutionDisabled", map[string]any{"value": noScript}},
	} {
		if err := b.call(ctx, p.session, step.method, step.params, nil); err != nil {
			return nil, err
		}
	}
	if err := b.call(ctx, p.session, "Page.navigate", map[string]any{"url": url}, nil); err != nil {
		return nil, err
	}
	for {
		select {
		case m := <-b.events:
			if m.SessionID != p.session {
				continue
			}
			switch m.Method {
			case "Network.requestWillBeSent":
				var r struct {
					Request struct {
						URL string `json:"url"`
					} `json:"request"`
				}
				if json.Unmarshal(m.Params, &r) == nil {
					p.Requests = append(p.Requests, r.Request.URL)
				}
			case "Page.loadEventFired":
				return p, p.settle(ctx, noScript)
			}
		case <-b.done:
			return nil, fmt.Errorf("chromium ended loading %s: %s", url, b.stderr.String())
		case <-ctx.Done():
			return nil, fmt.Errorf("loading %s: %w", url, ctx.Err())
		}
	}
}

// settle waits for the frames after the load event (the page's script
// may change the layout; with scripts off no frame callback runs) and
// gathers the requests made meanwhile.
func (p *Page) settle(ctx context.Context, noScript bool) error {
	if !noScript {
		var v any
		if err := p.Eval(ctx, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, &v); err != nil {
			return err
		}
	}
	for {
		select {
		case m := <-p.b.events:
			if m.SessionID == p.session && m.Method == "Network.requestWillBeSent" {
				var r struct {
					Request struct {
						URL string `json:"url"`
					} `json:"request"`
				}
				if json.Unmarshal(m.Params, &r) == nil {
					p.Requests = append(p.Requests, r.Request.URL)
				}
			}
		default:
			return nil
		}
	}
}

// Eval evaluates a JavaScript expression in the page (the DevTools
// protocol's, which the page's policy does not govern), awaiting a
// promise, and reads its JSON value into v (unless v is nil).
func (p *Page) Eval(ctx context.Context, expr string, v any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := p.b.call(ctx, p.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r); err != nil {
		return err
	}
	if r.Exception != nil {
		if len(expr) > 200 {
			expr = expr[:200] + "…"
		}
		return fmt.Errorf("evaluating %s: %s", expr, r.Exception.Text)
	}
	if v == nil {
		return nil
	}
	return json.Unmarshal(r.Result.Value, v)
}

// Screenshot writes the visible part of the page as a PNG.
func (p *Page) Screenshot(ctx context.Context, w io.Writer) error {
	var r struct {
		Data string `json:"data"`
	}
	if err := p.b.call(ctx, p.session, "Page.captureScreenshot", map[string]any{"format": "png"}, &r); err != nil {
		return err
	}
	_, err := io.Copy(w, base64.NewDecoder(base64.StdEncoding, strings.NewReader(r.Data)))
	return err
}

// Call sends any DevTools command to the page's session (Emulation,
// Input, ...) and reads its result into result, if not nil.
func (p *Page) Call(ctx context.Context, method string, params, result any) error {
	return p.b.call(ctx, p.session, method, params, result)
}

// Tap taps the page at x, y (CSS pixels from the viewport's top left)
// with a finger, as a phone's screen reports it: touch emulation on, a
// touch started and ended, which the page gets as a tap (and a click).
func (p *Page) Tap(ctx context.Context, x, y float64) error {
	if err := p.Call(ctx, "Emulation.setTouchEmulationEnabled", map[string]any{"enabled": true, "maxTouchPoints": 1}, nil); err != nil {
		return err
	}
	point := []map[string]float64{{"x": x, "y": y}}
	if err := p.Call(ctx, "Input.dispatchTouchEvent", map[string]any{"type": "touchStart", "touchPoints": point}, nil); err != nil {
		return err
	}
	return p.Call(ctx, "Input.dispatchTouchEvent", map[string]any{"type": "touchEnd", "touchPoints": []any{}}, nil)
}

// Click clicks the page at x, y (CSS pixels from the viewport's top
// left) with a mouse's left button.
func (p *Page) Click(ctx context.Context, x, y float64) error {
	for _, kind := range []string{"mouseMoved", "mousePressed", "mouseReleased"} {
		if err := p.Call(ctx, "Input.dispatchMouseEvent", map[string]any{"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}, nil); err != nil {
			return err
		}
	}
	return nil
}

// Type types text into the element that has the focus, as a keyboard's
// input would.
func (p *Page) Type(ctx context.Context, text string) error {
	return p.Call(ctx, "Input.insertText", map[string]any{"text": text}, nil)
}
