#!/usr/bin/env bash
# Regression set of real historical operator bugs (scripts/history/README.md).
#
#   go build -o /tmp/opvet ./cmd/opvet
#   scripts/history/run.sh /tmp/opvet /tmp/hist-out            # every bug of bugs.tsv
#   FORCE=1 scripts/history/run.sh /tmp/opvet /tmp/hist-out ID...  # re-run only these bugs
#
# For each bug of bugs.tsv (or only the given ids): extract work trees at the buggy and
# fixed commits, run OPVET with only the bug's check on the bug's package pattern in both,
# and judge the results with eval.py: OUTDIR/results.tsv (per bug) and OUTDIR/summary.md
# (per check, then per bug; printed at the end), always over every bug that has a result
# in OUTDIR, so a partial re-run regenerates the whole summary.
#
# Exit status: 0 when no bug's fixed commit has a finding of the bug's check in a function
# that held a bug site (a "NOISY" fix: a false positive on code known to be correct), 1
# when one has; misses are expected and only reported. With BASELINE=results.tsv of an
# earlier run, a bug found (or partly found) there and not (or less) found now is a
# failure too. 2: usage error.
#
# Environment:
#   MIRROR   git dirs, MIRROR/<owner>+<name>/repo; a missing one is cloned there from
#            GitHub (git clone --bare --filter=blob:none; blobs are fetched when a tree is
#            extracted, so it needs the network) (default: CACHE/repos)
#   GIT_BASE where to clone from: GIT_BASE/<owner>/<name> (default https://github.com)
#   TREES    extracted work trees, one per repository and commit (default: CACHE/trees)
#   CACHE    ${XDG_CACHE_HOME:-$HOME/.cache}/opvet-history; also holds the funcat binary
#   FORCE=1  re-run bugs that already have results in OUTDIR (otherwise it resumes)
#   TIMEOUT  seconds per opvet run (default 1800)
#   BASELINE results.tsv of an earlier run: fail on bugs found less than there
#   REVERSE=1 walk the list bottom-up: two workers can share one OUTDIR (a bug is claimed
#            with mkdir OUTDIR/.locks/ID; a lock left by a killed run: remove it by hand)
#   VSFULL=1 run versionskew on the real work tree, not on a go.mod-only stub module
#   HALF=tune|test  run only the bugs of that half (halves.tsv, written by split.py);
#            the summary still covers every bug that has a result in OUTDIR
#   SHOW_TEST=1 name the test half's bugs in the summary and the failures too (by
#            default they are counted, not named: scripts/history/README.md, "Halves")
#
# A check the binary lacks gives NOCHECK (older binaries). Every failure is recorded and
# the loop goes on. Needs bash, git, go, python3 and GNU coreutils.
#
# bugs.tsv columns: id class repo buggy fixed moddir pkg expected evidence shape msg [flags]
#   class: the opvet check; moddir/pkg may be "buggy|fixed"; expected is
#   "file:line;file:line" (lines of the buggy commit), a site may list alternatives
#   "a:1|b:2"; msg is an optional regex the finding's message must match; flags (column
#   12, may be absent): extra opvet flags (e.g. -removedapis.target-kubernetes=1.25); a
#   -tags=... there is given to the go command instead (GOFLAGS: build tags the package needs).
set -u
usage() { echo "usage: run.sh OPVET OUTDIR [ID...]" >&2; exit 2; }
[ $# -ge 2 ] || usage
HERE=$(cd "$(dirname "$0")" && pwd)
OPVET=$(readlink -f "$1")
[ -x "$OPVET" ] || { echo "run.sh: $1 is not an executable" >&2; usage; }
OUT=$(mkdir -p "$2" && cd "$2" && pwd) || usage
shift 2
ONLY=" $* "
CACHE=${CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/opvet-history}
MIRROR=${MIRROR:-$CACHE/repos}
TREES=${TREES:-$CACHE/trees}
TIMEOUT=${TIMEOUT:-1800}
GIT_BASE=${GIT_BASE:-https://github.com}
export GOTOOLCHAIN=local GOSUMDB=off GONOSUMDB='*' GOFLAGS=
mkdir -p "$TREES" "$MIRROR" "$CACHE"

# funcat (file:line -> the function or declaration that holds it) for eval.py
FUNCAT=$CACHE/funcat
go build -C "$HERE/funcat" -o "$FUNCAT" . || { echo "run.sh: cannot build $HERE/funcat" >&2; exit 2; }

# checks this binary has: the analyzers listed by `OPVET help` ("Checks:" table, or
# "Registered analyzers:" of older binaries), else the dot-less names of `OPVET -flags`.
CHECKS=" $("$OPVET" help 2>&1 | awk '/^Registered analyzers:/{on=1;next} /^Checks:/{on=2;next} on==2&&$1=="check"&&$2=="default"{next} on&&/^[[:space:]]*$/&&n{exit} on&&NF{print $1;n++}' | tr '\n' ' ') "
if [ "$CHECKS" = "  " ]; then
	CHECKS=" $("$OPVET" -flags 2>/dev/null | jq -r '.[].Name' 2>/dev/null | grep -v '\.' | tr '\n' ' ') "
fi
echo "checks of $OPVET:$CHECKS" >&2

gitdir() { # repo commit... -> a git dir holding the commits (cloned into MIRROR when absent)
	local repo=$1 g c tmp
	shift
	g=$MIRROR/${repo/\//+}/repo
	if [ ! -d "$g" ]; then
		echo "cloning $GIT_BASE/$repo into $g" >&2
		mkdir -p "$(dirname "$g")"
		tmp=$g.tmp.$$
		git clone -q --bare --filter=blob:none "$GIT_BASE/$repo" "$tmp" >&2 || { rm -rf "$tmp"; return 1; }
		mv -T "$tmp" "$g" 2>/dev/null || rm -rf "$tmp" # another worker was first
	fi
	for c in "$@"; do
		git --git-dir="$g" cat-file -e "$c^{commit}" 2>/dev/null && continue
		git --git-dir="$g" fetch -q origin "$c" >&2 || return 1
	done
	echo "$g"
}

tree() { # repo commit -> path of a work tree at commit (extracted once)
	local repo=$1 c=$2 d g
	d=$TREES/${repo/\//+}@${c:0:12}
	if [ ! -f "$d/.extracted" ]; then
		g=$(gitdir "$repo" "$c") || { echo "no commit $c of $repo" >&2; return 1; }
		rm -rf "$d" && mkdir -p "$d"
		if ! ( set -o pipefail; git --git-dir="$g" archive "$c" | tar -x -C "$d" ) 2>"$d.err"; then
			# blobs missing from a snapshot (large files): write the others
			rm -rf "$d" && mkdir -p "$d"
			if ! python3 "$HERE/extract.py" "$g" "$c" "$d" 2>>"$d.err"; then
				echo "extract failed: $repo $c" >&2
				return 1
			fi
		fi
		touch "$d/.extracted"
	fi
	echo "$d"
}

gomodtree() { # repo commit moddir -> stub module with the commit's go.mod/go.sum at the root
	local repo=$1 c=$2 md=${3:-.} d g
	d=$TREES/${repo/\//+}@${c:0:12}-gomod
	if [ ! -f "$d/.extracted" ]; then
		g=$(gitdir "$repo" "$c") || { echo "no commit $c of $repo" >&2; return 1; }
		rm -rf "$d" && mkdir -p "$d"
		git --git-dir="$g" show "$c:${md#./}/go.mod" >"$d/go.mod" 2>/dev/null || git --git-dir="$g" show "$c:go.mod" >"$d/go.mod" || return 1
		git --git-dir="$g" show "$c:${md#./}/go.sum" >"$d/go.sum" 2>/dev/null || true
		# local replacements (=> ./api): their go.mod, so the module graph loads
		grep -oE '=>[[:space:]]*\.{1,2}/[^[:space:]]+' "$d/go.mod" | sed 's/=>[[:space:]]*//' | while read -r p; do
			mkdir -p "$d/$p"
			git --git-dir="$g" show "$c:$(cd / && realpath -m --relative-to=/ "/${md#./}/$p")/go.mod" >"$d/$p/go.mod" 2>/dev/null || true
		done
		printf 'package opvetstub\n' >"$d/opvetstub.go"
		touch "$d/.extracted"
	fi
	echo "$d"
}

gopathtree() { # tree -> GOPATH whose src holds a hard-linked copy of the tree at the import path
	# its own packages use (a tree of the GOPATH era: no go.mod, a vendor directory); nothing
	# when that path cannot be told
	local t=$1 gp ip
	gp=$t.gopath
	if [ ! -f "$gp/.made" ]; then
		ip=$(python3 "$HERE/importpath.py" "$t") || return 1
		[ -n "$ip" ] || return 1
		rm -rf "$gp" && mkdir -p "$gp/src/$ip" && cp -al "$t/." "$gp/src/$ip/" || return 1
		echo "$ip" >"$gp/.made"
	fi
	echo "$gp"
}

modstub() { # moddir module: replace module in moddir's go.mod by a stub module (stubs/MODULE
	# when the runner has one, with the packages old code imports; else an empty module)
	local stub=$HERE/stubs/$2
	grep -qF "replace $2 =>" "$1/go.mod" && return 1
	if [ ! -f "$stub/go.mod" ]; then
		stub=$CACHE/stubs/$2
		mkdir -p "$stub" && printf 'module %s\n\ngo 1.12\n' "$2" >"$stub/go.mod"
	fi
	printf '\nreplace %s => %s\n' "$2" "$stub" >>"$1/go.mod"
}

modgit() { # moddir module version: replace module in moddir's go.mod by its source at the tag of
	# that version in MIRROR's git dir (github.com/owner/name only), when there is one: a module
	# the proxy refuses to serve whole (.zip: 403) that the package really imports
	local on=${2#github.com/} g d
	[ "$on" != "$2" ] && [[ $on == */* ]] && [[ $on != */*/* ]] || return 1
	grep -qF "replace $2 =>" "$1/go.mod" && return 1
	g=$MIRROR/${on/\//+}/repo d=$CACHE/modsrc/${on/\//+}@$3
	[ -d "$g" ] || return 1
	if [ ! -f "$d/go.mod" ]; then
		rm -rf "$d" && mkdir -p "$d"
		git --git-dir="$g" archive "$3" | tar -x -C "$d" || { rm -rf "$d"; return 1; }
	fi
	printf '\nreplace %s => %s\n' "$2" "$d" >>"$1/go.mod"
}

attempt() { # one opvet run, with run_one's locals (dynamic scope): dir gopath gowork flags tags check xflags pkg o
	# shellcheck disable=SC2086 # xflags and pkg are lists of words
	(cd "$dir" && GOPATH=$gopath GOWORK=$gowork GOFLAGS="$flags${tags:+ $tags}" timeout "$TIMEOUT" "$OPVET" "-$check" $xflags $pkg) </dev/null >"$o.out" 2>"$o.err"
	echo $? >"$o.rc"
}

run_one() { # id check tree moddir pkg label [extra flags]
	local id=$1 check=$2 t=$3 moddir=$4 pkg=$5 label=$6 xflags=${7:-} dir flags tags= w rest=
	for w in $xflags; do # -tags=... in the flags column: build tags, for the go command (GOFLAGS)
		case $w in -tags=*) tags=$w ;; *) rest="$rest $w" ;; esac
	done
	xflags=${rest# }
	local o=$OUT/$id/$label
	[ -z "${FORCE:-}" ] && [ -f "$o.rc" ] && return 0
	mkdir -p "$OUT/$id"
	rm -f "$o.out" "$o.err" "$o.rc" "$o.dir" "$o.deperr"
	dir=$t/$moddir
	if [ ! -d "$dir" ]; then
		echo "no module dir $moddir" >"$o.err"
		echo 1 >"$o.rc"
		return 0
	fi
	flags=-mod=mod
	[ -f "$dir/vendor/modules.txt" ] && flags=-mod=vendor
	# workspace mode (a go.work at the tree root) refuses -mod=mod
	[ -f "$t/go.work" ] && flags=
	local gopath=${GOPATH:-$(go env GOPATH)} gp
	if [ ! -f "$t/go.mod" ] && [ ! -f "$dir/go.mod" ] && [ -d "$t/vendor" ] && gp=$(gopathtree "$t"); then
		# GOPATH era: opvet loads a tree inside a GOPATH's src in GOPATH mode
		dir=$gp/src/$(cat "$gp/.made")/$moddir gopath=$gp flags=
	fi
	local gowork=${GOWORK:-}
	echo "== $id $label: (cd $dir && GOPATH=$gopath GOFLAGS=\"$flags${tags:+ $tags}\" $OPVET -$check $xflags $pkg)" >&2
	attempt
	if [ "$(cat "$o.rc")" != 0 ] && [ "$flags" = -mod=vendor ] && grep -q 'import lookup disabled by -mod=vendor' "$o.err"; then
		# the commit's vendor/ lacks a package it imports (its authors built with -mod=mod):
		# the module proxy serves what go.mod names
		flags=-mod=mod
		echo "== $id $label: again with GOFLAGS=$flags (vendor/ incomplete)" >&2
		attempt
	fi
	if [ "$(cat "$o.rc")" != 0 ] && grep -q 'listed in go.work file' "$o.err"; then
		# the go.work names a module the commit does not hold (generated code): one module alone
		gowork=off flags=-mod=mod
		echo "== $id $label: again with GOWORK=off GOFLAGS=$flags (go.work names a missing module)" >&2
		attempt
	fi
	local refused tries=0
	while [ "$(cat "$o.rc")" != 0 ] && [ "$flags" != -mod=vendor ] && [ $tries -lt 6 ] &&
		refused=$(grep -oE 'reading https://[^ ]+/@v/[^ ]+\.mod: 403' "$o.err" | head -1 | sed -E 's|reading https://[^/]+/||; s|/@v/.*||') &&
		[ -n "$refused" ] && modstub "$dir" "$refused"; do
		# the module proxy refuses a module that an old dependency requires (its module graph
		# only, such as vbom.ml/util of old kubectl): replaced by a stub, and run again
		tries=$((tries + 1))
		echo "== $id $label: again with $refused replaced by a stub" >&2
		attempt
	done
	while [ "$(cat "$o.rc")" != 0 ] && [ "$flags" != -mod=vendor ] && [ $tries -lt 6 ] &&
		refused=$(grep -oE 'reading https://[^ ]+/@v/[^ ]+\.zip: 403' "$o.err" | head -1 | sed -E 's|reading https://[^/]+/||; s|\.zip: 403$||') &&
		[ -n "$refused" ] && modgit "$dir" "${refused%%/@v/*}" "${refused##*/@v/}"; do
		# the proxy refuses the source of a module the package imports: its tag from the mirror
		tries=$((tries + 1))
		echo "== $id $label: again with ${refused%%/@v/*} from its git tag ${refused##*/@v/}" >&2
		attempt
	done
	echo "$dir" >"$o.dir"
	# Some opvet versions exit 0 without a word when a *dependency* of the package does not
	# type-check (the package is silently not analysed): record the dependencies' load
	# errors, so that eval.py tells LOAD ERROR from MISSED.
	if [ "$(cat "$o.rc")" = 0 ]; then
		# shellcheck disable=SC2086
		local mode=
		[ "$gopath" != "${GOPATH:-$(go env GOPATH)}" ] && mode=off
		(cd "$dir" && GOPATH=$gopath GO111MODULE=$mode GOWORK=$gowork GOFLAGS="$flags${tags:+ $tags}" timeout 600 go list -e -deps -export -f '{{if .Error}}{{.ImportPath}}: {{.Error}}{{end}}' $pkg) </dev/null 2>&1 | grep -v '^$' | head -20 >"$o.deperr.tmp"
		if [ -s "$o.deperr.tmp" ]; then mv "$o.deperr.tmp" "$o.deperr"; else rm -f "$o.deperr.tmp"; fi
	fi
}

failed() { # id label message: record a run that could not start (no .rc: the next run retries)
	mkdir -p "$OUT/$1"
	rm -f "$OUT/$1/$2.rc" "$OUT/$1/$2.tree"
	echo "$3" >"$OUT/$1/$2.err"
}

# the half of each repository (halves.tsv), for HALF
declare -A REPOHALF=()
if [ -f "$HERE/halves.tsv" ]; then
	while IFS=$'\t' read -r hrepo hhalf _; do REPOHALF[$hrepo]=$hhalf; done < <(tail -n +2 "$HERE/halves.tsv")
fi
case ${HALF:-} in
"" | tune | test) ;;
*) echo "run.sh: HALF is tune or test, not $HALF" >&2; usage ;;
esac
[ -n "${HALF:-}" ] && [ ${#REPOHALF[@]} -eq 0 ] && { echo "run.sh: HALF needs $HERE/halves.tsv (run split.py)" >&2; exit 2; }

mkdir -p "$OUT/.locks"
if [ -n "${REVERSE:-}" ]; then LIST() { tail -n +2 "$HERE/bugs.tsv" | tac; }; else LIST() { tail -n +2 "$HERE/bugs.tsv"; }; fi
# fields are split on \x1f, not on tabs: IFS whitespace (tab) would merge empty columns
# shellcheck disable=SC2034 # evidence and shape are for readers of bugs.tsv
LIST | tr '\t' '\037' | while IFS=$'\037' read -r id check repo buggy fixed moddir pkg expected evidence shape msg xflags; do
	[ -z "$id" ] && continue
	case $id in \#*) continue ;; esac
	[ "$ONLY" != "  " ] && [[ $ONLY != *" $id "* ]] && continue
	[ -n "${HALF:-}" ] && [ "${REPOHALF[$repo]:-}" != "$HALF" ] && continue
	if [ -z "${FORCE:-}" ] && [ -f "$OUT/$id/buggy.rc" ] && [ -f "$OUT/$id/fixed.rc" ]; then continue; fi
	if ! mkdir "$OUT/.locks/$id" 2>/dev/null; then
		echo "skipping $id: locked by another worker ($OUT/.locks/$id)" >&2
		continue
	fi
	if [[ $CHECKS != *" $check "* ]]; then
		mkdir -p "$OUT/$id"
		echo "NOCHECK" >"$OUT/$id/nocheck"
		rmdir "$OUT/.locks/$id"
		continue
	fi
	rm -f "$OUT/$id/nocheck"
	pb=${pkg%%|*} pf=${pkg##*|}
	mb=${moddir%%|*} mf=${moddir##*|}
	if [ "$check" = versionskew ] && [ -z "${VSFULL:-}" ]; then
		# versionskew only reads go.mod: run it on a stub module holding the commit's go.mod
		# and go.sum (and the go.mod of directories it replaces into itself) and one empty
		# package, instead of type-checking the operator (minutes of compiling per commit).
		if tb=$(gomodtree "$repo" "$buggy" "$mb"); then
			run_one "$id" "$check" "$tb" . . buggy "$xflags"
			echo "$tb" >"$OUT/$id/buggy.tree"
		else failed "$id" buggy "extract failed: $repo $buggy"; fi
		if tf=$(gomodtree "$repo" "$fixed" "$mf"); then
			run_one "$id" "$check" "$tf" . . fixed "$xflags"
			echo "$tf" >"$OUT/$id/fixed.tree"
		else failed "$id" fixed "extract failed: $repo $fixed"; fi
	else
		if tb=$(tree "$repo" "$buggy"); then
			run_one "$id" "$check" "$tb" "$mb" "$pb" buggy "$xflags"
			echo "$tb" >"$OUT/$id/buggy.tree"
		else failed "$id" buggy "extract failed: $repo $buggy"; fi
		if tf=$(tree "$repo" "$fixed"); then
			run_one "$id" "$check" "$tf" "$mf" "$pf" fixed "$xflags"
			echo "$tf" >"$OUT/$id/fixed.tree"
		else failed "$id" fixed "extract failed: $repo $fixed"; fi
	fi
	rmdir "$OUT/.locks/$id"
done

EVAL=(python3 "$HERE/eval.py")
[ -n "${SHOW_TEST:-}" ] && EVAL+=(--show-test)
"${EVAL[@]}" "$HERE/bugs.tsv" "$OUT" "$FUNCAT" >"$OUT/results.tsv.tmp" && mv "$OUT/results.tsv.tmp" "$OUT/results.tsv"
"${EVAL[@]}" --summary "$HERE/bugs.tsv" "$OUT" "$FUNCAT" >"$OUT/summary.md.tmp" && mv "$OUT/summary.md.tmp" "$OUT/summary.md"
cat "$OUT/summary.md"
"${EVAL[@]}" --check ${BASELINE:+--baseline "$BASELINE"} "$HERE/bugs.tsv" "$OUT" "$FUNCAT"
