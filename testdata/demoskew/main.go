// Command demo-skew is the demo operator's skewed sibling: dependabot bumped
// k8s.io/* to Kubernetes 1.36 while controller-runtime stayed at v0.22, which
// is built against 1.34 and fails with "missing method HasSyncedChecker".
// It imports nothing, so that opvet loads it offline; its go.mod is the demo.
package main

func main() {}
