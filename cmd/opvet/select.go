// Select chooses the analyzers that cmd/opvet hands to unitchecker when go
// vet runs it (-V=full, -flags, *.cfg).
//
// unitchecker, like x/tools' other drivers, runs every analyzer it is given
// unless one is enabled by flag. opvet also has checks that are off by
// default (SA5005), which that rule cannot express: Select leaves them out
// unless their flag enables them, and then removes that flag so that
// unitchecker does not read it as "run only this one". The standalone
// command selects the same way (selectChecks in flags.go).
package main

import (
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/check"
)

// Select returns the analyzers to run and the arguments to pass on.
func Select(checks []check.Descriptor, args []string) ([]*analysis.Analyzer, []string) {
	if describesTool(args) {
		// help, -flags (asked by go vet) and -V must see every check.
		var all []*analysis.Analyzer
		for _, c := range checks {
			all = append(all, c.Analyzer())
		}
		return all, args
	}
	var selected []*analysis.Analyzer
	rest := args
	for _, c := range checks {
		if c.Enabled() {
			selected = append(selected, c.Analyzer())
			continue
		}
		var on bool
		rest, on = takeEnableFlag(rest, c.Name())
		if on {
			selected = append(selected, c.Analyzer())
		}
	}
	return selected, rest
}

// describesTool reports whether args ask about the tool rather than run it.
func describesTool(args []string) bool {
	for _, a := range args {
		switch {
		case a == "help", a == "-flags", a == "--flags", strings.HasPrefix(a, "-V"), strings.HasPrefix(a, "--V"):
			return true
		case !strings.HasPrefix(a, "-"):
			return false // first package pattern or .cfg file: flags end here
		}
	}
	return false
}

// takeEnableFlag removes every -name / -name=bool flag from args and tells
// whether the last one enabled the check.
func takeEnableFlag(args []string, name string) ([]string, bool) {
	var out []string
	on := false
	for i, a := range args {
		if !strings.HasPrefix(a, "-") {
			out = append(out, args[i:]...)
			break
		}
		flagName, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if flagName != name {
			out = append(out, a)
			continue
		}
		on = true
		if hasValue {
			on, _ = strconv.ParseBool(value)
		}
	}
	return out, on
}
