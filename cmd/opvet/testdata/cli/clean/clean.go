// Package clean has nothing to report.
package clean

// Add adds.
func Add(a, b int) int { return a + b }
