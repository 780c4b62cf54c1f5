package apimigration

// Composite is an interface type that a release introduced and that the
// table's new signatures name, described by the interfaces it embeds, so
// that code on an older release, where the type does not exist yet, can be
// judged against it: a value that implements every embedded interface
// implements it, and it implements each of them.
type Composite struct {
	// Pkg and Name name the type.
	Pkg, Name string
	// Family and Minor are the release that introduced it.
	Family Family
	Minor  int
	// Embeds are the interfaces it embeds, as "import/path.Name".
	Embeds []string
}

const (
	crClient      = ControllerRuntimePath + "/pkg/client"
	metav1Path    = APIMachineryPath + "/pkg/apis/meta/v1"
	runtimeObject = APIMachineryPath + "/pkg/runtime.Object"
)

// Composites are the interfaces controller-runtime introduced as the new
// types of parameters and results it narrowed or widened (v0.7's
// client.Object and client.ObjectList in place of runtime.Object, v0.9's
// client.WithWatch as the fake client's result), from their declarations
// in those releases.
var Composites = []Composite{
	{Pkg: crClient, Name: "Object", Family: ControllerRuntime, Minor: 7,
		Embeds: []string{metav1Path + ".Object", runtimeObject}},
	{Pkg: crClient, Name: "ObjectList", Family: ControllerRuntime, Minor: 7,
		Embeds: []string{metav1Path + ".ListInterface", runtimeObject}},
	{Pkg: crClient, Name: "WithWatch", Family: ControllerRuntime, Minor: 9,
		Embeds: []string{crClient + ".Client"}},
}

// CompositeOf returns the composite interface name of package pkg.
func CompositeOf(pkg, name string) (Composite, bool) {
	for _, c := range Composites {
		if c.Pkg == pkg && c.Name == name {
			return c, true
		}
	}
	return Composite{}, false
}
