package a

import (
	"k8s.io/apimachinery/pkg/labels"

	v1 "cachemutation/api/v1"
)

// CopyingWidgetLister is a project's own lister (a test double, or a
// wrapper) whose reads return deep copies: its objects are the caller's.
type CopyingWidgetLister struct {
	items map[string]*v1.Widget
}

// Get returns a copy of the named Widget.
func (l *CopyingWidgetLister) Get(name string) (*v1.Widget, error) {
	return l.items[name].DeepCopy(), nil
}

// List returns copies of every Widget.
func (l *CopyingWidgetLister) List(selector labels.Selector) ([]*v1.Widget, error) {
	var out []*v1.Widget
	for _, w := range l.items {
		out = append(out, w.DeepCopy())
	}
	return out, nil
}

// Not flagged: the lister's Get returns a copy.
func resizeCopy(l *CopyingWidgetLister) error {
	w, err := l.Get("a")
	if err != nil {
		return err
	}
	w.Spec.Size = 3
	return nil
}

// SharingWidgetLister returns its own objects.
type SharingWidgetLister struct {
	items map[string]*v1.Widget
}

// Get returns the named Widget itself.
func (l *SharingWidgetLister) Get(name string) (*v1.Widget, error) { return l.items[name], nil }

// Flagged: a lister by its shape that returns what it holds.
func resizeShared(l *SharingWidgetLister) error {
	w, err := l.Get("a")
	if err != nil {
		return err
	}
	w.Spec.Size = 3 // want `the assignment to w.Spec.Size changes w, which the SharingWidgetLister Get at line 49 returned from the shared informer cache`
	return nil
}

// Not flagged: the lister's List returns copies.
func resizeListed(l *CopyingWidgetLister) error {
	ws, err := l.List(labels.Everything())
	if err != nil {
		return err
	}
	for _, w := range ws {
		w.Spec.Size = 3
	}
	return nil
}
