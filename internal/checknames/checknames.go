// Package checknames lists the names of opvet's checks. It exists so that
// code which must know every name (the ignoredirective check, which rejects
// //opvet:ignore directives for unknown checks) does not import the
// registry, which imports every check. A test in package analyzers keeps
// this list equal to the registry's.
package checknames

// All is every check name, in registry order.
var All = []string{
	"setfinalizer",
	"statusupdate",
	"resourceversion",
	"mergefrom",
	"finalizers",
	"versionskew",
	"markers",
	"crdversions",
	"ignoredirective",
	"SA5005",
}

// Known reports whether name is a check name.
func Known(name string) bool {
	for _, n := range All {
		if n == name {
			return true
		}
	}
	return false
}
