// Command golangci-lint is golangci-lint v2 with opvet built in as a module
// plugin: the offline alternative to `golangci-lint custom`, which clones
// golangci-lint from GitHub. It needs only the Go module proxy:
//
//	cd tools/golangci && go build -o ../../bin/golangci-lint-opvet .
//
// Enable the plugin in .golangci.yml under linters.settings.custom.opvet
// with `type: module` (see the README).
package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	// opvet registers itself as the module plugin "opvet".
	_ "github.com/opvet/opvet"
)

func main() {
	if err := commands.Execute(buildInfo()); err != nil {
		_, _ = fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

// buildInfo reports golangci-lint's own version (the module required
// here), as golangci-lint's main does from its build information.
func buildInfo() commands.BuildInfo {
	info := commands.BuildInfo{Version: "unknown", Commit: "opvet custom build", Date: "(unknown)", GoVersion: "unknown"}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return info
	}
	info.GoVersion = bi.GoVersion
	for _, dep := range bi.Deps {
		if dep.Path == "github.com/golangci/golangci-lint/v2" {
			info.Version = strings.TrimPrefix(dep.Version, "v") + "-custom-gcl"
		}
	}
	return info
}
