#!/usr/bin/env bash
# Fetch and build the "new operators" corpus: real operators that opvet's rules
# were never written against (issue 20, "Precision on new code"). Same procedure
# as the field-test corpus (../shared/corpus/setup.sh): module proxy only.
#
#   usage: scripts/newcorpus.sh DEST [NAME...]   (default: every member below)
#   then:  scripts/field-test.sh DEST OUT
#   env:   SKIP_BUILD=1   only fetch + copy + `go mod download`, no `go build`
#          FORCE=1        re-copy members even if DEST/NAME already holds the version
#
# Idempotent: a member whose DEST/NAME/.corpus-source names the same
# module@version is not copied again. Each member gets .corpus-loadable and
# .corpus-unloadable (packages that do not load: a module the proxy does not
# serve, or a cgo library missing), which field-test.sh hands to go vet.
set -euo pipefail

DEST=${1:?usage: newcorpus.sh DEST [NAME...]}
shift || true
mkdir -p "$DEST"
DEST=$(cd "$DEST" && pwd)

# No toolchain download (every member's go directive is <= the local go1.26.8);
# -mod=mod lets the go command add go.sum lines a member's go.sum lacks.
export GOTOOLCHAIN=local
export GOFLAGS="-buildvcs=false -mod=mod"

# Chosen among the operators the module proxy serves with their whole
# dependency graph (2025-2026 releases); none is in the field-test corpus or in
# scripts/history/bugs.tsv. kueue turned out to be one of the operators of the
# earlier, unpublished run that issue 20 quotes (its two data-flow false
# positives are the issue's); it stays as a control, and kuberay makes up for it.
# Several candidates (cloudnative-pg, VictoriaMetrics, opentelemetry-operator,
# zalando postgres-operator, minio, rook, percona) are not served at all;
# external-secrets v1.x and argo-rollouts v1.10.2 / v1.9.3 are not usable
# (nested provider modules not served; go >= 1.26.10 required).
#
# name        module                                          version   (why it is here)
MEMBERS=$(cat <<'END'
kueue         sigs.k8s.io/kueue                               v0.17.0   # large kubebuilder project (cr v0.23), webhooks, v1beta1/v1beta2 CRDs with conversion, 2026-03
eck           github.com/elastic/cloud-on-k8s/v3              v3.5.0    # large controller-runtime operator (cr v0.24) with its own reconcile framework and client wrappers in pkg/, webhooks, 2026-08
kyverno       github.com/kyverno/kyverno                      v1.19.1   # very large, client-go informers/listers + typed clientsets + some cr, admission webhooks, v1/v2 CRDs, 2026-09
promop        github.com/prometheus-operator/prometheus-operator v0.85.0 # client-go informers style with its own generated clientset (nested ./pkg/apis/monitoring, ./pkg/client), v1/v1alpha1 CRDs, 2025-08
rollouts      github.com/argoproj/argo-rollouts               v1.10.1   # client-go listers/informers, typed clientsets without cr, UpdateStatus-heavy controllers, 2026-10
eso           github.com/external-secrets/external-secrets     v0.16.2   # kubebuilder (cr v0.20), webhooks, v1/v1beta1/v1alpha1 CRDs with conversion, many providers, 2025-05
trainer       github.com/kubeflow/trainer/v2                  v2.0.0    # small kubebuilder project (cr v0.20), webhooks, one API version, 2025-07
kuberay       github.com/ray-project/kuberay/ray-operator     v1.5.0    # mid-size kubebuilder project (cr v0.22), webhooks, v1/v1alpha1 APIs, batch-style controllers, 2025-11
END
)

want=("$@")
selected() {
  [ ${#want[@]} -eq 0 ] && return 0
  local n; for n in "${want[@]}"; do [ "$n" = "$1" ] && return 0; done
  return 1
}

step() { printf '\n[newcorpus %s] %s\n' "$(date +%H:%M:%S)" "$*"; }

# copy_member NAME MODULE VERSION: the module zip's tree at DEST/NAME.
copy_member() {
  local name=$1 mod=$2 ver=$3 json src dir=$DEST/$1
  json=$(go mod download -json "$mod@$ver")
  if grep -q '"Error"' <<<"$json"; then echo "$json"; return 1; fi
  src=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p' <<<"$json")
  if [ "${FORCE:-0}" != 1 ] && [ -f "$dir/.corpus-source" ] && [ "$(cat "$dir/.corpus-source")" = "$mod@$ver" ]; then
    step "$name: $dir already holds $mod@$ver, not copying"
    return 0
  fi
  step "$name: copy $src -> $dir"
  rm -rf "$dir"
  cp -r "$src" "$dir"
  chmod -R u+w "$dir"
  echo "$mod@$ver" > "$dir/.corpus-source"
}

# nested_modules DIR: "module ./rel" for each local replace in DIR/go.mod.
nested_modules() {
  sed -n 's/^[[:space:]]*\(replace[[:space:]]\+\)\?\([^[:space:]]\+\)\([[:space:]]\+v[^[:space:]]*\)\?[[:space:]]\+=>[[:space:]]\+\(\.\/[^[:space:]]*\)[[:space:]]*$/\2 \4/p' "$1/go.mod"
}

# fetch_nested NAME VERSION: nested modules wired in with `replace X => ./sub`
# are not in the parent's zip; fetch X at the member's version into ./sub.
fetch_nested() {
  local name=$1 ver=$2 dir=$DEST/$1 sub rel subdir
  while read -r sub rel; do
    [ -n "$sub" ] || continue
    if [ -f "$dir/$rel/go.mod" ]; then step "$name: nested module $sub already at $rel"; continue; fi
    step "$name: nested module $sub@$ver -> $rel"
    subdir=$(go mod download -json "$sub@$ver" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
    [ -n "$subdir" ] || { echo "cannot fetch $sub@$ver"; return 1; }
    rm -rf "${dir:?}/$rel"; mkdir -p "$(dirname "$dir/$rel")"   # ./pkg/apis/monitoring: pkg/apis may not exist
    cp -r "$subdir" "$dir/$rel"; chmod -R u+w "$dir/$rel"
  done < <(nested_modules "$dir")
}

# list_and_build NAME: record loadable packages of the root module and of each
# nested module it replaces into itself, then build them.
list_and_build() {
  local name=$1 dir=$DEST/$1 mdir rel
  for mdir in "$dir" $(find "$dir" -mindepth 2 -name go.mod -not -path '*/testdata/*' -not -path '*/vendor/*' -printf '%h\n'); do
    rel=${mdir#"$dir"}; rel=.${rel}
    [ "$mdir" = "$dir" ] || grep -q "=> *$rel\b" "$dir/go.mod" || continue
    ( cd "$mdir"
      go list -e -f '{{if or .Error .DepsErrors}}{{.ImportPath}}{{end}}' ./... 2>/dev/null | sed '/^$/d' > .corpus-unloadable
      go list -e -f '{{if not (or .Error .DepsErrors)}}{{.ImportPath}}{{end}}' ./... 2>/dev/null | sed '/^$/d' > .corpus-loadable
      if [ -s .corpus-unloadable ]; then
        echo "WARNING: $name/$rel: $(wc -l < .corpus-unloadable) of $(( $(wc -l < .corpus-unloadable) + $(wc -l < .corpus-loadable) )) packages unloadable:"
        sed 's/^/    /' .corpus-unloadable
      fi
      if [ "${SKIP_BUILD:-0}" != 1 ]; then
        step "$name: go build ($rel, $(wc -l < .corpus-loadable) loadable packages)"
        # Test-only packages (no non-test files) are loaded and vetted, not built.
        go list -e -f '{{if and (not (or .Error .DepsErrors)) .GoFiles}}{{.ImportPath}}{{end}}' ./... 2>/dev/null | sed '/^$/d' | xargs go build
      fi ) || { echo "go build failed for $name ($rel)"; return 1; }
  done
}

fail=0
while read -r name mod ver _; do
  [ -z "$name" ] && continue
  selected "$name" || continue
  step "$name: $mod@$ver"
  copy_member "$name" "$mod" "$ver" || { fail=1; continue; }
  fetch_nested "$name" "$ver" || { fail=1; continue; }
  step "$name: go mod download (all deps)"
  (cd "$DEST/$name" && go mod download) || echo "WARNING: $name: go mod download reported errors (see above)"
  list_and_build "$name" || fail=1
  step "$name: done ($(wc -l < "$DEST/$name/.corpus-loadable") loadable packages in root module)"
done <<<"$MEMBERS"

step "done; failures: $fail"
exit $fail
