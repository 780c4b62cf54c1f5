module crdcompat/manifest
