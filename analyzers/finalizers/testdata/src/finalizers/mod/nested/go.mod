module finalizers/mod/nested

go 1.26.0
