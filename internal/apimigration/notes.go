package apimigration

import "strings"

// Fix names a mechanical rewrite that the apimigration check can suggest
// for a row, when the code has the expected shape.
type Fix uint8

// The mechanical rewrites.
const (
	// NoFix: the change needs a person.
	NoFix Fix = iota
	// Rename: the selector's name becomes Note.Rename (same package,
	// same signature).
	Rename
	// ContextArg: the call gains a context.Context first argument (and,
	// for the client-go typed clients of 1.18, the options struct the new
	// signature adds last).
	ContextArg
	// WatchesObject: Watches(&source.Kind{Type: obj}, h) becomes
	// Watches(obj, h).
	WatchesObject
	// MapFuncContext: a function literal handed where a handler.MapFunc
	// is expected gains a ctx context.Context first parameter.
	MapFuncContext
)

// Note is curated advice for the changes that operators meet most: it
// replaces the generated text of the rows it matches.
type Note struct {
	// Pkg is the import path of the object's package; a trailing "/..."
	// matches the packages below it.
	Pkg string
	// Object is the row's object; "*" matches every object of Pkg.
	Object string
	// Minor is the release of the change (or deprecation) it explains.
	Minor int
	// From is the oldest target release the advice is right for (0: any);
	// a later note of the same row and a higher From replaces it.
	From int
	// Advice is what to write instead, as code.
	Advice string
	Fix    Fix
	// Rename is the new name, for Fix Rename.
	Rename string
}

const (
	cr         = ControllerRuntimePath + "/pkg/"
	webhook    = "implement admission.CustomValidator (ValidateCreate(ctx, obj) and the others, on a separate type) and register it with ctrl.NewWebhookManagedBy(mgr).For(obj).WithValidator(v)"
	default_   = "implement admission.CustomDefaulter (Default(ctx, obj), on a separate type) and register it with ctrl.NewWebhookManagedBy(mgr).For(obj).WithDefaulter(d)"
	warnings   = "return (admission.Warnings, error): add nil warnings to each return"
	polls      = "use wait.PollUntilContextTimeout(ctx, interval, timeout, immediate, condition), whose condition takes a context (wait.ConditionFunc(f).WithContext() adapts an old one)"
	pollsInf   = "use wait.PollUntilContextCancel(ctx, interval, immediate, condition), whose condition takes a context (wait.ConditionFunc(f).WithContext() adapts an old one)"
	namespaces = "set Cache: cache.Options{DefaultNamespaces: map[string]cache.Config{ns: {}}}"
	webhookSrv = "set WebhookServer: webhook.NewServer(webhook.Options{Port: …, Host: …, CertDir: …, TLSOpts: …})"
	eventCtx   = "take a context.Context first: func(ctx context.Context, e event.<Kind>Event, q workqueue.RateLimitingInterface)"
)

// Notes are the curated migration notes.
var Notes = []Note{
	// controller-runtime v0.15 (https://github.com/kubernetes-sigs/controller-runtime/releases/tag/v0.15.0).
	{Pkg: cr + "builder", Object: "Builder.Watches", Minor: 15, Advice: "pass the object itself: Watches(obj, handler); a source other than source.Kind goes to WatchesRawSource", Fix: WatchesObject},
	{Pkg: cr + "source", Object: "Kind", Minor: 15, Advice: "call source.Kind(mgr.GetCache(), obj), or give the object to the builder's Watches(obj, handler)"},
	{Pkg: cr + "handler", Object: "MapFunc", Minor: 15, Advice: "take a context first: func(ctx context.Context, obj client.Object) []reconcile.Request", Fix: MapFuncContext},
	{Pkg: cr + "handler", Object: "EnqueueRequestForOwner", Minor: 15, Advice: "call handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &Owner{}, handler.OnlyControllerOwner())"},
	{Pkg: cr + "handler", Object: "EventHandler.Create", Minor: 15, Advice: strings.ReplaceAll(eventCtx, "<Kind>", "Create")},
	{Pkg: cr + "handler", Object: "EventHandler.Update", Minor: 15, Advice: strings.ReplaceAll(eventCtx, "<Kind>", "Update")},
	{Pkg: cr + "handler", Object: "EventHandler.Delete", Minor: 15, Advice: strings.ReplaceAll(eventCtx, "<Kind>", "Delete")},
	{Pkg: cr + "handler", Object: "EventHandler.Generic", Minor: 15, Advice: strings.ReplaceAll(eventCtx, "<Kind>", "Generic")},
	{Pkg: cr + "handler", Object: "Funcs.CreateFunc", Minor: 15, Advice: strings.ReplaceAll(eventCtx, "<Kind>", "Create")},
	{Pkg: cr + "handler", Object: "Funcs.UpdateFunc", Minor: 15, Advice: strings.ReplaceAll(eventCtx, "<Kind>", "Update")},
	{Pkg: cr + "handler", Object: "Funcs.DeleteFunc", Minor: 15, Advice: strings.ReplaceAll(eventCtx, "<Kind>", "Delete")},
	{Pkg: cr + "handler", Object: "Funcs.GenericFunc", Minor: 15, Advice: strings.ReplaceAll(eventCtx, "<Kind>", "Generic")},
	{Pkg: cr + "runtime/inject", Minor: 15, Advice: "the manager no longer injects dependencies: pass mgr.GetClient(), mgr.GetScheme(), mgr.GetCache() or admission.NewDecoder(mgr.GetScheme()) to your types when you build them, and drop the Inject* methods"},
	{Pkg: cr + "webhook/admission", Object: "Validator.ValidateCreate", Minor: 15, Advice: warnings},
	{Pkg: cr + "webhook/admission", Object: "Validator.ValidateUpdate", Minor: 15, Advice: warnings},
	{Pkg: cr + "webhook/admission", Object: "Validator.ValidateDelete", Minor: 15, Advice: warnings},
	{Pkg: cr + "webhook/admission", Object: "CustomValidator.ValidateCreate", Minor: 15, Advice: warnings},
	{Pkg: cr + "webhook/admission", Object: "CustomValidator.ValidateUpdate", Minor: 15, Advice: warnings},
	{Pkg: cr + "webhook/admission", Object: "CustomValidator.ValidateDelete", Minor: 15, Advice: warnings},
	{Pkg: cr + "webhook/admission", Object: "DecoderInjector", Minor: 15, Advice: "build the decoder yourself: admission.NewDecoder(mgr.GetScheme())"},
	{Pkg: cr + "webhook", Object: "Server", Minor: 15, Advice: "build the server with webhook.NewServer(webhook.Options{…}); it is an interface now"},
	{Pkg: cr + "manager", Object: "Options.WebhookServer", Minor: 15, Advice: "set WebhookServer: webhook.NewServer(webhook.Options{…})"},
	{Pkg: cr + "client", Object: "NewDelegatingClient", Minor: 15, Advice: "call client.New(cfg, client.Options{Cache: &client.CacheOptions{Reader: cache}}): it reads from the cache"},
	{Pkg: cr + "client", Object: "Client.GroupVersionKindFor", Minor: 15, Advice: "embed a client.Client in your wrapper, or add GroupVersionKindFor(obj runtime.Object) (schema.GroupVersionKind, error) and IsObjectNamespaced(obj runtime.Object) (bool, error)"},
	{Pkg: cr + "client", Object: "Client.IsObjectNamespaced", Minor: 15, Advice: "embed a client.Client in your wrapper, or add GroupVersionKindFor(obj runtime.Object) (schema.GroupVersionKind, error) and IsObjectNamespaced(obj runtime.Object) (bool, error)"},
	{Pkg: cr + "client/apiutil", Object: "NewDynamicRESTMapper", Minor: 15, Advice: "pass an HTTP client: apiutil.NewDynamicRESTMapper(cfg, httpClient), with httpClient from rest.HTTPClientFor(cfg)"},
	{Pkg: cr + "manager", Object: "Options.NewClient", Minor: 15, Advice: "write a client.NewClientFunc: func(config *rest.Config, options client.Options) (client.Client, error)"},
	{Pkg: cr + "cluster", Object: "Options.NewClient", Minor: 15, Advice: "write a client.NewClientFunc: func(config *rest.Config, options client.Options) (client.Client, error)"},
	{Pkg: cr + "cache", Object: "Options.Namespace", Minor: 15, Advice: "set Namespaces: []string{ns}"},
	{Pkg: cr + "cache", Object: "Options.Namespace", Minor: 15, From: 16, Advice: "set DefaultNamespaces: map[string]cache.Config{ns: {}}"},
	{Pkg: cr + "cache", Object: "Options.SelectorsByObject", Minor: 15, Advice: "set ByObject: map[client.Object]cache.ByObject{obj: {Label: selector}}"},
	{Pkg: cr + "cache", Object: "Options.DefaultSelector", Minor: 15, Advice: "set DefaultLabelSelector and DefaultFieldSelector"},
	{Pkg: cr + "cache", Object: "Options.Resync", Minor: 15, Advice: "set SyncPeriod"},

	// controller-runtime v0.16 (https://github.com/kubernetes-sigs/controller-runtime/releases/tag/v0.16.0).
	{Pkg: cr + "manager", Object: "Options.MetricsBindAddress", Minor: 16, Advice: "set Metrics: metricsserver.Options{BindAddress: …} (import metricsserver \"sigs.k8s.io/controller-runtime/pkg/metrics/server\")"},
	{Pkg: cr + "manager", Object: "Options.Namespace", Minor: 16, Advice: namespaces},
	{Pkg: cr + "cluster", Object: "Options.Namespace", Minor: 16, Advice: namespaces},
	{Pkg: cr + "cache", Object: "Options.Namespaces", Minor: 16, Advice: "set DefaultNamespaces: map[string]cache.Config{ns: {}, …}"},
	{Pkg: cr + "cache", Object: "MultiNamespacedCacheBuilder", Minor: 16, Advice: namespaces + " in the manager's options"},
	{Pkg: cr + "manager", Object: "Options.Port", Minor: 16, Advice: webhookSrv},
	{Pkg: cr + "manager", Object: "Options.Host", Minor: 16, Advice: webhookSrv},
	{Pkg: cr + "manager", Object: "Options.CertDir", Minor: 16, Advice: webhookSrv},
	{Pkg: cr + "manager", Object: "Options.TLSOpts", Minor: 16, Advice: webhookSrv},
	{Pkg: cr + "manager", Object: "Options.SyncPeriod", Minor: 16, Advice: "set Cache: cache.Options{SyncPeriod: …}"},
	{Pkg: cr + "cluster", Object: "Options.SyncPeriod", Minor: 20, Advice: "set Cache: cache.Options{SyncPeriod: …}"},
	{Pkg: cr + "manager", Object: "Options.ClientDisableCacheFor", Minor: 16, Advice: "set Client: client.Options{Cache: &client.CacheOptions{DisableFor: …}}"},
	{Pkg: cr + "cluster", Object: "Options.ClientDisableCacheFor", Minor: 16, Advice: "set Client: client.Options{Cache: &client.CacheOptions{DisableFor: …}}"},
	{Pkg: cr + "manager", Object: "Options.DryRunClient", Minor: 16, Advice: "set Client: client.Options{DryRun: &dryRun}"},
	{Pkg: cr + "cluster", Object: "Options.DryRunClient", Minor: 16, Advice: "set Client: client.Options{DryRun: &dryRun}"},
	{Pkg: cr + "manager", Object: "Manager.AddMetricsExtraHandler", Minor: 16, Advice: "call AddMetricsServerExtraHandler, or set Metrics: metricsserver.Options{ExtraHandlers: …}", Fix: Rename, Rename: "AddMetricsServerExtraHandler"},
	{Pkg: cr + "client/fake", Object: "NewFakeClientWithScheme", Minor: 16, Advice: "build it with fake.NewClientBuilder().WithScheme(scheme).WithRuntimeObjects(objs...).Build()"},

	// controller-runtime v0.18 (https://github.com/kubernetes-sigs/controller-runtime/releases/tag/v0.18.0).
	{Pkg: cr + "webhook/admission", Object: "Decoder", Minor: 18, Advice: "hold an admission.Decoder, an interface now (not a pointer), made with admission.NewDecoder(mgr.GetScheme())"},

	// controller-runtime v0.20 (https://github.com/kubernetes-sigs/controller-runtime/pull/2877).
	{Pkg: cr + "webhook", Object: "Validator", Minor: 20, Advice: webhook},
	{Pkg: cr + "webhook/admission", Object: "Validator", Minor: 20, Advice: webhook},
	{Pkg: cr + "webhook", Object: "Defaulter", Minor: 20, Advice: default_},
	{Pkg: cr + "webhook/admission", Object: "Defaulter", Minor: 20, Advice: default_},
	{Pkg: cr + "webhook/admission", Object: "ValidatingWebhookFor", Minor: 20, Advice: "call admission.WithCustomValidator(scheme, obj, validator)"},
	{Pkg: cr + "webhook/admission", Object: "DefaultingWebhookFor", Minor: 20, Advice: "call admission.WithCustomDefaulter(scheme, obj, defaulter)"},

	// client-go 1.18: the typed clients take a context and an options struct
	// (https://github.com/kubernetes/kubernetes/pull/87299, 87952; the
	// dynamic client: 88906).
	{Pkg: ClientGoPath + "/kubernetes/typed/...", Object: "*", Minor: 18, Advice: "pass a context first and the options struct the new signature ends with: Get(ctx, name, metav1.GetOptions{}), Create(ctx, obj, metav1.CreateOptions{}), Delete(ctx, name, metav1.DeleteOptions{})", Fix: ContextArg},
	{Pkg: ClientGoPath + "/dynamic", Object: "*", Minor: 18, Advice: "pass a context first and the options struct the new signature ends with", Fix: ContextArg},

	// apimachinery 1.27: the wait.Poll family (the deprecation names
	// functions that do not exist).
	{Pkg: APIMachineryPath + "/pkg/util/wait", Object: "Poll", Minor: 27, Advice: polls},
	{Pkg: APIMachineryPath + "/pkg/util/wait", Object: "PollImmediate", Minor: 27, Advice: polls},
	{Pkg: APIMachineryPath + "/pkg/util/wait", Object: "PollWithContext", Minor: 27, Advice: polls},
	{Pkg: APIMachineryPath + "/pkg/util/wait", Object: "PollImmediateWithContext", Minor: 27, Advice: polls},
	{Pkg: APIMachineryPath + "/pkg/util/wait", Object: "PollInfinite", Minor: 27, Advice: pollsInf},
	{Pkg: APIMachineryPath + "/pkg/util/wait", Object: "PollImmediateInfinite", Minor: 27, Advice: pollsInf},
	{Pkg: APIMachineryPath + "/pkg/util/wait", Object: "PollUntil", Minor: 27, Advice: pollsInf},
	{Pkg: APIMachineryPath + "/pkg/util/wait", Object: "PollImmediateUntil", Minor: 27, Advice: pollsInf},
	{Pkg: APIMachineryPath + "/pkg/util/wait", Object: "PollInfiniteWithContext", Minor: 27, Advice: pollsInf},
	{Pkg: APIMachineryPath + "/pkg/util/wait", Object: "PollImmediateInfiniteWithContext", Minor: 27, Advice: pollsInf},
	{Pkg: APIMachineryPath + "/pkg/util/wait", Object: "PollUntilWithContext", Minor: 27, Advice: pollsInf},
	{Pkg: APIMachineryPath + "/pkg/util/wait", Object: "PollImmediateUntilWithContext", Minor: 27, Advice: pollsInf},
}

// NoteFor returns the curated note for the row (pkg, object) of release
// minor, right for the target release (the note with the highest From at
// most target).
func NoteFor(pkg, object string, minor, target int) (Note, bool) {
	var best Note
	found := false
	for _, n := range Notes {
		if n.Minor != minor || n.From > target || !n.matches(pkg, object) {
			continue
		}
		if !found || n.From > best.From {
			best, found = n, true
		}
	}
	return best, found
}

func (n Note) matches(pkg, object string) bool {
	if prefix, ok := strings.CutSuffix(n.Pkg, "/..."); ok {
		if !strings.HasPrefix(pkg, prefix+"/") {
			return false
		}
	} else if pkg != n.Pkg {
		return false
	}
	return n.Object == "*" || n.Object == object
}

// Behaviour is a change of behaviour that still compiles: code that relied
// on the old behaviour builds at the new release and fails at run time.
type Behaviour struct {
	// ID names the detection the apimigration check implements for it.
	ID     string
	Family Family
	// Minor is the release that changed the behaviour.
	Minor int
	// What changed, and what breaks.
	What string
	// Advice is what to write instead.
	Advice string
	// Source is the release note or pull request that says so.
	Source string
}

// The behaviour changes the check reports.
const (
	InjectMethods   = "inject-methods"
	FakeStatus      = "fake-status"
	FakeDeletion    = "fake-deletion"
	ControllerNames = "controller-names"
	LegacyWebhooks  = "legacy-webhooks"
	RandfillFuncs   = "randfill-funcs"
	crPull          = "https://github.com/kubernetes-sigs/controller-runtime/pull/"
)

// Behaviours are the curated behaviour changes.
var Behaviours = []Behaviour{
	{ID: InjectMethods, Family: ControllerRuntime, Minor: 15,
		What:   "the manager and the webhook server no longer call Inject* methods (InjectClient, InjectScheme, InjectCache, InjectConfig, InjectDecoder, InjectLogger, InjectFunc, InjectStopChannel), so the field this method sets stays nil",
		Advice: "set it when you build the value: mgr.GetClient(), mgr.GetScheme(), admission.NewDecoder(mgr.GetScheme())",
		Source: crPull + "2134"},
	{ID: FakeStatus, Family: ControllerRuntime, Minor: 15,
		What:   "the fake client keeps status apart for the types registered with WithStatusSubresource: Status().Update and Status().Patch of an unregistered custom resource fail with NotFound",
		Advice: "register the objects whose status the code under test writes: fake.NewClientBuilder().WithStatusSubresource(&v1.MyKind{})",
		Source: crPull + "2259"},
	{ID: FakeDeletion, Family: ControllerRuntime, Minor: 15,
		What:   "the fake client builder refuses an object with a DeletionTimestamp and no finalizer (\"refusing to create obj … with metadata.deletionTimestamp but no finalizers\"): Build panics, as the API server never holds such an object",
		Advice: "give the object a finalizer, or test the deletion through the client (Delete of an object with a finalizer sets the DeletionTimestamp)",
		Source: crPull + "2316"},
	{ID: ControllerNames, Family: ControllerRuntime, Minor: 19,
		What:   "controller names must be unique: a second controller of the same kind without Named fails to start (\"controller with name … already exists\")",
		Advice: "name it: ctrl.NewControllerManagedBy(mgr).Named(\"…\")",
		Source: crPull + "2902"},
	{ID: LegacyWebhooks, Family: ControllerRuntime, Minor: 20,
		What:   "the webhook builder no longer serves types that implement the removed Defaulter or Validator interfaces: For(obj).Complete() without WithDefaulter or WithValidator registers no webhook, and the API server's calls to it fail",
		Advice: "implement admission.CustomDefaulter or CustomValidator on a separate type and register it with WithDefaulter or WithValidator",
		Source: crPull + "2877"},
	{ID: RandfillFuncs, Family: Kubernetes, Minor: 33,
		What:   "the API fuzzer of k8s.io/apimachinery/pkg/api/apitesting/fuzzer fills with sigs.k8s.io/randfill instead of github.com/google/gofuzz, and randfill panics on a custom function whose second parameter is not randfill.Continue (\"customFuncs' second argument must be a randfill.Continue\"), so the fuzz tests that use it panic",
		Advice: "take randfill.Continue (sigs.k8s.io/randfill) and call c.Fill and c.FillNoCustom instead of c.Fuzz and c.FuzzNoCustom",
		Source: "https://github.com/kubernetes-sigs/randfill"},
}

// BehaviourOf returns the behaviour change id.
func BehaviourOf(id string) Behaviour {
	for _, b := range Behaviours {
		if b.ID == id {
			return b
		}
	}
	return Behaviour{}
}
