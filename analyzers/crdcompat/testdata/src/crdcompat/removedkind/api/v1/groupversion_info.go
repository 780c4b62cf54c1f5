// Package v1 contains the v1 API of removedkind.example.com.
// +groupName=removedkind.example.com
package v1 // want `the kind Beta of removedkind\.example\.com \(against v1\.0\.0\) is gone \(no Go type defines it\), so the users' Beta objects and their CRD are left behind`
