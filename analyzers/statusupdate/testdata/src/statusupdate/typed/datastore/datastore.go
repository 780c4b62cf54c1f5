// Package datastore wraps a clientset generated for a CRD the way
// longhorn-manager's datastore does: each helper sends its argument with
// the typed client and returns the object the server stored.
package datastore

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"example.com/operator/api/clientset"
	v1 "example.com/operator/api/v1"
)

type DataStore struct {
	widgets clientset.WidgetInterface
}

// UpdateWidgetStatus sends w's status and returns what the server stored.
func (s *DataStore) UpdateWidgetStatus(w *v1.Widget) (*v1.Widget, error) {
	obj, err := s.widgets.UpdateStatus(context.TODO(), w, metav1.UpdateOptions{})
	if err != nil {
		return nil, err
	}
	return obj, nil
}

// GetWidget reads a widget.
func (s *DataStore) GetWidget(name string) (*v1.Widget, error) {
	return s.widgets.Get(context.TODO(), name, metav1.GetOptions{})
}

// RemoveFinalizerForWidget drops the datastore's finalizer and sends w
// with Update.
func (s *DataStore) RemoveFinalizerForWidget(w *v1.Widget) error {
	var kept []string
	for _, f := range w.Finalizers {
		if f != "example.com/datastore" {
			kept = append(kept, f)
		}
	}
	w.Finalizers = kept
	_, err := s.widgets.Update(context.TODO(), w, metav1.UpdateOptions{})
	return err
}

// UpdateWidget sends w with Update and returns what the server stored.
func (s *DataStore) UpdateWidget(w *v1.Widget) (*v1.Widget, error) {
	return s.widgets.Update(context.TODO(), w, metav1.UpdateOptions{})
}
