package schema

type GroupKind struct {
	Group string
	Kind  string
}
