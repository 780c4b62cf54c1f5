// Package cli is command-line code that imports no controller machinery:
// the message names the caller's cancellation, not a manager's.
package cli

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// Show reads a ConfigMap for a command whose context ends on Ctrl-C.
func Show(ctx context.Context, cs kubernetes.Interface, name string) error {
	_, err := cs.CoreV1().ConfigMaps("default").Get(context.Background(), name, metav1.GetOptions{}) // want `reconcilecontext: Get is called with context.Background\(\) although Show receives ctx, so the request is not cancelled when ctx is \(its caller's cancellation or deadline\) and a stuck connection blocks the caller: pass ctx`
	return err
}

// Quiet: the command's context is passed.
func ShowWithContext(ctx context.Context, cs kubernetes.Interface, name string) error {
	_, err := cs.CoreV1().ConfigMaps("default").Get(ctx, name, metav1.GetOptions{})
	return err
}
