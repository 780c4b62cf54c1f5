// Package nomod has no go.mod of its own: the nearest is opvet's, which
// another package reports for.
package nomod
