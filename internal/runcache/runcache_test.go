package runcache

import (
	"sync"
	"sync/atomic"
	"testing"
)

// TestDoNil: without a cache every call computes.
func TestDoNil(t *testing.T) {
	n := 0
	for range 3 {
		if got := Do(nil, "k", func() int { n++; return n }); got != n {
			t.Fatalf("Do(nil) = %d, want %d", got, n)
		}
	}
	if n != 3 {
		t.Errorf("computed %d times, want 3", n)
	}
}

// TestDoOnce: with a cache, concurrent callers of one key share one
// computation; other keys, and keys of another type with the same
// value, compute on their own.
func TestDoOnce(t *testing.T) {
	type keyA struct{ s string }
	type keyB struct{ s string }
	c := New()
	var n atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got := Do(c, keyA{"x"}, func() string { n.Add(1); return "a" }); got != "a" {
				t.Errorf("Do = %q, want a", got)
			}
		}()
	}
	wg.Wait()
	if n.Load() != 1 {
		t.Errorf("computed %d times for one key, want 1", n.Load())
	}
	if got := Do(c, keyB{"x"}, func() string { return "b" }); got != "b" {
		t.Errorf("a key of another type with the same value = %q, want its own b", got)
	}
	if got := Do(c, keyA{"y"}, func() string { return "y" }); got != "y" {
		t.Errorf("another key = %q, want y", got)
	}
}
