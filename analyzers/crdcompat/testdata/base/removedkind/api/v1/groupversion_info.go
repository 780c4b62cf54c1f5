// Package v1 contains the v1 API of removedkind.example.com.
// +groupName=removedkind.example.com
package v1
