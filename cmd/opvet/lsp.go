package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/opvet/opvet/internal/lsp"
)

// serveLSP runs `opvet lsp`: the language server, on stdin and stdout,
// until the editor sends exit. -stdio (or --stdio), which some editors
// add, names the only transport there is.
func serveLSP(args []string, stderr io.Writer) int {
	for _, a := range args {
		if a != "-stdio" && a != "--stdio" {
			fmt.Fprintf(stderr, "opvet: lsp: unknown argument %q: opvet lsp speaks the Language Server Protocol on stdin and stdout and takes no arguments (see docs/editors.md)\n", a)
			return exitUsage
		}
	}
	err := lsp.Serve(context.Background(), stdio{os.Stdin, os.Stdout}, lsp.Options{Version: moduleVersion()})
	if errors.Is(err, lsp.ErrExitWithoutShutdown) {
		return exitError
	}
	if err != nil {
		fmt.Fprintf(stderr, "opvet: lsp: %v\n", err)
		return exitError
	}
	return exitOK
}

// stdio is the server's stream: it reads stdin and writes stdout; closing
// it closes stdin, which ends a read in progress.
type stdio struct {
	in  *os.File
	out io.Writer
}

func (s stdio) Read(p []byte) (int, error)  { return s.in.Read(p) }
func (s stdio) Write(p []byte) (int, error) { return s.out.Write(p) }
func (s stdio) Close() error                { return s.in.Close() }
