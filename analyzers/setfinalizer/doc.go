// Package setfinalizer defines an Analyzer that checks Kubernetes operators.
//
// # Analyzer setfinalizer
//
// setfinalizer: report runtime.SetFinalizer and runtime.AddCleanup used as Kubernetes finalizers or misused so that they panic or never run
//
// runtime.SetFinalizer and runtime.AddCleanup are hooks of Go's garbage
// collector: they run, at some time or never, after a Go value becomes
// unreachable in this process. They are not Kubernetes finalizers, which
// hold an object in the cluster until a controller has cleaned up after
// it. The runtime also panics or silently ignores the call on many
// misuses. The check reports:
//
//  1. A hook on a Kubernetes API object (a type that embeds
//     metav1.ObjectMeta or implements metav1.Object, runtime.Object or
//     client.Object, including through aliases and type parameters): it
//     runs when the Go copy is collected, typically right after the
//     reconcile, never when the object is deleted. Add a finalizer to
//     metadata.finalizers with controllerutil.AddFinalizer, do the cleanup
//     when the deletion timestamp is set, then
//     controllerutil.RemoveFinalizer.
//
//  2. A hook set inside a reconciler's Reconcile method (Reconcile(ctx,
//     req) (reconcile.Result, error), including generic and typed
//     reconcilers): the hook is tied to neither the reconcile nor the
//     object's lifecycle. Release resources explicitly (defer) and use
//     metadata.finalizers for cleanup on deletion.
//
//  3. SetFinalizer on nil or a non-pointer value ("first argument is T, not
//     pointer").
//
//  4. A finalizer that the runtime rejects, mirroring runtime.SetFinalizer
//     exactly: not a function, variadic, not exactly one parameter, or a
//     parameter that the first argument cannot be passed to (it must be
//     the pointer type itself, an interface that it implements, or a
//     pointer type with the identical element type when one of the two has
//     neither a name nor methods). A method value such as f.Close takes no
//     parameter; the method expression (*File).Close does.
//
//  5. SetFinalizer on a pointer that is not the start of an allocation:
//     &x.f for a field past offset 0, &s[i] for an element past the first
//     ("pointer not at beginning of allocated block"). As in the runtime,
//     pointer-free values smaller than 16 bytes are allowed.
//
//  6. A hook on the address of a package-level variable (&v, &v.f,
//     &arr[i]) or on a pointer to a zero-size value (&struct{}{}, all of
//     which share one address): the runtime ignores it, and the hook
//     never runs.
//
//  7. runtime.AddCleanup(ptr, cleanup, arg) whose arg is ptr itself (the
//     runtime panics), or whose arg points into the object (&p.f,
//     p.arr[:], a composite literal holding p) or whose cleanup refers to
//     it (a closure naming p, the method value p.Close): the object stays
//     reachable and the cleanup never runs (recent Go versions panic).
//
//  8. A finalizer closure that refers to the object it finalizes (the
//     same variable, or a field path of it, used inside the closure, also
//     when the closure is held in a local variable; or a method value
//     bound to the object): the object stays reachable, so the finalizer
//     never runs. The check reads the syntax and types of the call, not
//     the data flow: staticcheck's SA5005 (opt-in in opvet) finds more
//     spellings at the cost of an IR pass.
//
//  9. A hook on a local object that a goroutine started in the same
//     function keeps: a method of the object (go w.run()) or a closure
//     that uses it and loops or waits. The object stays reachable while
//     the goroutine runs, so the hook does not run then, and never if the
//     goroutine waits for what the hook would do. Stop the goroutine
//     explicitly (a Close method, a context).
//
//  10. SetFinalizer(&v, ...) on a local struct that the function returns
//     by value: the caller gets a copy, and the finalizer runs once the
//     local itself is collected, soon after the return, releasing what the
//     copy still uses. Return a pointer.
//
// Calls that are not reported: SetFinalizer(f, (*File).Close); a finalizer
// whose parameter is an interface that the object implements;
// SetFinalizer(x, nil); a closure that uses only a copy of a field made
// before the call; AddCleanup with an unrelated argument or a copy of a
// field; hooks on plain (non-Kubernetes) values allocated with new, &T{}
// or &local outside Reconcile; anything whose outcome depends on a type
// parameter or on the dynamic type of an interface.
//
// Bad:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		var app v1.App
//		if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
//			return ctrl.Result{}, client.IgnoreNotFound(err)
//		}
//		runtime.SetFinalizer(&app, func(a *v1.App) { r.deleteExternal(a) }) // runs at GC, not on deletion
//		...
//	}
//
//	conn := &Conn{fd: fd}
//	runtime.SetFinalizer(conn, func(*Conn) { syscall.Close(conn.fd) }) // conn stays reachable: never runs
//	runtime.SetFinalizer(&w.conn, (*Conn).Close)                        // panics: not the start of an allocation
//
// Good:
//
//	if app.DeletionTimestamp.IsZero() {
//		if controllerutil.AddFinalizer(&app, appFinalizer) {
//			return ctrl.Result{}, r.Update(ctx, &app)
//		}
//	} else if controllerutil.ContainsFinalizer(&app, appFinalizer) {
//		if err := r.deleteExternal(ctx, &app); err != nil {
//			return ctrl.Result{}, err
//		}
//		controllerutil.RemoveFinalizer(&app, appFinalizer)
//		return ctrl.Result{}, r.Update(ctx, &app)
//	}
//
//	conn := &Conn{fd: fd}
//	runtime.AddCleanup(conn, func(fd int) { syscall.Close(fd) }, conn.fd)
//
// The check has no options.
package setfinalizer
