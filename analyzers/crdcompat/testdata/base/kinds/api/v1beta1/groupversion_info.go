// Package v1beta1 contains the v1beta1 API of kinds.example.com.
// +groupName=kinds.example.com
package v1beta1
