// Package status is a stub of github.com/awslabs/operatorpkg/status: the
// condition sets that karpenter's API types return from StatusConditions().
package status

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Condition stands in for operatorpkg's own condition type.
type Condition = metav1.Condition

// Object is an object whose conditions a set reads and writes.
type Object interface {
	client.Object
	GetConditions() []Condition
	SetConditions([]Condition)
}

// ConditionTypes names a root condition and its dependents.
type ConditionTypes struct {
	root       string
	dependents []string
}

// NewReadyConditions returns the types of a Ready condition set.
func NewReadyConditions(d ...string) ConditionTypes {
	return ConditionTypes{root: "Ready", dependents: d}
}

// For binds the types to object.
func (r ConditionTypes) For(object Object, opts ...Option) ConditionSet {
	c := ConditionSet{ConditionTypes: r, object: object}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// Option configures a ConditionSet.
type Option func(*ConditionSet)

// WithClock sets the clock that stamps transitions.
func WithClock(clock any) Option { return func(*ConditionSet) {} }

// ConditionSet reads and writes the conditions of its object.
type ConditionSet struct {
	ConditionTypes
	object Object
}

// Get returns the condition of type t, or nil.
func (c ConditionSet) Get(t string) *Condition {
	for _, cond := range c.object.GetConditions() {
		if cond.Type == t {
			return &cond
		}
	}
	return nil
}

// IsTrue reports whether every condition of the types is true.
func (c ConditionSet) IsTrue(types ...string) bool {
	for _, t := range types {
		if cond := c.Get(t); cond == nil || cond.Status != metav1.ConditionTrue {
			return false
		}
	}
	return true
}

// Set sets condition on the object.
func (c ConditionSet) Set(condition Condition) bool {
	conditions := []Condition{condition}
	for _, cond := range c.object.GetConditions() {
		if cond.Type != condition.Type {
			conditions = append(conditions, cond)
		}
	}
	c.object.SetConditions(conditions)
	return true
}

// SetTrue sets condition t to true.
func (c ConditionSet) SetTrue(t string) bool {
	return c.Set(Condition{Type: t, Status: metav1.ConditionTrue})
}

// SetFalse sets condition t to false.
func (c ConditionSet) SetFalse(t, reason, message string) bool {
	return c.Set(Condition{Type: t, Status: metav1.ConditionFalse, Reason: reason, Message: message})
}

// Clear removes condition t.
func (c ConditionSet) Clear(t string) error {
	var conditions []Condition
	for _, cond := range c.object.GetConditions() {
		if cond.Type != t {
			conditions = append(conditions, cond)
		}
	}
	c.object.SetConditions(conditions)
	return nil
}
