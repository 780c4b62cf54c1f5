// Package fuzzfuncs has the custom fill functions of a conversion fuzz
// test (cluster-api's util/conversion pattern), with apimachinery v0.31 in
// go.mod: apimachinery v0.33's fuzzer fills with randfill, which panics on
// functions taking gofuzz's Continue.
package fuzzfuncs

import (
	fuzz "github.com/google/gofuzz"

	"k8s.io/apimachinery/pkg/runtime/serializer"
)

// Widget is filled by the fuzzer.
type Widget struct{ Name string }

// FuzzFuncs returns the custom fill functions.
func FuzzFuncs(_ serializer.CodecFactory) []interface{} {
	return []interface{}{
		widgetFuzzer,
		func(in *Widget, c fuzz.Continue) { // want `this fill function takes github.com/google/gofuzz.Continue and is returned as a fuzzer.FuzzerFuncs function: from k8s.io/apimachinery v0.33 \(go.mod has v0.31.4, target v0.33\) the API fuzzer`
			c.Fuzz(&in.Name)
		},
		pointerFuzzer,
		func(in *Widget) {}, // not a fill function
	}
}

func widgetFuzzer(in *Widget, c fuzz.Continue) { // want `widgetFuzzer takes github.com/google/gofuzz.Continue`
	c.Fuzz(in)
}

func pointerFuzzer(in *Widget, c *fuzz.Continue) {} // want `pointerFuzzer takes github.com/google/gofuzz.Continue`

// Funcs is a FuzzerFuncs-shaped literal, as handed to FuzzTestFunc.
var Funcs = func(serializer.CodecFactory) []interface{} {
	return []interface{}{
		func(in *string, c fuzz.Continue) {}, // want `this fill function takes`
	}
}

// continued is an unrelated Continue type.
type continued struct{}

// Quiet: functions not returned by a FuzzerFuncs-shaped function, or
// taking another Continue.
func Quiet() []interface{} {
	f := fuzz.New().Funcs(widgetFuzzer, func(in *Widget, c fuzz.Continue) {})
	_ = f
	return []interface{}{func(in *Widget, c fuzz.Continue) {}}
}

// OtherContinue returns a function taking another Continue type.
func OtherContinue(serializer.CodecFactory) []interface{} {
	return []interface{}{func(in *Widget, c continued) {}}
}
