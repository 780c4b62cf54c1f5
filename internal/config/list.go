package config

import "strings"

// List is a flag.Value for a comma-separated list of strings (blank
// entries dropped), for a check's list options on the command line:
//
//	a.Flags.Var((*config.List)(&cfg.Ignore), "ignore", "...")
type List []string

// String returns the list comma-separated.
func (l *List) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(*l, ",")
}

// Set replaces the list with the comma-separated entries of s.
func (l *List) Set(s string) error {
	*l = nil
	for _, e := range strings.Split(s, ",") {
		if e = strings.TrimSpace(e); e != "" {
			*l = append(*l, e)
		}
	}
	return nil
}
