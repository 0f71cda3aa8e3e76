package openaiapi

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"time"
)

// callInfo carries what go-openai does not pass back: the Retry-After of
// an error response.
type callInfo struct {
	retryAfter time.Duration
}

type callInfoKey struct{}

func withCallInfo(ctx context.Context, info *callInfo) context.Context {
	return context.WithValue(ctx, callInfoKey{}, info)
}

// doer is the HTTP client go-openai sends through. It restores an exact
// temperature of 0 in the body, notes the Retry-After header and turns a
// non-streaming reply into a stream.
type doer struct {
	client *http.Client
}

// zeroMarker is how encoding/json writes math.SmallestNonzeroFloat32, the
// stand-in Client.request uses for a temperature of 0.
var (
	zeroMarker = []byte(`"temperature":1e-45`)
	zeroExact  = []byte(`"temperature":0`)
)

func newDoer() doer {
	t := http.DefaultTransport.(*http.Transport).Clone()
	// Many episodes at once talk to one host; keep their connections.
	t.MaxIdleConns = 512
	t.MaxIdleConnsPerHost = 512
	t.DialContext = (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	return doer{client: &http.Client{Transport: t}}
}

func (d doer) Do(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		body, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, err
		}
		body = bytes.Replace(body, zeroMarker, zeroExact, 1)
		req.Body = io.NopCloser(bytes.NewReader(body))
		req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
		req.ContentLength = int64(len(body))
	}
	resp, err := d.client.Do(req)
	if err == nil && resp.StatusCode == http.StatusOK {
		resp = asStream(resp)
	}
	if err == nil && resp.StatusCode >= 400 {
		if info, ok := req.Context().Value(callInfoKey{}).(*callInfo); ok {
			info.retryAfter = retryAfter(resp.Header.Get("Retry-After"), time.Now())
		}
	}
	return resp, err
}
