package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Pod struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              PodSpec   `json:"spec,omitempty"`
	Status            PodStatus `json:"status,omitempty"`
}

func (in *Pod) DeepCopy() *Pod {
	if in == nil {
		return nil
	}
	out := new(Pod)
	*out = *in
	return out
}

func (in *Pod) DeepCopyObject() runtime.Object { return in.DeepCopy() }

type PodList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Pod `json:"items"`
}

func (in *PodList) DeepCopyObject() runtime.Object { out := *in; return &out }

type Service struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ServiceSpec   `json:"spec,omitempty"`
	Status            ServiceStatus `json:"status,omitempty"`
}

func (in *Service) DeepCopy() *Service {
	if in == nil {
		return nil
	}
	out := new(Service)
	*out = *in
	return out
}

func (in *Service) DeepCopyObject() runtime.Object { return in.DeepCopy() }

type ServiceList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Service `json:"items"`
}

func (in *ServiceList) DeepCopyObject() runtime.Object { out := *in; return &out }

type Namespace struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              NamespaceSpec   `json:"spec,omitempty"`
	Status            NamespaceStatus `json:"status,omitempty"`
}

func (in *Namespace) DeepCopy() *Namespace {
	if in == nil {
		return nil
	}
	out := new(Namespace)
	*out = *in
	return out
}

func (in *Namespace) DeepCopyObject() runtime.Object { return in.DeepCopy() }

type NamespaceList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Namespace `json:"items"`
}

func (in *NamespaceList) DeepCopyObject() runtime.Object { out := *in; return &out }

type Node struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              NodeSpec   `json:"spec,omitempty"`
	Status            NodeStatus `json:"status,omitempty"`
}

func (in *Node) DeepCopy() *Node {
	if in == nil {
		return nil
	}
	out := new(Node)
	*out = *in
	return out
}

func (in *Node) DeepCopyObject() runtime.Object { return in.DeepCopy() }

type NodeList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Node `json:"items"`
}

func (in *NodeList) DeepCopyObject() runtime.Object { out := *in; return &out }

type PodSpec struct {
	NodeName   string      `json:"nodeName,omitempty"`
	Containers []Container `json:"containers"`
}

type Container struct {
	Name  string `json:"name"`
	Image string `json:"image,omitempty"`
}

type PodPhase string

type PodStatus struct {
	Phase      PodPhase       `json:"phase,omitempty"`
	Message    string         `json:"message,omitempty"`
	PodIP      string         `json:"podIP,omitempty"`
	Conditions []PodCondition `json:"conditions,omitempty"`
}

type PodConditionType string

type PodCondition struct {
	Type    PodConditionType `json:"type"`
	Message string           `json:"message,omitempty"`
}

type ServiceSpec struct {
	ClusterIP string `json:"clusterIP,omitempty"`
}
type ServiceStatus struct {
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}
type NamespaceSpec struct {
	Finalizers []string `json:"finalizers,omitempty"`
}
type NamespaceStatus struct {
	Phase string `json:"phase,omitempty"`
}
type NodeSpec struct {
	Unschedulable bool `json:"unschedulable,omitempty"`
}
type NodeStatus struct {
	Phase string `json:"phase,omitempty"`
}

// ConfigMap and Secret have no status subresource.
type ConfigMap struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Data              map[string]string `json:"data,omitempty"`
}

func (in *ConfigMap) DeepCopy() *ConfigMap { out := *in; return &out }

func (in *ConfigMap) DeepCopyObject() runtime.Object { return in.DeepCopy() }

type Secret struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Data              map[string][]byte `json:"data,omitempty"`
}

func (in *Secret) DeepCopy() *Secret { out := *in; return &out }

func (in *Secret) DeepCopyObject() runtime.Object { return in.DeepCopy() }
