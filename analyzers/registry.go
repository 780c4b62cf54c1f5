// Package analyzers is opvet's registry: the ordered list of its checks'
// descriptors. Every driver (cmd/opvet, go vet -vettool, the golangci-lint
// plugin) takes its checks from here.
package analyzers

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"

	"honnef.co/go/tools/staticcheck/sa5005"

	"github.com/opvet/opvet/analyzers/apimigration"
	"github.com/opvet/opvet/analyzers/cachemutation"
	"github.com/opvet/opvet/analyzers/crdcompat"
	"github.com/opvet/opvet/analyzers/crdmanifests"
	"github.com/opvet/opvet/analyzers/crdversions"
	"github.com/opvet/opvet/analyzers/finalizers"
	"github.com/opvet/opvet/analyzers/ignoredirective"
	"github.com/opvet/opvet/analyzers/markers"
	"github.com/opvet/opvet/analyzers/mergefrom"
	"github.com/opvet/opvet/analyzers/reconcilecontext"
	"github.com/opvet/opvet/analyzers/removedapis"
	"github.com/opvet/opvet/analyzers/requeuedelay"
	"github.com/opvet/opvet/analyzers/requeueerror"
	"github.com/opvet/opvet/analyzers/resourceversion"
	"github.com/opvet/opvet/analyzers/setfinalizer"
	"github.com/opvet/opvet/analyzers/statusupdate"
	"github.com/opvet/opvet/analyzers/versionskew"
	"github.com/opvet/opvet/analyzers/webhookconfig"
	"github.com/opvet/opvet/internal/check"
)

// sa5005Doc is opvet's documentation of staticcheck's SA5005.
//
//go:embed sa5005.txt
var sa5005Doc string

// checks is the registry in its fixed order, but for ignoredirective,
// which Checks appends: it must know every other name.
var checks = []check.Descriptor{
	setfinalizer.Check,
	statusupdate.Check,
	resourceversion.Check,
	mergefrom.Check,
	finalizers.Check,
	versionskew.Check,
	markers.Check,
	crdversions.Check,
	crdmanifests.Check,
	crdcompat.Check,
	removedapis.Check,
	apimigration.Check,
	webhookconfig.Check,
	requeueerror.Check,
	requeuedelay.Check,
	reconcilecontext.Check,
	cachemutation.Check,
	// staticcheck's SA5005 needs its IR pass and facts for every
	// dependency, which makes the standalone driver load all
	// dependencies from source: opt-in only.
	check.External(sa5005.SCAnalyzer.Analyzer, false, sa5005Doc),
}

// ignoreDirective is the ignoredirective check, which knows every name.
var ignoreDirective = ignoredirective.New(append(names(checks), ignoredirective.Name))

// Checks returns the registry in its fixed order.
func Checks() []check.Descriptor {
	out := make([]check.Descriptor, 0, len(checks)+1)
	out = append(out, checks...)
	return append(out, ignoreDirective)
}

func names(ds []check.Descriptor) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Name())
	}
	return out
}

// Lookup returns the check named name.
func Lookup(name string) (check.Descriptor, bool) {
	for _, c := range Checks() {
		if c.Name() == name {
			return c, true
		}
	}
	return nil, false
}

// Names returns the names of all checks, sorted, for error messages.
func Names() []string {
	n := names(Checks())
	sort.Strings(n)
	return n
}

// UnknownCheckError is returned for a check name that is not registered.
func UnknownCheckError(name string) error {
	return fmt.Errorf("unknown check %q (known: %s)", name, strings.Join(Names(), ", "))
}
