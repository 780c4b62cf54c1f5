// Package v1 contains the v1 API of kinds.example.com.
// +groupName=kinds.example.com
package v1
