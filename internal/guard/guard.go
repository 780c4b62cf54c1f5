// Package guard turns a panic of an analyzer into an error.
package guard

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
)

// Run runs f and turns a panic into an error that names the analyzer, the
// package and the panic's place in opvet's code, so that a bug in one
// analyzer on one package fails it there (the driver reports the error and
// goes on with the other packages) instead of ending the whole run.
func Run(name, pkgPath string, f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s: internal error on package %s (a bug in opvet: please report it with this message): %v\n%s",
				name, pkgPath, r, panicSite())
		}
	}()
	return f()
}

// panicSite returns the innermost frames of opvet's own code on the stack
// of a recovered panic.
func panicSite() string {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	var b strings.Builder
	for i := 0; i < 6; {
		fr, more := frames.Next()
		if strings.HasPrefix(fr.Function, "github.com/opvet/opvet/") && !isGuard(fr.Function) {
			fmt.Fprintf(&b, "\tat %s (%s:%d)\n", fr.Function, filepath.Base(fr.File), fr.Line)
			i++
		}
		if !more {
			break
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// isGuard reports whether fn is one of this package's own functions.
func isGuard(fn string) bool {
	const pkg = "github.com/opvet/opvet/internal/guard."
	return strings.HasPrefix(fn, pkg+"Run") || strings.HasPrefix(fn, pkg+"panicSite")
}
