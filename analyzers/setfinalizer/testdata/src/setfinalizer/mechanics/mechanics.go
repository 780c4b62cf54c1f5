// Package mechanics holds runtime.SetFinalizer calls on plain Go values:
// misuses that make the runtime panic or ignore the call, and correct uses.
package mechanics

import (
	"io"
	"os"
	"runtime"
	rt "runtime"
	"unsafe"
)

type File struct {
	fd   int
	name string
}

func (f *File) Close() error { return nil }

func (f File) Name() string { return f.name }

type Other struct{ fd int }

type Closer interface{ Close() error }

type Namer interface{ Name() string }

type FilePtr *File

type FileAlias = File

type Wrapper struct {
	hdr   [4]int64
	conn  *File
	inner File
	small int32
	buf   [2]File
	list  []File
}

type Empty struct{}

var global File

var globalW Wrapper

var globalArr [3]File

var globalPtr = &File{}

// Case 3: first argument not a pointer.

func notPointer() {
	var f File
	runtime.SetFinalizer(f, func(File) {})                   // want `setfinalizer: runtime.SetFinalizer panics because its first argument is File, not a pointer; pass a pointer to a value allocated with new, &T\{\} or &local`
	runtime.SetFinalizer(nil, func(*File) {})                // want `its first argument is nil`
	runtime.SetFinalizer([]int{1}, func([]int) {})           // want `its first argument is \[\]int, not a pointer`
	runtime.SetFinalizer(map[string]int{}, nil)              // want `its first argument is map\[string\]int, not a pointer`
	runtime.SetFinalizer(unsafe.Pointer(&f), func(*File) {}) // want `its first argument is unsafe.Pointer, not a pointer`
	var c io.Closer = &File{}
	runtime.SetFinalizer(c, func(io.Closer) {}) // interface: the dynamic type decides
	var fp FilePtr = &File{}
	runtime.SetFinalizer(fp, func(FilePtr) {}) // a named pointer type is a pointer
}

// Case 4: the finalizer's type.

func finalizerTypes() {
	f := &File{}
	runtime.SetFinalizer(f, func(File) {})           // want `runtime.SetFinalizer panics because it cannot pass \*File to the finalizer func\(File\); pass func\(\*File\) or a function whose parameter is an interface that \*File implements`
	runtime.SetFinalizer(f, func(*Other) {})         // want `cannot pass \*File to the finalizer func\(\*Other\)`
	runtime.SetFinalizer(f, func(f *File, n int) {}) // want `the finalizer func\(f \*File, n int\) does not take exactly one parameter; pass func\(\*File\)`
	runtime.SetFinalizer(f, func() {})               // want `does not take exactly one parameter`
	runtime.SetFinalizer(f, func(...*File) {})       // want `the finalizer func\(\.\.\.\*File\) is variadic`
	runtime.SetFinalizer(f, 42)                      // want `its second argument is int, not a function; pass func\(\*File\), or nil to clear the finalizer`
	runtime.SetFinalizer(f, f.Close)                 // want `pass the method expression \(\*File\).Close instead of the method value`
	runtime.SetFinalizer(f, func(io.Reader) {})      // want `cannot pass \*File to the finalizer func\(io.Reader\)`
	runtime.SetFinalizer(f, func(FilePtr) {})        // want `cannot pass \*File to the finalizer func\(FilePtr\)`

	runtime.SetFinalizer(f, (*File).Close)                    // method expression with a pointer receiver
	runtime.SetFinalizer(f, File.Name)                        // want `cannot pass \*File to the finalizer func\(File\) string`
	runtime.SetFinalizer(f, func(*File) error { return nil }) // results are ignored
	runtime.SetFinalizer(f, func(Closer) {})                  // an interface *File implements
	runtime.SetFinalizer(f, func(Namer) {})                   // value methods are in *File's method set
	runtime.SetFinalizer(f, func(any) {})                     // the empty interface
	runtime.SetFinalizer(f, func(interface{}) {})             // the empty interface
	runtime.SetFinalizer(f, nil)                              // clears the finalizer
	var fin func(*File)
	runtime.SetFinalizer(f, fin) // the function held in a variable
	fin2 := func(File) {}
	runtime.SetFinalizer(f, fin2) // want `cannot pass \*File to the finalizer func\(File\)`
	var anyFn any = func(*File) {}
	runtime.SetFinalizer(f, anyFn) // the dynamic type decides

	o := &Other{}
	type OtherPtr *Other
	runtime.SetFinalizer(o, func(OtherPtr) {}) // *Other has no methods: the runtime accepts the named pointer
	var op OtherPtr = o
	runtime.SetFinalizer(op, func(*Other) {})   // likewise the other way round
	runtime.SetFinalizer(op, func(OtherPtr) {}) // identical
}

// Case 5: not the start of an allocation.

func interior(w *Wrapper, files []File, i int) {
	var local Wrapper
	runtime.SetFinalizer(&w.conn, func(**File) {})     // want `runtime.SetFinalizer panics because &w.conn is not the start of an allocation \(pointer not at beginning of allocated block\); set the finalizer on a pointer to the whole value, allocated with new, &T\{\} or &local`
	runtime.SetFinalizer(&w.inner, func(*File) {})     // want `&w.inner is not the start of an allocation`
	runtime.SetFinalizer(&local.inner, func(*File) {}) // want `&local.inner is not the start of an allocation`
	runtime.SetFinalizer(&files[1], func(*File) {})    // want `&files\[1\] is not the start of an allocation`
	runtime.SetFinalizer(&files[i], func(*File) {})    // want `&files\[i\] is not the start of an allocation`
	runtime.SetFinalizer(&w.buf[1], func(*File) {})    // want `&w.buf\[1\] is not the start of an allocation`
	p := &w.inner
	runtime.SetFinalizer(p, func(*File) {}) // want `&w.inner is not the start of an allocation`
	for j := range files {
		runtime.SetFinalizer(&files[j], func(*File) {}) // want `&files\[j\] is not the start of an allocation`
	}

	runtime.SetFinalizer(&w.hdr, func(*[4]int64) {}) // offset 0: the start of the allocation
	runtime.SetFinalizer(&files[0], func(*File) {})  // element 0 starts the backing array
	runtime.SetFinalizer(&w.small, func(*int32) {})  // tiny pointer-free values may be interior
	runtime.SetFinalizer(w.conn, func(*File) {})     // a pointer field points to its own allocation
	runtime.SetFinalizer(w, func(*Wrapper) {})
	runtime.SetFinalizer(&local, func(*Wrapper) {})
}

// Case 6: package-level variables.

func globals() {
	runtime.SetFinalizer(&global, func(*File) {})        // want `runtime.SetFinalizer ignores the address of package-level variable global, which is never garbage collected, so the finalizer never runs; release its resources explicitly instead`
	runtime.SetFinalizer(&globalW.inner, func(*File) {}) // want `package-level variable globalW`
	runtime.SetFinalizer(&globalArr[2], func(*File) {})  // want `package-level variable globalArr`
	runtime.SetFinalizer(&os.ErrClosed, func(*error) {}) // want `package-level variable ErrClosed`
	g := &global
	runtime.SetFinalizer(g, func(*File) {}) // want `package-level variable global`

	runtime.SetFinalizer(globalPtr, func(*File) {}) // a heap value held by a package-level variable
}

// Case 8: the finalizer refers to the object.

type Conn struct {
	fd    int
	inner *File
}

func (c *Conn) finalize(*Conn) {}

var globalConn = &Conn{}

func closeFD(int) {}

func reachable(owner *Wrapper) {
	c := &Conn{fd: 3}
	runtime.SetFinalizer(c, func(*Conn) { closeFD(c.fd) }) // want `setfinalizer: the finalizer refers to c.fd, the object it finalizes, which keeps the object reachable so the finalizer never runs; use the finalizer's parameter instead`

	d := new(Conn)
	runtime.SetFinalizer(d, func(x *Conn) { // a finalizer held in a closure literal that names d
		_ = x
		println(d) // want `the finalizer refers to d, the object it finalizes`
	})

	var e Conn
	runtime.SetFinalizer(&e, func(*Conn) { closeFD(e.fd) }) // want `the finalizer refers to e.fd`

	fn := func(*Conn) { closeFD(c.fd) } // want `the finalizer refers to c.fd`
	runtime.SetFinalizer(c, fn)

	runtime.SetFinalizer(c, c.finalize) // want `the finalizer refers to c, the object it finalizes`

	runtime.SetFinalizer(owner.conn, func(*File) { owner.conn.Close() }) // want `the finalizer refers to owner.conn`

	x := &Conn{fd: 4}
	fd := x.fd
	runtime.SetFinalizer(x, func(*Conn) { closeFD(fd) }) // a copy of a field
	y := &Conn{fd: 5}
	runtime.SetFinalizer(y, func(y *Conn) { closeFD(y.fd) }) // the parameter shadows y
	z := &Conn{fd: 6}
	runtime.SetFinalizer(z, func(c *Conn) { closeFD(c.fd) })
	runtime.SetFinalizer(owner.conn, func(*File) { _ = owner.hdr }) // the closure keeps owner, not owner.conn's target, by this path

	runtime.SetFinalizer(globalConn, func(*Conn) { closeFD(globalConn.fd) }) // reads the variable when it runs: captures nothing
	runtime.SetFinalizer(globalConn, globalConn.finalize)                    // want `the finalizer refers to globalConn`

	w := &Conn{}
	runtime.SetFinalizer(w, func(*Conn) { println(w) }) // w is reassigned below: the closure may see another value
	w = nil
	_ = w
}

// Plain values allocated correctly: no report.

func good() {
	f := new(File)
	runtime.SetFinalizer(f, (*File).Close)
	g := &File{fd: 1}
	rt.SetFinalizer(g, func(f *File) { f.Close() })
	var local File
	runtime.SetFinalizer(&local, func(*File) {})
	runtime.SetFinalizer(&Empty{}, nil)             // clearing is harmless
	runtime.SetFinalizer(&Empty{}, func(*Empty) {}) // want `runtime.SetFinalizer ignores pointers to zero-size values such as Empty`
	var e Empty
	runtime.SetFinalizer(&e, func(*Empty) {}) // want `zero-size values such as Empty`
	pe := new(Empty)
	runtime.SetFinalizer(pe, func(*Empty) {}) // want `zero-size values such as Empty`
	h := &struct {
		n    int
		mark Empty
		m    int
	}{}
	runtime.SetFinalizer(&h.mark, func(*Empty) {}) // a zero-size field inside a larger value
	emptyFinalizer(pe)
	os := &File{}
	runtime.SetFinalizer(os, func(*File) {})
}

func emptyFinalizer(p *Empty) {
	runtime.SetFinalizer(p, func(*Empty) {}) // where p points is unknown
}
