// Package library hands its objects to a vendored library that sends
// them with the client it is given (bitpoke/mysql-operator's PDB syncer).
package library

import (
	"example.com/syncer"
	policyv1 "k8s.io/api/policy/v1"
	policyv1beta1 "k8s.io/api/policy/v1beta1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func NewPDBSyncer(c client.Client, owner client.Object) syncer.Interface {
	pdb := &policyv1beta1.PodDisruptionBudget{
		ObjectMeta: metav1.ObjectMeta{Name: owner.GetName(), Namespace: owner.GetNamespace()},
	}
	return syncer.NewObjectSyncer("PDB", owner, pdb, c, func() error { return nil }) // want `policy/v1beta1 PodDisruptionBudget was removed in Kubernetes 1.25, so this syncer.NewObjectSyncer \(a library given the client\) fails on 1.29`
}

// The served version: quiet.
func NewPDBv1Syncer(c client.Client, owner client.Object) syncer.Interface {
	pdb := &policyv1.PodDisruptionBudget{
		ObjectMeta: metav1.ObjectMeta{Name: owner.GetName(), Namespace: owner.GetNamespace()},
	}
	return syncer.NewObjectSyncer("PDB", owner, pdb, c, func() error { return nil })
}

// A library call given no client sends nothing: quiet.
func Describe() string {
	return syncer.Name(&policyv1beta1.PodDisruptionBudget{})
}
