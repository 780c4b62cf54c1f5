module vbom.ml/util

go 1.12
