//go:build tools

package hack
