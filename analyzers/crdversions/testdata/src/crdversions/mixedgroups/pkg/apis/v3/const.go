package v3

// GroupName is the API group.
const GroupName = "b.example.com"
