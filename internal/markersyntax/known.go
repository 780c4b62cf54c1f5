package markersyntax

import "sort"

//go:generate sh -c "cd ../../tools/markersgen && go run . > ../../internal/markersyntax/known_gen.go"

// Target is where controller-gen accepts a marker: a bit set.
type Target uint8

// The targets of a marker, as in controller-tools' markers.TargetType.
const (
	OnPackage Target = 1 << iota
	OnType
	OnField
)

// Definition is a marker that controller-gen registers.
type Definition struct {
	Name    string
	Targets Target
	// Args are the marker's arguments, sorted by name; an anonymous
	// marker (`+name=value`) has one argument named "".
	Args []ArgDef
}

// ArgDef is an argument of a registered marker.
type ArgDef struct {
	Name string
	// Type is controller-tools' type string: string, int, number, bool,
	// any, raw, []T, map[string]T.
	Type     string
	Optional bool
}

// Lookup returns the definition of the registered marker name (exact
// name, not resolved; see Marker.Resolve).
func Lookup(name string) (Definition, bool) {
	d, ok := known[name]
	if ok {
		d.Name = name
	}
	return d, ok
}

// Known reports whether name is a registered controller-gen marker.
func Known(name string) bool {
	_, ok := known[name]
	return ok
}

// KnownNames returns the names of all registered markers, sorted.
func KnownNames() []string {
	names := make([]string, 0, len(known))
	for n := range known {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Arg returns the definition's argument named name.
func (d Definition) Arg(name string) (ArgDef, bool) {
	for _, a := range d.Args {
		if a.Name == name {
			return a, true
		}
	}
	return ArgDef{}, false
}
