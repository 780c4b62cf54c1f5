package v3

import "k8s.io/apimachinery/pkg/runtime/schema"

// SchemeGroupVersion is the group version of this package.
var SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: "v3"}
