#!/usr/bin/env bash
# Regression set of real controller-runtime upgrades (scripts/upgrades/README.md).
#
#   go build -o /tmp/opvet ./cmd/opvet
#   scripts/upgrades/run.sh /tmp/opvet /tmp/upgrades-out          # every case of cases.tsv
#   scripts/upgrades/run.sh /tmp/opvet /tmp/upgrades-out ID...    # only these
#
# For each case: extract the pull request's base (the merge's first parent), run
# `opvet upgrade -controller-runtime=<target> -json ./...` in every module of the tree that
# requires controller-runtime, save the pull request's Go diff, and judge both with
# compare.py: OUTDIR/<id>.txt per case and OUTDIR/summary.tsv.
#
# Environment (as scripts/history/run.sh):
#   MIRROR   git dirs, MIRROR/<owner>+<name>/repo; a missing one is cloned there from
#            GitHub (default: CACHE/repos)
#   GIT_BASE where to clone from (default https://github.com)
#   CACHE    ${XDG_CACHE_HOME:-$HOME/.cache}/opvet-upgrades
#   TIMEOUT  seconds per opvet run (default 1500)
#
# cases.tsv columns: id repo merge target kind note
#   merge: the commit that merged the pull request (a merge or a squashed commit);
#   target: the controller-runtime minor the pull request moved to (v0.16);
#   kind: "code" (the pull request changed Go code: recall and precision) or "gomod"
#   (it changed go.mod only: every prediction is a false positive unless the code still
#   needed the change).
set -u
usage() { echo "usage: run.sh OPVET OUTDIR [ID...]" >&2; exit 2; }
[ $# -ge 2 ] || usage
HERE=$(cd "$(dirname "$0")" && pwd)
OPVET=$(readlink -f "$1")
[ -x "$OPVET" ] || usage
OUT=$(mkdir -p "$2" && cd "$2" && pwd) || usage
shift 2
ONLY=" $* "
CACHE=${CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/opvet-upgrades}
MIRROR=${MIRROR:-$CACHE/repos}
TIMEOUT=${TIMEOUT:-1500}
GIT_BASE=${GIT_BASE:-https://github.com}
export GOTOOLCHAIN=local GOFLAGS=-mod=mod
mkdir -p "$MIRROR"
# funcat (file:line -> the function or declaration that holds it) for compare.py
export FUNCAT=$CACHE/funcat
[ -x "$FUNCAT" ] || (cd "$HERE/../history/funcat" && GOFLAGS= go build -o "$FUNCAT" .) || unset FUNCAT

tail -n +2 "$HERE/cases.tsv" | while IFS=$'\t' read -r id repo merge target kind note; do
  [ "$ONLY" != "  " ] && [[ "$ONLY" != *" $id "* ]] && continue
  git_dir=$MIRROR/${repo/\//+}/repo
  if [ ! -d "$git_dir" ]; then
    git clone --bare --filter=blob:none "$GIT_BASE/$repo" "$git_dir" >/dev/null 2>&1 || { echo "$id: clone failed"; continue; }
  fi
  case=$OUT/$id
  rm -rf "$case" && mkdir -p "$case/tree"
  base=$(git --git-dir="$git_dir" rev-parse "$merge^1") || { echo "$id: no commit $merge"; continue; }
  git --git-dir="$git_dir" archive "$base" | tar -x -C "$case/tree"
  git --git-dir="$git_dir" diff -U0 "$base" "$merge" -- '*.go' ':!vendor/**' ':!**/vendor/**' > "$case/diff.txt"
  for gm in $(cd "$case/tree" && grep -l 'sigs.k8s.io/controller-runtime v' $(find . -name go.mod -not -path '*/vendor/*' -not -path '*/testdata/*' -not -path '*/hack/*')); do
    d=$(dirname "$gm")
    (cd "$case/tree/$d" && timeout "$TIMEOUT" "$OPVET" upgrade -controller-runtime="$target" -json ./... \
      > "$case/plan-$(echo "$d" | tr / _).json" 2> "$case/plan-$(echo "$d" | tr / _).err")
  done
  python3 "$HERE/compare.py" "$case" "$id" "$kind" > "$OUT/$id.txt"
  head -1 "$OUT/$id.txt"
done
python3 "$HERE/compare.py" --summary "$OUT" > "$OUT/summary.tsv"
cat "$OUT/summary.tsv"
