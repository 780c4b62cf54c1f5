// Package apiobject exercises k8s.IsAPIObject: the test analyzer reports
// "api object" on each package-level variable and each parameter whose
// type IsAPIObject accepts.
package apiobject

import (
	"context"
	"io"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Core types, pointers and values.
var (
	pod     corev1.Pod                     // want "api object"
	podPtr  *corev1.Pod                    // want "api object"
	podList corev1.PodList                 // want "api object"
	u       unstructured.Unstructured      // want "api object"
	ul      *unstructured.UnstructuredList // want "api object"
)

// Interfaces.
var (
	obj    client.Object     // want "api object"
	rtObj  runtime.Object    // want "api object"
	metaO  metav1.Object     // want "api object"
	list   client.ObjectList // want "api object"
	closer io.Closer
	kind   schema.ObjectKind
	empty  any
)

// Aliases.
type (
	PodAlias    = corev1.Pod
	PodPtrAlias = *corev1.Pod
	ObjAlias    = client.Object
)

var (
	podAlias    PodAlias    // want "api object"
	podPtrAlias PodPtrAlias // want "api object"
	objAlias    ObjAlias    // want "api object"
)

// A CRD type, and types that embed API objects.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec
}

type WidgetSpec struct{ Size int }

type ObjectMetaOnly struct {
	metav1.ObjectMeta
}

type Nested struct{ Widget }

type NestedPtr struct{ *corev1.Pod }

type Embeds struct{ client.Object }

var (
	widget   Widget            // want "api object"
	widgetP  *Widget           // want "api object"
	metaOnly ObjectMetaOnly    // want "api object"
	nested   Nested            // want "api object"
	nestedP  NestedPtr         // want "api object"
	embeds   Embeds            // want "api object"
	objMeta  metav1.ObjectMeta // want "api object"
)

// Near-misses.
type (
	// Has a Spec but no metadata.
	WidgetSpecOnly struct{ Spec WidgetSpec }
	// A named field, not an embedded one.
	MetaField struct{ Meta metav1.ObjectMeta }
	// TypeMeta alone: GetObjectKind without DeepCopyObject.
	TypeMetaOnly struct{ metav1.TypeMeta }
	// Look-alike methods with the wrong result types.
	LookAlike struct{}
	// A list of objects is not an object.
	Pods []corev1.Pod
	// A map of objects neither.
	PodMap map[string]*corev1.Pod
)

type Time struct{}

func (LookAlike) GetDeletionTimestamp() *Time { return nil }
func (LookAlike) GetResourceVersion() string  { return "" }
func (LookAlike) GetObjectKind() any          { return nil }
func (LookAlike) DeepCopyObject() LookAlike   { return LookAlike{} }

var (
	specOnly  WidgetSpecOnly
	metaField MetaField
	typeMeta  TypeMetaOnly
	lookAlike LookAlike
	pods      Pods
	podMap    PodMap
	podSlice  []*corev1.Pod
	podPtrPtr **corev1.Pod
	ctxV      context.Context
	str       string
	meta      metav1.Time
)

// Type parameters, through their constraints.
func objects[O client.Object, M metav1.Object, R runtime.Object, P interface {
	*corev1.Pod
	client.Object
}, A any, C comparable, S fmtStringer](
	o O, // want "api object"
	m M, // want "api object"
	r R, // want "api object"
	p P, // want "api object"
	po *O, // want "api object"
	a A,
	c C,
	s S,
) {
}

type fmtStringer interface{ String() string }

// Generic types.
type Box[T any] struct {
	metav1.ObjectMeta
	Val T
}

type Holder[T any] struct{ Val T }

func generic(
	b Box[int], // want "api object"
	h Holder[corev1.Pod],
	hp *Holder[*corev1.Pod],
) {
}
