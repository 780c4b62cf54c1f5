package a

import (
	"slices"
	"sort"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// Sorting the slice a lister returns reorders a slice of the caller's
// own; sorting a slice field of a cached object changes the object.

func (c *Controller) sortedNodes() string {
	nodes, _ := c.nodes.List(labels.Everything())
	sort.Slice(nodes, func(i, j int) bool { return nodes[i].Name < nodes[j].Name })
	slices.SortFunc(nodes, func(a, b *corev1.Node) int { return strings.Compare(a.Name, b.Name) })
	return nodes[0].Name
}

func (c *Controller) sortedThenChanged() {
	nodes, _ := c.nodes.List(labels.Everything())
	sort.Slice(nodes, func(i, j int) bool { return nodes[i].Name < nodes[j].Name })
	nodes[0].Labels["example.com/first"] = "true" // want `changes nodes\[0\], which the NodeLister List at line 23`
}

func (c *Controller) sortedFinalizers(ns, name string) {
	pod, _ := c.pods.Pods(ns).Get(name)
	sort.Strings(pod.Finalizers) // want `sort.Strings changes the Finalizers of pod, which the PodNamespaceLister Get at line 29`
}

func (c *Controller) sortedConditions(ns, name string) {
	pod, _ := c.pods.Pods(ns).Get(name)
	slices.SortFunc(pod.Status.Conditions, func(a, b corev1.PodCondition) int { // want `slices.SortFunc changes the Status.Conditions of pod`
		return strings.Compare(string(a.Type), string(b.Type))
	})
}
