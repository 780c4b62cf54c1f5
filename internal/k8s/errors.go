package k8s

import (
	"go/types"
	"strings"
)

// Functions known by what they return for the errors they are given,
// which the checks use to tell a non-nil error from one that may be nil.

// NewsError reports whether fn always returns a new, non-nil error:
// fmt.Errorf, errors.New, github.com/pkg/errors' New and Errorf,
// apimachinery's apierrors.New* (NewNotFound, NewBadRequest, ...).
func NewsError(fn *types.Func) bool {
	switch PkgPath(fn.Pkg()) {
	case "fmt":
		return fn.Name() == "Errorf"
	case "errors":
		return fn.Name() == "New"
	case "github.com/pkg/errors":
		return fn.Name() == "New" || fn.Name() == "Errorf"
	case "k8s.io/apimachinery/pkg/api/errors":
		return strings.HasPrefix(fn.Name(), "New")
	}
	return false
}

// WrapsError reports whether fn returns its first argument, an error,
// wrapped or unwrapped: nil exactly where that error is nil
// (github.com/pkg/errors' Wrap, WithMessage, WithStack, Cause;
// apimachinery's utilerrors.Reduce and Flatten).
func WrapsError(fn *types.Func) bool {
	switch PkgPath(fn.Pkg()) {
	case "github.com/pkg/errors":
		switch fn.Name() {
		case "Wrap", "Wrapf", "WithMessage", "WithMessagef", "WithStack", "Cause":
			return true
		}
	case "k8s.io/apimachinery/pkg/util/errors":
		return fn.Name() == "Reduce" || fn.Name() == "Flatten"
	}
	return false
}

// JoinsErrors reports whether fn returns a non-nil error exactly where
// one of the errors it is given is: errors.Join, apimachinery's
// utilerrors.NewAggregate.
func JoinsErrors(fn *types.Func) bool {
	switch PkgPath(fn.Pkg()) {
	case "errors":
		return fn.Name() == "Join"
	case "k8s.io/apimachinery/pkg/util/errors":
		return fn.Name() == "NewAggregate"
	}
	return false
}
