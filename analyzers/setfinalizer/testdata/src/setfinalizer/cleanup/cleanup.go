// Package cleanup holds runtime.AddCleanup calls.
package cleanup

import (
	"runtime"
	"unsafe"
)

type Conn struct {
	fd    int
	buf   [4]byte
	next  *Conn
	state State
}

type State struct{ n int }

func (c *Conn) shutdown(int) {}

func (c Conn) byValue(int) {}

func closeFD(fd int) {}

func release(c *Conn) {}

func releaseState(s *State) {}

var global Conn

type pair struct {
	c  *Conn
	fd int
}

func cleanups(other *Conn) {
	c := &Conn{fd: 3}
	runtime.AddCleanup(c, release, c)                                 // want `setfinalizer: runtime.AddCleanup panics because arg is ptr itself, so the cleanup could never run; pass as arg only what the cleanup needs, such as a copy of a field`
	runtime.AddCleanup(c, func(unsafe.Pointer) {}, unsafe.Pointer(c)) // want `arg is ptr itself`
	var v Conn
	runtime.AddCleanup(&v, release, &v) // want `arg is ptr itself`
	p := &v
	runtime.AddCleanup(&v, release, p) // want `arg is ptr itself`
	runtime.AddCleanup(p, release, &v) // want `arg is ptr itself`

	runtime.AddCleanup(c, releaseState, &c.state)           // want `runtime.AddCleanup's arg &c.state points into the object behind ptr, which keeps the object reachable so the cleanup never runs \(recent Go versions panic\); pass a copy of the value the cleanup needs`
	runtime.AddCleanup(c, func([]byte) {}, c.buf[:])        // want `arg c.buf\[:\] points into the object`
	runtime.AddCleanup(c, func(pair) {}, pair{c: c, fd: 1}) // want `arg pair\{c: c, fd: 1\} points into the object`
	runtime.AddCleanup(&v, releaseState, &v.state)          // want `arg &v.state points into the object`

	runtime.AddCleanup(c, func(fd int) { release(c) }, c.fd) // want `the cleanup function refers to c, the object behind ptr, which keeps the object reachable so the cleanup never runs \(recent Go versions panic\); pass what the cleanup needs as arg and use only the cleanup's parameter`
	runtime.AddCleanup(c, c.shutdown, c.fd)                  // want `the cleanup function refers to c`
	runtime.AddCleanup(&v, v.shutdown, 1)                    // want `the cleanup function refers to v`
	cb := func(fd int) { closeFD(c.fd) }                     // want `the cleanup function refers to c.fd`
	runtime.AddCleanup(c, cb, 0)

	// Good: unrelated or copied arguments.
	runtime.AddCleanup(c, closeFD, c.fd)
	runtime.AddCleanup(c, release, other)
	runtime.AddCleanup(c, release, c.next) // another allocation
	runtime.AddCleanup(c, func(s State) {}, c.state)
	runtime.AddCleanup(c, c.byValue, 1) // a value receiver binds a copy
	runtime.AddCleanup(c, func(fd int) { closeFD(fd) }, c.fd)
	runtime.AddCleanup(&c.state, closeFD, 1) // cleanups accept interior pointers
	runtime.AddCleanup(&global, closeFD, 1)  // want `runtime.AddCleanup ignores the address of package-level variable global, which is never garbage collected, so the cleanup never runs`
}

type token struct{}

func explicit() {
	c := &Conn{fd: 7}
	runtime.AddCleanup[Conn, *Conn](c, release, c)   // want `arg is ptr itself`
	runtime.AddCleanup[Conn, int](c, closeFD, c.fd)  // explicit instantiation, good
	runtime.AddCleanup(&token{}, func(int) {}, 1)    // want `runtime.AddCleanup ignores pointers to zero-size values such as token, which share one address that is never garbage collected, so the cleanup never runs; attach it to a value with at least one field`
	runtime.AddCleanup(new([0]int), func(int) {}, 1) // want `zero-size values such as \[0\]int`
}

// Shapes from real code.

type Error struct{ msg string }

type ErrorPool struct{}

func (ep *ErrorPool) Put(e *Error) {}

// olekukonko/errors v1.3.0: arg is ptr.
func (ep *ErrorPool) setupCleanup(e *Error) {
	runtime.AddCleanup(e, func(target *Error) { // the closure names only its parameter
		ep.Put(target)
	}, e) // want `arg is ptr itself`
}

// olekukonko/errors v1.2.0: the closure names ptr.
func (ep *ErrorPool) setupCleanupOld(e *Error) {
	runtime.AddCleanup(e, func(_ *struct{}) {
		ep.Put(e) // want `the cleanup function refers to e`
	}, nil)
}

// client-go transport cache: an unrelated closure and argument.
func transportCleanup(cancel func()) *Conn {
	transportWithGC := &Conn{}
	runtime.AddCleanup(transportWithGC, func(_ struct{}) {
		cancel()
	}, struct{}{})
	return transportWithGC
}

var shared = &Conn{fd: 8}

func globals() {
	runtime.AddCleanup(shared, release, shared)                     // want `arg is ptr itself`
	runtime.AddCleanup(shared, func(int) { closeFD(shared.fd) }, 0) // a package-level variable is read when the cleanup runs
}
