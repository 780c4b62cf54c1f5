package flow

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func DebugFilled(...any) {}

// Filled on some paths only: the resourceVersion copied on one branch.
func filledOnOneBranch(ctx context.Context, c client.Client, desired *corev1.Service, copyIt bool) {
	current := &corev1.Service{}
	DebugFilled(desired) // want `desired=Param\[Unfilled\]`
	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
		return
	}
	DebugFilled(current) // want `current=Alloc\[Filled\]`
	if copyIt {
		desired.SetResourceVersion(current.GetResourceVersion())
	}
	DebugFilled(desired) // want `desired=Param\[Filled\|Unfilled\]`
	desired.ResourceVersion = current.ResourceVersion
	DebugFilled(desired) // want `desired=Param\[Filled\]`
}

// A test of the resourceVersion's emptiness: where it is not empty, the
// object has one.
func filledUnlessSet(ctx context.Context, c client.Client, desired, current *corev1.Service) {
	if desired.ResourceVersion == "" {
		desired.ResourceVersion = current.ResourceVersion
	}
	DebugFilled(desired) // want `desired=Param\[Filled\]`
	if desired.GetResourceVersion() != "" {
		DebugFilled(desired) // want `desired=Param\[Filled\]`
	}
	other := &corev1.Service{}
	if len(other.ResourceVersion) > 0 {
		DebugFilled(other) // want `other=Alloc\[\]`
	}
	if other.ResourceVersion == "" {
		DebugFilled(other) // want `other=Alloc\[Unfilled\]`
	}
	if len(other.ResourceVersion) != 0 {
		DebugFilled(other) // want `other=Alloc\[\]`
	}
}

// Objects of a loop: each iteration's object starts unfilled.
func filledInLoop(ctx context.Context, c client.Client, items []*corev1.Service) {
	var todo []*corev1.Service
	for _, desired := range items {
		current := &corev1.Service{}
		_ = c.Get(ctx, client.ObjectKeyFromObject(desired), current)
		if desired.Name == "x" {
			desired.SetResourceVersion(current.GetResourceVersion())
		}
		todo = append(todo, desired)
	}
	for _, obj := range todo {
		DebugFilled(obj) // want `obj=Param\[Filled\|Unfilled\]`
	}
}

// Handed to code that may fill it: not unfilled any more.
func handedAway(ctx context.Context, c client.Client, desired *corev1.Service) {
	c.Get(ctx, client.ObjectKeyFromObject(desired), desired)
	DebugFilled(desired) // want `desired=Param\[Filled\]`
	other := &corev1.Service{}
	opaque(other)
	DebugFilled(other) // want `other=Alloc\[\]`
}

func opaque(any)
