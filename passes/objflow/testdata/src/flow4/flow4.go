// Package flow4 probes loops that read objects from collections and
// fields of objects read the same way: the analysis must converge with a
// bounded number of abstract objects.
package flow4

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func Debug(...any) {}

// In-place deduplication: elements swapped within the slice they were
// read from.
func dedupe(in []*corev1.Pod) []*corev1.Pod {
	j := 0
	for i := 1; i < len(in); i++ {
		if in[j].Name == in[i].Name {
			continue
		}
		j++
		in[i], in[j] = in[j], in[i]
	}
	Debug(in[0]) // want `=Load\[Foreign\|MaybeDeleting\](,Load\[Foreign\|MaybeDeleting\])*$`
	return in[:j+1]
}

type node struct {
	pod  *corev1.Pod
	next *node
}

// A linked list walked to its end.
func last(n *node) *corev1.Pod {
	for n.next != nil {
		n = n.next
	}
	Debug(n.pod) // want `n.pod=`
	return n.pod
}

// A mutate closure, handed to CreateOrUpdate in nested range loops,
// captures the loop's element and the object it builds, and assigns an
// error variable of the enclosing function (netbird's HTTPRoute
// reconciler).
func mutateInLoops(ctx context.Context, c client.Client, owner *corev1.Pod, parents []string, svcs map[string]corev1.Service) error {
	for _, p := range parents {
		gw, err := get(ctx, c, p)
		if err != nil {
			return err
		}
		if controllerutil.AddFinalizer(gw, "x") {
			if err = c.Update(ctx, gw); err != nil {
				return err
			}
		}
		for _, svc := range svcs {
			cm := corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: svc.Name}}
			_, err := controllerutil.CreateOrUpdate(ctx, c, &cm, func() error {
				err = controllerutil.SetControllerReference(&svc, &cm, nil)
				if err != nil {
					return err
				}
				err = controllerutil.SetOwnerReference(gw, &cm, nil)
				if err != nil {
					return err
				}
				cm.Data = map[string]string{"name": svc.Name}
				return nil
			})
			if err != nil {
				return err
			}
		}
	}
	Debug(owner) // want `owner=`
	return nil
}

func get(ctx context.Context, c client.Client, name string) (*corev1.Pod, error) {
	p := &corev1.Pod{}
	err := c.Get(ctx, client.ObjectKey{Name: name}, p)
	return p, err
}

// clausesInLoop forms, resolves and forgets clauses on every iteration of
// nested loops (clauses.go): the fixpoint ends.
func clausesInLoop(pods []*corev1.Pod, f string, limit int) {
	done := false
	for i := 0; i < limit && !done; i++ {
		for _, p := range pods {
			if !p.DeletionTimestamp.IsZero() && !controllerutil.ContainsFinalizer(p, f) || done {
				continue
			}
			if !controllerutil.ContainsFinalizer(p, f) && i > 0 {
				controllerutil.AddFinalizer(p, f)
				done = i > 2 || p.Name == ""
			}
			if done || p.DeletionTimestamp == nil {
				p = pods[0]
			}
		}
	}
	Debug(pods) // want `pods=`
}
