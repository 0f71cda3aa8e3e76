package main

import "context"

// unlessInterrupted runs load, which reads and writes nothing, and returns
// what it returns; on ctrl-c it returns errInterrupted at once, and load is
// left to end with the process. Readers of big files (a replay's
// recordings, a cocoa or Sotopia export) would otherwise hold ctrl-c up
// for as long as the file takes to read.
func unlessInterrupted[T any](ctx context.Context, load func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := load()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, errInterrupted
	}
}
