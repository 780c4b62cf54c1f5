package equality

import "k8s.io/apimachinery/pkg/conversion"

// Semantic can do semantic deep equality checks for api objects.
var Semantic = conversion.EqualitiesOrDie()
