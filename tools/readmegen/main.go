// Command readmegen rewrites the generated regions of opvet's README (the
// table of checks and one section per check) from the registry and each
// check's doc.go. It is run by `go generate ./analyzers`; a test in package
// analyzers fails when the README differs from what it would write.
//
//	go -C tools run ./readmegen ../README.md
package main

import (
	"fmt"
	"os"

	"github.com/opvet/opvet/analyzers"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: readmegen README.md")
		os.Exit(2)
	}
	path := os.Args[1]
	old, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "readmegen:", err)
		os.Exit(1)
	}
	out, err := analyzers.README(old)
	if err != nil {
		fmt.Fprintln(os.Stderr, "readmegen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "readmegen:", err)
		os.Exit(1)
	}
}
