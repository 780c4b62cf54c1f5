package a

import (
	corev1 "k8s.io/api/core/v1"

	"cachemutation/grouping"
)

// A generic helper whose constraint can copy the object changes the copy
// it makes, not the cached object (kyverno's controllerutils.Update with
// the lister's webhook configuration): quiet.
func (c *Controller) relabelCopy(ns, name string) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	_, err = grouping.UpdateCopy(pod, func(p *corev1.Pod) error {
		p.Labels = map[string]string{"a": "b"}
		return nil
	})
	return err
}

// One that can only give the callback what it was given changes the
// cached object.
func (c *Controller) relabelInPlace(ns, name string) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	return grouping.Apply(pod, func(p *corev1.Pod) error {
		p.Labels = map[string]string{"a": "b"} // want `the assignment to p.Labels changes p, which the PodNamespaceLister Get at line \d+ returned from the shared informer cache`
		return nil
	})
}

// The object of the cache or a new one, changed only where its
// resourceVersion is empty, which a cached object's never is (kyverno's
// cleanup controller): quiet.
func (c *Controller) buildIfNew(ns, name string) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		pod = &corev1.Pod{}
	}
	if pod.ResourceVersion == "" {
		pod.Labels = map[string]string{"a": "b"}
	}
	if pod.GetResourceVersion() != "" {
		pod.Annotations = nil // want `the assignment to pod.Annotations changes pod`
	}
	return nil
}

func (c *Controller) getPod(ns, name string) (*corev1.Pod, error) {
	p, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return nil, err
	}
	return p, nil
}

func setOwner(p *corev1.Pod) {
	p.OwnerReferences = nil
}

// The same through a helper of the package that reads the cache and one
// that changes the object: quiet.
func (c *Controller) buildIfNewHelper(ns, name string) error {
	observed, err := c.getPod(ns, name)
	if err != nil {
		observed = &corev1.Pod{}
	}
	if observed.ResourceVersion == "" {
		setOwner(observed)
		return nil
	} else {
		_, err = grouping.UpdateCopy(observed, func(observed *corev1.Pod) error {
			setOwner(observed)
			return nil
		})
		return err
	}
}
