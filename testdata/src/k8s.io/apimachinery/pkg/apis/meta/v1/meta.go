package v1

import (
	"time"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

type Time struct{ time.Time }

func Now() Time { return Time{time.Now()} }

func NewTime(t time.Time) Time { return Time{t} }

func (t *Time) IsZero() bool { return t == nil || t.Time.IsZero() }

type Duration struct{ time.Duration }

type TypeMeta struct {
	Kind       string `json:"kind,omitempty"`
	APIVersion string `json:"apiVersion,omitempty"`
}

func (obj *TypeMeta) GetObjectKind() schema.ObjectKind { return obj }

func (obj *TypeMeta) SetGroupVersionKind(gvk schema.GroupVersionKind) {}

func (obj *TypeMeta) GroupVersionKind() schema.GroupVersionKind { return schema.GroupVersionKind{} }

type OwnerReference struct {
	APIVersion string    `json:"apiVersion"`
	Kind       string    `json:"kind"`
	Name       string    `json:"name"`
	UID        types.UID `json:"uid"`
	Controller *bool     `json:"controller,omitempty"`
}

type ObjectMeta struct {
	Name              string               `json:"name,omitempty"`
	GenerateName      string               `json:"generateName,omitempty"`
	Namespace         string               `json:"namespace,omitempty"`
	UID               types.UID            `json:"uid,omitempty"`
	ResourceVersion   string               `json:"resourceVersion,omitempty"`
	Generation        int64                `json:"generation,omitempty"`
	CreationTimestamp Time                 `json:"creationTimestamp,omitempty"`
	DeletionTimestamp *Time                `json:"deletionTimestamp,omitempty"`
	Labels            map[string]string    `json:"labels,omitempty"`
	Annotations       map[string]string    `json:"annotations,omitempty"`
	OwnerReferences   []OwnerReference     `json:"ownerReferences,omitempty"`
	Finalizers        []string             `json:"finalizers,omitempty"`
	ManagedFields     []ManagedFieldsEntry `json:"managedFields,omitempty"`
}

// ManagedFieldsEntry is a workflow-id, a FieldSet and the group version of
// the resource that the fieldset applies to.
type ManagedFieldsEntry struct {
	Manager string `json:"manager,omitempty"`
}

type Object interface {
	GetNamespace() string
	SetNamespace(namespace string)
	GetName() string
	SetName(name string)
	GetGenerateName() string
	SetGenerateName(name string)
	GetUID() types.UID
	SetUID(uid types.UID)
	GetResourceVersion() string
	SetResourceVersion(version string)
	GetGeneration() int64
	SetGeneration(generation int64)
	GetCreationTimestamp() Time
	SetCreationTimestamp(timestamp Time)
	GetDeletionTimestamp() *Time
	SetDeletionTimestamp(timestamp *Time)
	GetLabels() map[string]string
	SetLabels(labels map[string]string)
	GetAnnotations() map[string]string
	SetAnnotations(annotations map[string]string)
	GetFinalizers() []string
	SetFinalizers(finalizers []string)
	GetOwnerReferences() []OwnerReference
	SetOwnerReferences([]OwnerReference)
}

func (meta *ObjectMeta) GetObjectMeta() Object                 { return meta }
func (meta *ObjectMeta) GetNamespace() string                  { return meta.Namespace }
func (meta *ObjectMeta) SetNamespace(namespace string)         { meta.Namespace = namespace }
func (meta *ObjectMeta) GetName() string                       { return meta.Name }
func (meta *ObjectMeta) SetName(name string)                   { meta.Name = name }
func (meta *ObjectMeta) GetGenerateName() string               { return meta.GenerateName }
func (meta *ObjectMeta) SetGenerateName(generateName string)   { meta.GenerateName = generateName }
func (meta *ObjectMeta) GetUID() types.UID                     { return meta.UID }
func (meta *ObjectMeta) SetUID(uid types.UID)                  { meta.UID = uid }
func (meta *ObjectMeta) GetResourceVersion() string            { return meta.ResourceVersion }
func (meta *ObjectMeta) SetResourceVersion(version string)     { meta.ResourceVersion = version }
func (meta *ObjectMeta) GetGeneration() int64                  { return meta.Generation }
func (meta *ObjectMeta) SetGeneration(generation int64)        { meta.Generation = generation }
func (meta *ObjectMeta) GetCreationTimestamp() Time            { return meta.CreationTimestamp }
func (meta *ObjectMeta) SetCreationTimestamp(t Time)           { meta.CreationTimestamp = t }
func (meta *ObjectMeta) GetDeletionTimestamp() *Time           { return meta.DeletionTimestamp }
func (meta *ObjectMeta) SetDeletionTimestamp(t *Time)          { meta.DeletionTimestamp = t }
func (meta *ObjectMeta) GetLabels() map[string]string          { return meta.Labels }
func (meta *ObjectMeta) SetLabels(labels map[string]string)    { meta.Labels = labels }
func (meta *ObjectMeta) GetAnnotations() map[string]string     { return meta.Annotations }
func (meta *ObjectMeta) SetAnnotations(a map[string]string)    { meta.Annotations = a }
func (meta *ObjectMeta) GetFinalizers() []string               { return meta.Finalizers }
func (meta *ObjectMeta) SetFinalizers(finalizers []string)     { meta.Finalizers = finalizers }
func (meta *ObjectMeta) GetOwnerReferences() []OwnerReference  { return meta.OwnerReferences }
func (meta *ObjectMeta) SetOwnerReferences(r []OwnerReference) { meta.OwnerReferences = r }

type ListMeta struct {
	ResourceVersion string `json:"resourceVersion,omitempty"`
	Continue        string `json:"continue,omitempty"`
}

type ConditionStatus string

const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

type Condition struct {
	Type               string          `json:"type"`
	Status             ConditionStatus `json:"status"`
	ObservedGeneration int64           `json:"observedGeneration,omitempty"`
	LastTransitionTime Time            `json:"lastTransitionTime"`
	Reason             string          `json:"reason"`
	Message            string          `json:"message"`
}

type GetOptions struct{ ResourceVersion string }

type UpdateOptions struct{ FieldManager string }

type CreateOptions struct{ FieldManager string }

type PatchOptions struct{ FieldManager string }

type DeleteOptions struct{}

type ListOptions struct{ LabelSelector string }

var GroupVersion = schema.GroupVersion{Version: "v1"}

type ListInterface interface {
	GetResourceVersion() string
	SetResourceVersion(version string)
	GetContinue() string
	SetContinue(c string)
}

func (meta *ListMeta) GetResourceVersion() string        { return meta.ResourceVersion }
func (meta *ListMeta) SetResourceVersion(version string) { meta.ResourceVersion = version }
func (meta *ListMeta) GetContinue() string               { return meta.Continue }
func (meta *ListMeta) SetContinue(c string)              { meta.Continue = c }
