#!/usr/bin/env bash
# Runs every opvet check on every member of the field-test corpus, in the
# standalone driver and through go vet -vettool, and writes the findings.
#
#   ../shared/corpus/setup.sh /tmp/corpus          # once: fetch and build the corpus
#   scripts/field-test.sh /tmp/corpus /tmp/field     # then: findings under /tmp/field
#   scripts/field-test.sh /tmp/corpus /tmp/field capi  # only the members named
#
# For each member (and each nested module its go.mod replaces into
# itself) it writes <out>/<member>[-<sub>].opvet.txt and .vet.txt, and prints
# per-check counts for both drivers and the wall time of each run.
set -uo pipefail
CORPUS=${1:?usage: field-test.sh CORPUS OUT}
OUT=${2:?usage: field-test.sh CORPUS OUT [MEMBER...]}
shift 2
want=("$@")
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export GOTOOLCHAIN=local GOFLAGS="-buildvcs=false -mod=mod"
go build -C "$ROOT" -o "$OUT/opvet" ./cmd/opvet || exit 1
OPVET=$OUT/opvet
# Check names, to tell findings from compiler errors of the same shape.
CHECKS=$("$OPVET" help 2>&1 | sed -n 's/^  \([A-Za-z0-9]*\)  *\(on\|off\)  .*/\1/p' | paste -sd'|')

count() { # file -> "check=N ..." for lines "path:line:col: check: message"
  sed -n 's/^[^ ]*:[0-9]*:[0-9]*: \([A-Za-z0-9]*\): .*/\1/p' "$1" | grep -xE "$CHECKS" | sort | uniq -c | awk '{printf "%s=%s ", $2, $1}'
}

run_module() { # dir label
  local dir=$1 label=$2 start
  start=$(date +%s)
  (cd "$dir" && "$OPVET" ./... > "$OUT/$label.opvet.raw" 2>&1); local rc=$?
  local t1=$(( $(date +%s) - start ))
  start=$(date +%s)
  # go vet stops at the first package whose module cannot be downloaded:
  # give it the packages that setup.sh found loadable, when it listed them.
  local pkgs=./...
  [ -s "$dir/.corpus-unloadable" ] && pkgs=$(cat "$dir/.corpus-loadable")
  (cd "$dir" && go vet -vettool="$OPVET" $pkgs > "$OUT/$label.vet.raw" 2>&1)
  local t2=$(( $(date +%s) - start ))
  for d in opvet vet; do
    # Keep findings (paths made relative), and load or internal errors.
    sed "s#^$dir/##; s#^\./##" "$OUT/$label.$d.raw" | grep -E "^[^ #]+:[0-9]+:[0-9]+: ($CHECKS): " | sort -u > "$OUT/$label.$d.txt"
    grep -iE 'panic|internal error' "$OUT/$label.$d.raw" > "$OUT/$label.$d.errors" || true
  done
  printf '%-22s opvet exit %s in %4ss: %s\n' "$label" "$rc" "$t1" "$(count "$OUT/$label.opvet.txt")"
  printf '%-22s go vet       in %4ss: %s\n' "$label" "$t2" "$(count "$OUT/$label.vet.txt")"
  if [ -s "$OUT/$label.opvet.errors" ] || [ -s "$OUT/$label.vet.errors" ]; then
    echo "  PANIC or internal error: see $OUT/$label.*.errors"
  fi
}

for member in "$CORPUS"/*/; do
  member=${member%/}; name=$(basename "$member")
  [ -f "$member/go.mod" ] || continue
  if [ ${#want[@]} -gt 0 ] && [[ " ${want[*]} " != *" $name "* ]]; then continue; fi
  run_module "$member" "$name"
  # Nested modules the member's go.mod replaces into itself (`X => ./sub`):
  # capi's ./api, prometheus-operator's ./pkg/apis/monitoring and ./pkg/client.
  for sub in $(sed -n 's#^[[:space:]]*\(replace[[:space:]]\+\)\?[^[:space:]]\+\([[:space:]]\+v[^[:space:]]*\)\?[[:space:]]\+=>[[:space:]]\+\./\([^[:space:]]*\)[[:space:]]*$#\3#p' "$member/go.mod"); do
    [ -f "$member/$sub/go.mod" ] && run_module "$member/$sub" "$name-${sub//\//-}"
  done
done
