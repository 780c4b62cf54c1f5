package cache

// ResourceEventHandler is told of the objects an informer adds, updates
// and deletes; the objects are the informer cache's own.
type ResourceEventHandler interface {
	OnAdd(obj interface{}, isInInitialList bool)
	OnUpdate(oldObj, newObj interface{})
	OnDelete(obj interface{})
}

// ResourceEventHandlerFuncs adapts functions to ResourceEventHandler.
type ResourceEventHandlerFuncs struct {
	AddFunc    func(obj interface{})
	UpdateFunc func(oldObj, newObj interface{})
	DeleteFunc func(obj interface{})
}

func (r ResourceEventHandlerFuncs) OnAdd(obj interface{}, isInInitialList bool) {}
func (r ResourceEventHandlerFuncs) OnUpdate(oldObj, newObj interface{})         {}
func (r ResourceEventHandlerFuncs) OnDelete(obj interface{})                    {}

// ResourceEventHandlerDetailedFuncs is ResourceEventHandlerFuncs with the
// initial-list flag.
type ResourceEventHandlerDetailedFuncs struct {
	AddFunc    func(obj interface{}, isInInitialList bool)
	UpdateFunc func(oldObj, newObj interface{})
	DeleteFunc func(obj interface{})
}

// FilteringResourceEventHandler calls Handler for the objects FilterFunc
// accepts.
type FilteringResourceEventHandler struct {
	FilterFunc func(obj interface{}) bool
	Handler    ResourceEventHandler
}

// ResourceEventHandlerRegistration is the handle of an added handler.
type ResourceEventHandlerRegistration interface {
	HasSynced() bool
}
