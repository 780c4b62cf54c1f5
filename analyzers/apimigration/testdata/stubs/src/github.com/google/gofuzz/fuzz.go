// Package fuzz is a stub of github.com/google/gofuzz.
package fuzz

// Continue lets a custom fill function fill the rest.
type Continue struct{}

// Fuzz fills obj.
func (c Continue) Fuzz(obj interface{}) {}

// Fuzzer fills objects.
type Fuzzer struct{}

// New returns a Fuzzer.
func New() *Fuzzer { return &Fuzzer{} }

// Funcs adds custom fill functions.
func (f *Fuzzer) Funcs(fns ...interface{}) *Fuzzer { return f }
