// Package errors is a stub of github.com/pkg/errors for the analyzers'
// tests: the functions opvet knows by their semantics.
package errors

import "fmt"

// New returns an error with the message.
func New(message string) error { return fmt.Errorf("%s", message) }

// Errorf returns an error with the formatted message.
func Errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// Wrap returns err annotated with the message, or nil if err is nil.
func Wrap(err error, message string) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", message, err)
}

// Wrapf returns err annotated with the formatted message, or nil if err
// is nil.
func Wrapf(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf(format+": %w", append(args, err)...)
}
