module crdversions/shared

go 1.22
