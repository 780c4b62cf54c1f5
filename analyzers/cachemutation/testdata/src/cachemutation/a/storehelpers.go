package a

import (
	"context"

	"cachemutation/datastore"
)

// syncFromLister hands the lister's ConfigMap to helpers of another
// package that change it and then send it: the write leaves nothing
// pending, but the change was made to the cache's object.
func (c *Controller) syncFromLister(ctx context.Context, ns, name string) error {
	cm, err := c.configMap.ConfigMaps(ns).Get(name)
	if err != nil {
		return err
	}
	_ = datastore.Describe(cm)
	return datastore.MarkSynced(ctx, c.kube, cm) // want `datastore.MarkSynced changes the Labels of cm, which the ConfigMapNamespaceLister Get at line 13 returned from the shared informer cache`
}

func (c *Controller) syncFromListerWith(ctx context.Context, ns, name string) error {
	cm, err := c.configMap.ConfigMaps(ns).Get(name)
	if err != nil {
		return err
	}
	return datastore.MarkSyncedWith(ctx, c.client, cm) // want `datastore.MarkSyncedWith changes the Labels of cm, which the ConfigMapNamespaceLister Get at line 22 returned from the shared informer cache`
}

// Not flagged: a deep copy is changed.
func (c *Controller) syncCopyToStore(ctx context.Context, ns, name string) error {
	cm, err := c.configMap.ConfigMaps(ns).Get(name)
	if err != nil {
		return err
	}
	return datastore.MarkSynced(ctx, c.kube, cm.DeepCopy())
}
