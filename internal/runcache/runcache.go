// Package runcache memoizes, across the packages of one run, work that
// depends only on files outside the package being analysed: the
// module's YAML files, a scan of its Go sources, the choice of the
// package that reports its go.mod findings. Without it every package
// walks the module again (cluster-api: a dozen walks of every directory
// and YAML file per run).
//
// A driver that analyses every package of a run in one process (the
// standalone driver, the language server) makes one Cache per run and
// hands it to the checks through the helper pass passes/runcache;
// per-package drivers (go vet -vettool, nogo, golangci-lint) have none,
// and every call computes. This is no analysis fact: nothing flows
// between packages that one package could not compute alone, so every
// driver gives the same answers (docs/design.md, "One walk of the
// module per run").
//
// A value must depend only on its key and on files that do not change
// during the run, and must not be modified once computed: several
// packages read it in parallel.
package runcache

import "sync"

// Cache is the memo of one run. The zero value is not usable: use New.
// A nil *Cache is valid and memoizes nothing.
type Cache struct {
	mu      sync.Mutex
	entries map[any]*entry
}

type entry struct {
	once sync.Once
	val  any
}

// New returns an empty Cache.
func New() *Cache { return &Cache{entries: map[any]*entry{}} }

// Do returns the value of key, computed by compute the first time any
// package asks for it (callers with the same key wait for that one
// computation); a nil c computes every time. Keys must be comparable;
// each user keeps to a key type of its own, so that keys never collide.
func Do[T any](c *Cache, key any, compute func() T) T {
	if c == nil {
		return compute()
	}
	c.mu.Lock()
	e, ok := c.entries[key]
	if !ok {
		e = &entry{}
		c.entries[key] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.val = compute() })
	v, _ := e.val.(T)
	return v
}
