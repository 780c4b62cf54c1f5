package a

// A cached object changed on two branches (rancher's node driver schema:
// a field added on one, deleted on the other; mpi-operator's launcher Job,
// a field set on each branch of an if and its else if): the first change
// of each path is a finding; a second change on a path already reported
// is not.

func (c *Controller) syncLabels(ns, name, key string, add bool) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	if add {
		if pod.Labels == nil {
			pod.Labels = map[string]string{} // want `the assignment to pod.Labels changes pod, which the PodNamespaceLister Get at line \d+ returned from the shared informer cache`
		}
		pod.Labels[key] = "true"
	} else {
		delete(pod.Labels, key) // want `changes the Labels of pod, which the PodNamespaceLister Get at line \d+ returned from the shared informer cache`
	}
	pod.Annotations["synced"] = "true"
	return nil
}

func (c *Controller) syncSuspend(ns, name string, suspend, started bool) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	if !suspend && started {
		pod.Labels = nil // want `the assignment to pod.Labels changes pod`
		pod.Spec.NodeName = ""
	} else if suspend && !started {
		pod.Spec.NodeName = "x" // want `the assignment to pod.Spec.NodeName changes pod`
	}
	return nil
}
