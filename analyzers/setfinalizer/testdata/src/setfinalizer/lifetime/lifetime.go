// Package lifetime exercises setfinalizer rules 9 and 10: objects that live
// otherwise than the hook assumes.
package lifetime

import (
	"context"
	"os"
	"runtime"
)

type watcher struct {
	f    *os.File
	stop chan struct{}
}

func (w *watcher) run()   { <-w.stop }
func (w *watcher) close() { w.f.Close() }

// Flagged.

// The goroutine refers to w for as long as it runs.
func startWatcher(f *os.File) *watcher {
	w := &watcher{f: f, stop: make(chan struct{})}
	runtime.SetFinalizer(w, (*watcher).close) // want `the goroutine started at line 25 refers to w, so w stays reachable while it runs`
	go w.run()
	return w
}

func startWithClosure(f *os.File) *watcher {
	w := &watcher{f: f, stop: make(chan struct{})}
	runtime.SetFinalizer(w, func(w *watcher) { close(w.stop) }) // want `the goroutine started at line 32 refers to w`
	go func() { <-w.stop }()
	return w
}

type handle struct{ f *os.File }

// The hook is on the local h; the caller gets a copy.
func openHandle(name string) (handle, error) {
	f, err := os.Open(name)
	if err != nil {
		return handle{}, err
	}
	h := handle{f: f}
	runtime.SetFinalizer(&h, func(h *handle) { h.f.Close() }) // want `the finalizer is set on the local h, but h is returned by value at line 46`
	return h, nil
}

// Not flagged.

// The goroutine gets what it needs, not the object.
func startDetached(ctx context.Context, f *os.File) *watcher {
	w := &watcher{f: f, stop: make(chan struct{})}
	runtime.SetFinalizer(w, (*watcher).close)
	stop := w.stop
	go func() { <-stop }()
	return w
}

// Returned by pointer.
func openHandlePtr(name string) (*handle, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	h := handle{f: f}
	runtime.SetFinalizer(&h, func(h *handle) { h.f.Close() })
	return &h, nil
}
