// Package other has no findings.
package other

// Answer is the answer.
const Answer = 42
