// +groupName=other.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +genclient

// Binding of another group: the catalog group's manifest is not its own.
type Binding struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}
