// Package v1 contains the v1 API of manifest.example.com.
// +groupName=manifest.example.com
package v1
