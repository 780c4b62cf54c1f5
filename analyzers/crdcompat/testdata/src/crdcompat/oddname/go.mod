module crdcompat/oddname
