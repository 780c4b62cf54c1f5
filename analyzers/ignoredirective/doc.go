// Package ignoredirective defines an Analyzer that reports malformed
// //opvet:ignore directives.
//
// # Analyzer ignoredirective
//
// ignoredirective: report malformed //opvet:ignore directives
//
// A finding of any opvet check is suppressed by a directive on its line or
// on the line above:
//
//	//opvet:ignore statusupdate status is written by the status controller
//	if err := r.Update(ctx, obj); err != nil {
//
// The directive names one or more checks (comma-separated) and a reason,
// which is required: a suppression without a reason cannot be reviewed.
// A directive that names no check, an unknown check or no reason
// suppresses nothing, and this check reports it, so that a typo does not
// silently leave a finding suppressed or reported.
package ignoredirective
