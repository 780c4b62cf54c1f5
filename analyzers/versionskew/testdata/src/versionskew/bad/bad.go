// Package bad has a go.mod that does not parse.
package bad
