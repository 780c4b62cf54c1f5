// Package v1 contains the v1alpha1 API of fields.example.com.
// +groupName=fields.example.com
package v1alpha1
