module github.com/opvet/opvet/tools

go 1.26.0

require (
	github.com/opvet/opvet v0.0.0-00010101000000-000000000000
	golang.org/x/exp v0.0.0-20260820142414-ca536658362e
	golang.org/x/mod v0.43.0
	golang.org/x/tools v0.52.0
)

require (
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/exp/typeparams v0.0.0-20231108232855-2478ac86f678 // indirect
	golang.org/x/sync v0.24.0 // indirect
	honnef.co/go/tools v0.8.2 // indirect
)

replace github.com/opvet/opvet => ..
