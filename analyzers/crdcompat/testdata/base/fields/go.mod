module crdcompat/fields
