package controllerutil

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type OperationResult string

const (
	OperationResultNone    OperationResult = "unchanged"
	OperationResultCreated OperationResult = "created"
	OperationResultUpdated OperationResult = "updated"
)

type MutateFn func() error

func CreateOrUpdate(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	return OperationResultNone, nil
}

func CreateOrPatch(ctx context.Context, c client.Client, obj client.Object, f MutateFn) (OperationResult, error) {
	return OperationResultNone, nil
}

func AddFinalizer(o client.Object, finalizer string) (finalizersUpdated bool) { return false }

func RemoveFinalizer(o client.Object, finalizer string) (finalizersUpdated bool) { return false }

func ContainsFinalizer(o client.Object, finalizer string) bool { return false }

func SetControllerReference(owner, controlled metav1.Object, scheme *runtime.Scheme) error {
	return nil
}

func SetOwnerReference(owner, object metav1.Object, scheme *runtime.Scheme) error { return nil }
