// Package runcache is the helper pass that hands the checks the memo of
// the run (internal/runcache): nil, so that nothing is memoized, unless
// the driver replaces Analyzer by WithCache (analyzers.PrepareForModule
// does for the standalone driver and the language server).
//
// The pass never reports. Its result is the run's *runcache.Cache, which
// is safe for concurrent use; the pass itself computes nothing.
package runcache

import (
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/runcache"
)

// Analyzer gives every package a nil *runcache.Cache.
var Analyzer = &analysis.Analyzer{
	Name:             "opvetruncache",
	Doc:              "hand the checks the run's memo of module-wide file work (helper, never reports)",
	Run:              func(*analysis.Pass) (any, error) { return (*runcache.Cache)(nil), nil },
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*runcache.Cache](),
}

// WithCache returns a copy of Analyzer that gives every package c. A
// driver that substitutes it must make the checks read the copy's
// result as Analyzer's (driver.Substitute does).
func WithCache(c *runcache.Cache) *analysis.Analyzer {
	a := *Analyzer
	a.Run = func(*analysis.Pass) (any, error) { return c, nil }
	return &a
}

// Of returns the cache that pass's Analyzer result holds (nil when the
// pass does not require Analyzer).
func Of(pass *analysis.Pass) *runcache.Cache {
	c, _ := pass.ResultOf[Analyzer].(*runcache.Cache)
	return c
}
