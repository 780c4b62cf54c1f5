package a

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"

	v1 "cachemutation/api/v1"
)

// sync hands the lister's Widget to helpers (service-catalog: "We get the
// things from an informer five or six calls away").
func (c *Controller) sync(ns, name string) error {
	w, err := c.widgets.Widgets(ns).Get(name)
	if err != nil {
		return err
	}
	if initObservedGeneration(w) { // want `initObservedGeneration changes the Status.ObservedGeneration of w, which the WidgetNamespaceLister Get at line 15 returned from the shared informer cache`
		return nil
	}
	c.describe(w)
	return nil
}

// initObservedGeneration changes its parameter.
func initObservedGeneration(w *v1.Widget) bool {
	if w.Status.ObservedGeneration == 0 {
		w.Status.ObservedGeneration = w.Generation
		return true
	}
	return false
}

// describe only reads its parameter.
func (c *Controller) describe(w *v1.Widget) string {
	return fmt.Sprintf("%s/%s %d", w.Namespace, w.Name, w.Spec.Size)
}

// shallowCopy: a struct copy of the lister's object shares its maps.
func (c *Controller) shallowCopy(ns, name string) corev1.Pod {
	pod, _ := c.pods.Pods(ns).Get(name)
	cp := *pod
	cp.Status.Message = "copied" // the copy's own field
	cp.Labels["copied"] = "true" // want `the assignment to cp.Labels\["copied"\] changes cp, which is a shallow copy of a cached object \(the PodNamespaceLister Get at line 42\)`
	return cp
}

// Good: the helper is given a copy.
func (c *Controller) syncCopy(ns, name string) {
	w, _ := c.widgets.Widgets(ns).Get(name)
	initObservedGeneration(w.DeepCopy())
	widgets, _ := c.widgets.List(labels.Everything())
	for _, w := range widgets {
		c.describe(w)
	}
}

// widgetFor returns a Widget of the lister (olm's operatorGroupForCSV).
func (c *Controller) widgetFor(ns string) (*v1.Widget, error) {
	widgets, err := c.widgets.Widgets(ns).List(labels.Everything())
	if err != nil || len(widgets) == 0 {
		return nil, err
	}
	return widgets[0], nil
}

// getWidget returns the lister's Widget.
func (c *Controller) getWidget(ns, name string) (*v1.Widget, error) {
	return c.widgets.Widgets(ns).Get(name)
}

// freshWidget returns a copy.
func (c *Controller) freshWidget(ns, name string) (*v1.Widget, error) {
	w, err := c.getWidget(ns, name)
	if err != nil {
		return nil, err
	}
	return w.DeepCopy(), nil
}

// callers change what the helpers return.
func (c *Controller) callers(ns string) {
	w, err := c.widgetFor(ns)
	if err != nil {
		return
	}
	w.Status.Phase = "Bound" // want `the assignment to w.Status.Phase changes w, which c.widgetFor at line 84 returned from the shared informer cache`
	g, _ := c.getWidget(ns, "g")
	g.Labels["a"] = "b" // want `the assignment to g.Labels\["a"\] changes g, which c.getWidget at line 89 returned from the shared informer cache`
	f, _ := c.freshWidget(ns, "f")
	f.Labels["a"] = "b"
}
