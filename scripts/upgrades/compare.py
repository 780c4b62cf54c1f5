#!/usr/bin/env python3
"""Judge opvet's upgrade plan for one pull request's base against the pull request's Go changes.

compare.py CASEDIR ID KIND     prints "ID: ..." and the misses and other predictions
compare.py --summary OUTDIR    one TSV line per case from OUTDIR/<id>.txt

A change is one hunk of the pull request's -U0 diff in a Go file that is not generated
(zz_generated*, *_generated.go, *.pb.go, "Code generated ... DO NOT EDIT") nor vendored,
leaving out hunks that only touch imports, comments or blank lines or only re-indent;
its lines are the base's lines it deletes (an insertion: the lines before and after it).
A change is predicted when opvet reports a code change (apimigration, removedapis) on
one of its lines; a prediction is confirmed when it is on a changed line. Predictions elsewhere and misses are listed for a person to judge
(unrelated changes in the pull request, code that still needed changing).
"""
import glob
import json
import os
import re
import subprocess
import sys

GEN = re.compile(r"(zz_generated|_generated\.go$|\.pb\.go$|/vendor/|^vendor/)")
IMPORTISH = re.compile(r'^\s*(\w+\s+|\.\s+|_\s+)?"[^"]+"\s*$|^\s*import\s')


def generated(tree, path):
    if GEN.search(path):
        return True
    try:
        with open(os.path.join(tree, path), errors="replace") as f:
            head = f.read(4000)
    except OSError:
        return False
    return "Code generated" in head and "DO NOT EDIT" in head


def norm(line):
    return re.sub(r"\s+", "", line)


def changed_units(case):
    """The pull request's changes: one per diff hunk of a non-generated Go file,
    without hunks that only touch imports, comments or blank lines, or that only
    re-indent (the same lines, whitespace aside, deleted and added). A unit holds
    the base's lines the hunk deletes, or the lines around an insertion."""
    tree = os.path.join(case, "tree")
    units, hunk, cur = [], None, None

    def flush():
        if hunk is None:
            return
        f, a, dels, adds = hunk

        def code(lines):
            return [norm(x) for x in lines if x.strip() and not x.strip().startswith("//") and not IMPORTISH.match(x)
                    and x.strip() not in ("import (", ")")]
        d, ad = code(dels), code(adds)
        if not d and not ad:
            return
        if sorted(d) == sorted(ad):
            return  # re-indented or reordered only
        lines = {a + i for i in range(len(dels))} if dels else {a, a + 1}
        text = (dels[0] if dels else "+" + adds[0]).strip()
        units.append((f, lines, text))

    for line in open(os.path.join(case, "diff.txt"), errors="replace"):
        if line.startswith("diff --git"):
            flush()
            hunk = None
            cur = line.split(" b/")[-1].strip()
            if generated(tree, cur):
                cur = None
        elif line.startswith("@@") and cur:
            flush()
            m = re.match(r"@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@", line)
            hunk = [cur, int(m.group(1)), [], []]
        elif hunk is not None and line.startswith("-") and not line.startswith("---"):
            hunk[2].append(line[1:].rstrip("\n"))
        elif hunk is not None and line.startswith("+") and not line.startswith("+++"):
            hunk[3].append(line[1:].rstrip("\n"))
    flush()
    return units


def predictions(case):
    preds, errors = [], []
    for p in sorted(glob.glob(os.path.join(case, "plan-*.json"))):
        mod = os.path.basename(p)[len("plan-"):-len(".json")].replace("_", "/")
        mod = "" if mod in (".", "") else mod.lstrip("./") + "/"
        try:
            plan = json.load(open(p))
        except (OSError, ValueError) as e:
            errors.append(f"{p}: {e}")
            continue
        errors += plan.get("errors") or []
        for g in plan["code"]:
            for f in g["findings"]:
                preds.append((mod + f["file"], f["line"], f["message"]))
    return preds, errors


def constructs(tree, places):
    """The function or declaration that holds each file:line (scripts/history/funcat;
    FUNCAT names its binary), or {} when it is not available."""
    funcat = os.environ.get("FUNCAT", "")
    if not funcat or not places:
        return {}
    args = [f"{f}:{l}" for f, l in places]
    try:
        out = subprocess.run([funcat] + args, cwd=tree, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return {}
    keys = out.splitlines()
    return {p: k for p, k in zip(places, keys) if k.startswith(("func:", "decl:"))}


def judge(case, ident, kind):
    units = changed_units(case) if kind == "code" else []
    preds, errors = predictions(case)
    at = {(f, l) for f, l, _ in preds}
    hit = [u for u in units if any((u[0], l) in at for l in u[1])]
    # A change in a function or declaration where opvet reported another change
    # (the returns of a method whose signature it reported).
    places = sorted({(u[0], min(u[1])) for u in units} | at)
    key = constructs(os.path.join(case, "tree"), places)
    reported = {(p[0], key[p]) for p in at if p in key}
    near = [u for u in units if u not in hit and (u[0], key.get((u[0], min(u[1])), "")) in reported]
    changed = {(u[0], l) for u in units for l in u[1]}
    good = [p for p in preds if (p[0], p[1]) in changed]
    print(f"{ident}: kind {kind}, changes {len(units)}, predicted {len(hit)}, in a reported function {len(near)}, predictions {len(preds)}, on changed lines {len(good)}, load errors {len(errors)}")
    for u in units:
        if u in near:
            print(f"  NEAR {u[0]}:{min(u[1])}: {u[2][:140]}")
        elif u not in hit:
            print(f"  MISS {u[0]}:{min(u[1])}: {u[2][:140]}")
    for p in preds:
        if (p[0], p[1]) not in changed:
            print(f"  OTHER {p[0]}:{p[1]}: {p[2][:200]}")
    for e in errors[:5]:
        print(f"  ERROR {e[:200]}")


def summary(out):
    print("id\tkind\tchanges\tpredicted\tnear\tpredictions\ton_changed\tload_errors")
    for path in sorted(glob.glob(os.path.join(out, "*.txt"))):
        first = open(path).readline()
        m = re.match(r"(\S+): kind (\w+), changes (\d+), predicted (\d+), in a reported function (\d+), predictions (\d+), on changed lines (\d+), load errors (\d+)", first)
        if m:
            print("\t".join(m.groups()))


if __name__ == "__main__":
    if sys.argv[1] == "--summary":
        summary(sys.argv[2])
    else:
        judge(sys.argv[1], sys.argv[2], sys.argv[3])
