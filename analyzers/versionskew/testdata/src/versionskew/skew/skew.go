// Package skew is an operator whose go.mod is skewed.
package skew

// Name is the operator's name.
const Name = "skew"
