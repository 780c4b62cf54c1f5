// A module marker for the finalizers check's module scan. The tests load
// this tree in GOPATH mode, where the go command ignores this file.
module finalizers/mod

go 1.26.0
