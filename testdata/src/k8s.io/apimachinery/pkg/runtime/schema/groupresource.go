package schema

type GroupResource struct {
	Group    string
	Resource string
}
