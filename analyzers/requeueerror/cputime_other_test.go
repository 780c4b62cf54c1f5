//go:build !unix

package requeueerror_test

// processCPU is unknown on this system: -1.
func processCPU() int64 { return -1 }
