module crdcompat/kinds
