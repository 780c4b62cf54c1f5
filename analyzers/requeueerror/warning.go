package requeueerror

import (
	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/internal/runcache"
	"github.com/opvet/opvet/internal/versiontable"
	"github.com/opvet/opvet/passes/gomod"
	runcachepass "github.com/opvet/opvet/passes/runcache"
)

// loggedWarning says what controller-runtime logs when Reconcile returns
// a requeue with an error, for the release the package's go.mod selects:
// nothing before v0.16, "Reconciler returned both a non-zero result and a
// non-nil error" from v0.16 (kubernetes-sigs/controller-runtime#2451), the
// warning about RequeueAfter or Requeue from v0.23. Without a go.mod
// that says (GOPATH mode, a directory replacement) it names the range.
func loggedWarning(version string) string {
	minor := versiontable.MinorOf(version)
	switch {
	case minor < 0:
		return " (controller-runtime v0.16 and later log a warning)"
	case minor < 16:
		return ""
	case minor < 23:
		return " (logging \"Reconciler returned both a non-zero result and a non-nil error\")"
	default:
		return " (logging \"Warning: Reconciler returned both a result with either RequeueAfter or Requeue set " +
			"and a non-nil error\")"
	}
}

// warning is loggedWarning for the controller-runtime of the package's
// module, read once per pass (and once per module when the driver shares
// a memo).
func (c *checker) warning() string {
	if c.logged != nil {
		return *c.logged
	}
	version := ""
	if dir := gomod.PackageDir(c.pass); dir != "" {
		version = controllerRuntimeOf(modtree.Root(dir), runcachepass.Of(c.pass))
	}
	w := loggedWarning(version)
	c.logged = &w
	return w
}

// controllerRuntimeOf returns the controller-runtime version that the
// module rooted at root selects ("" when unknown).
func controllerRuntimeOf(root string, cache *runcache.Cache) string {
	type versionKey struct{ root string }
	return runcache.Do(cache, versionKey{root}, func() string {
		f := gomod.ReadRequirementsAt(root, versiontable.ControllerRuntimePath)
		if f == nil {
			return ""
		}
		return gomod.Selected(f, versiontable.ControllerRuntimePath)
	})
}
