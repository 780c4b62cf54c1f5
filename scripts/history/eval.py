#!/usr/bin/env python3
"""eval.py [--summary | --check [--baseline RESULTS]] bugs.tsv OUTDIR FUNCAT: judge the runs of run.sh.

Per bug: FOUND (every expected site has a finding of the bug's check on its line or
in the same function/declaration), PARTIAL (some sites), MISSED (none), LOAD ERROR
(no hit and opvet exited 1 or timed out, or a dependency did not load), NOCHECK
(binary lacks the check), NOT RUN.
Fixed commit: SILENT (no finding of the check in the functions/declarations that held
the expected sites, matched by file and name), NOISY (some), or LOAD ERROR.
FUNCAT is the funcat binary (scripts/history/funcat): file:line -> enclosing construct.

Output: a TSV line per bug; with --summary, Markdown tables per check and per bug; with
--check, the problems (a NOISY fixed commit; with --baseline, the results.tsv of an earlier
run, a bug found less than there), exit status 1 if there is one.

Halves: halves.tsv beside bugs.tsv (written by split.py) gives each repository's half,
"tune" or "test". The TSV output has a half column; --summary prints the tables for all
bugs, then for each half, and lists single bugs of the tune half only, and --check counts
the test half's problems without naming them (the test half is for measuring, not for
reading misses: --show-test names its bugs too). --half NAME judges only the bugs of that
half.
"""
import json, os, re, subprocess, sys
from collections import OrderedDict, defaultdict

args = sys.argv[1:]
mode, baseline, only_half, show_test = "tsv", None, None, False
while args and args[0].startswith("--"):
    a = args.pop(0)
    if a == "--summary":
        mode = "summary"
    elif a == "--check":
        mode = "check"
    elif a == "--baseline" and args:
        baseline = args.pop(0)
    elif a == "--half" and args:
        only_half = args.pop(0)
        if only_half not in ("tune", "test"):
            sys.exit("eval.py: --half takes tune or test, not " + only_half)
    elif a == "--show-test":
        show_test = True
    else:
        sys.exit("eval.py: unknown option " + a)
if len(args) != 3:
    sys.exit(__doc__.splitlines()[0])
bugs_tsv, out, funcat = args

LINE = re.compile(r'^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): (?P<check>[A-Za-z0-9_]+): (?P<msg>.*)$')

def read(p):
    try:
        with open(p, errors="replace") as f:
            return f.read()
    except OSError:
        return None

_cache = {}
def keys(paths):
    """file:line -> construct key, via funcat (batched). "?" (the file is gone or the line holds no
    construct) matches nothing, not even another "?"."""
    need = [p for p in paths if p not in _cache]
    if need:
        r = subprocess.run([funcat] + need, capture_output=True, text=True)
        for p, k in zip(need, r.stdout.splitlines()):
            if k != "?":
                _cache[p] = k
    return [_cache.get(p, "?") for p in paths]

def same_construct(a, b):
    return a == b and a != "?"

def load_keys(d):
    """The construct keys judged in the row directory d before: a run may delete a row's trees once
    it is judged (to free disk), and a later run re-judges every row from its saved output."""
    try:
        with open(os.path.join(d, "funcat.json")) as f:
            for p, k in json.load(f).items():
                _cache.setdefault(p, k)
    except (OSError, ValueError):
        pass

def save_keys(d, paths):
    known = {p: _cache[p] for p in paths if p in _cache}
    if known:
        with open(os.path.join(d, "funcat.json"), "w") as f:
            json.dump(known, f, sort_keys=True)

def in_tree(fp, tree):
    """Maps a path under the GOPATH copy of a tree (TREE.gopath/src/<import path>/..., hard links made by
    run.sh for GOPATH-era trees) back to TREE, where the sites are; other paths are returned as they are."""
    if not tree:
        return fp
    prefix = os.path.realpath(tree) + ".gopath/src/"
    if not fp.startswith(prefix):
        return fp
    parts = fp[len(prefix):].split("/")
    for i in range(len(parts)):
        cand = os.path.join(tree, *parts[i:])
        if os.path.exists(cand):
            return os.path.realpath(cand)
    return fp

def findings(o, check, msgre="", tree=""):
    txt = (read(o + ".err") or "") + (read(o + ".out") or "")
    # newer opvet binaries print paths relative to the directory they ran in (OUT/ID/label.dir)
    base = (read(o + ".dir") or "").strip()
    fs = []
    for l in txt.splitlines():
        m = LINE.match(l)
        if m and m.group("check") == check and (not msgre or re.search(msgre, m.group("msg"))):
            fp = m.group("file")
            if not os.path.isabs(fp) and base:
                fp = os.path.join(base, fp)
            fs.append((in_tree(os.path.realpath(fp), tree), int(m.group("line")), m.group("msg")))
    return fs, txt

def load_error(rc, txt, deperr=None):
    if rc is None:
        return False
    if deperr:
        return True  # exit 0, but a dependency did not type-check (recorded by run.sh)
    if rc == 124:
        return True
    if rc == 1:
        # Exit 1 when only the tests of a package did not type-check: the
        # package itself was analysed, so its silence counts.
        errs = [l for l in txt.splitlines() if l.startswith("opvet: ")]
        return not errs or not all("the package was analysed without them" in l for l in errs)
    return False

def first_err(txt):
    for l in txt.splitlines():
        if LINE.match(l):
            continue
        if l.strip():
            return l.strip()[:200]
    return ""

def read_halves(path):
    """repo -> "tune"/"test" from halves.tsv; empty when there is none."""
    halves = {}
    txt = read(path)
    if txt is None:
        return halves
    for l in txt.splitlines()[1:]:
        f = l.split("\t")
        if len(f) >= 2:
            halves[f[0]] = f[1]
    return halves

halves = read_halves(os.path.join(os.path.dirname(os.path.abspath(bugs_tsv)), "halves.tsv"))
if only_half and not halves:
    sys.exit("eval.py: --half needs halves.tsv beside %s (run split.py)" % bugs_tsv)

rows = []
with open(bugs_tsv) as f:
    hdr = f.readline().rstrip("\n").split("\t")
    for l in f:
        l = l.rstrip("\n")
        if not l or l.startswith("#"):
            continue
        row = dict(zip(hdr, l.split("\t")))
        row["half"] = halves.get(row["repo"], "")
        if only_half and row["half"] != only_half:
            continue
        rows.append(row)

results = []
for b in rows:
    bid, check = b["id"], b["class"]
    d = os.path.join(out, bid)
    r = {"id": bid, "class": check, "repo": b["repo"], "half": b["half"], "result": "NOT RUN", "fixed": "", "note": "", "hits": "",
         "sites": 0, "sites_hit": 0}
    if os.path.exists(os.path.join(d, "nocheck")):
        r["result"] = "NOCHECK"; results.append(r); continue
    rcb = read(os.path.join(d, "buggy.rc")); rcf = read(os.path.join(d, "fixed.rc"))
    tb = (read(os.path.join(d, "buggy.tree")) or "").strip()
    tf = (read(os.path.join(d, "fixed.tree")) or "").strip()
    if rcb is None or not tb:
        r["note"] = first_err(read(os.path.join(d, "buggy.err")) or "")
        results.append(r); continue
    rcb = int(rcb.strip())
    sites = [s.strip() for s in b["expected"].split(";") if s.strip()]
    # a site is "file:line" or alternatives "file:line|file:line" (any one counts)
    site_paths = []   # one entry per site: list of (abs, line, rel)
    for s in sites:
        alts = []
        for a in s.split("|"):
            fpath, line = a.strip().rsplit(":", 1)
            alts.append((os.path.realpath(os.path.join(tb, fpath)), int(line), fpath))
        site_paths.append(alts)
    fsb, txtb = findings(os.path.join(d, "buggy"), check, b.get("msg", ""), tb)
    flat = [a for alts in site_paths for a in alts]
    load_keys(d)
    asked = [f"{p}:{n}" for p, n, _ in flat] + [f"{p}:{n}" for p, n, _ in fsb]
    fkeys = dict(zip([(p, n) for p, n, _ in flat], keys([f"{p}:{n}" for p, n, _ in flat])))
    find_keys = keys([f"{p}:{n}" for p, n, _ in fsb])
    # each finding serves one site: exact-line matches first, then a finding in the same
    # function/declaration that no other site used (two sites in one function need two findings)
    hit = [None] * len(site_paths)
    used = set()
    for i, alts in enumerate(site_paths):
        for (p, n, rel) in alts:
            for j, (fp, fn, msg) in enumerate(fsb):
                if j not in used and fp == p and fn == n:
                    hit[i] = (fn, True, rel); used.add(j); break
            if hit[i]:
                break
    for i, alts in enumerate(site_paths):
        if hit[i]:
            continue
        for (p, n, rel) in alts:
            k = fkeys[(p, n)]
            for j, ((fp, fn, msg), fk) in enumerate(zip(fsb, find_keys)):
                if j not in used and fp == p and same_construct(fk, k):
                    hit[i] = (fn, False, rel); used.add(j); break
            if hit[i]:
                break
    nh = sum(1 for h in hit if h)
    r["sites"], r["sites_hit"] = len(site_paths), nh
    if nh == len(sites) and sites:
        r["result"] = "FOUND"
    elif nh:
        r["result"] = "PARTIAL"
    elif load_error(rcb, txtb, read(os.path.join(d, "buggy.deperr"))):
        r["result"] = "LOAD ERROR"
        dep = "\n".join(l for l in (read(os.path.join(d, "buggy.deperr")) or "").splitlines() if not l.startswith("go: "))
        r["note"] = first_err(txtb) or ("dependency did not load: " + first_err(dep))
    else:
        r["result"] = "MISSED"
    r["hits"] = ",".join(("%s:%d%s" % (h[2], h[0], "" if h[1] else "(same func)")) if h else ("%s:-" % alts[0][2])
                         for alts, h in zip(site_paths, hit))
    if rcb == 1 and r["result"] != "LOAD ERROR":
        r["note"] = "exit 1 (some package did not load): " + first_err(txtb)
    r["other"] = len(fsb) - nh
    # fixed commit
    if rcf is None or not tf:
        r["fixed"] = "NOT RUN"
    else:
        rcf = int(rcf.strip())
        fsf, txtf = findings(os.path.join(d, "fixed"), check, b.get("msg", ""), tf)
        fk = keys([f"{p}:{n}" for p, n, _ in fsf])
        asked += [f"{p}:{n}" for p, n, _ in fsf]
        noisy = []
        for (p, n, rel) in flat:
            k = fkeys[(p, n)]
            pf = os.path.realpath(os.path.join(tf, rel))
            for (fp, fn, msg), kk in zip(fsf, fk):
                if fp == pf and same_construct(kk, k):
                    noisy.append("%s:%d" % (rel, fn))
        if noisy:
            r["fixed"] = "NOISY " + ",".join(sorted(set(noisy)))
        elif load_error(rcf, txtf, read(os.path.join(d, "fixed.deperr"))) and not fsf:
            r["fixed"] = "LOAD ERROR"
        else:
            r["fixed"] = "SILENT"
    save_keys(d, asked)
    results.append(r)

if mode == "check":
    rank = {"FOUND": 2, "PARTIAL": 1, "MISSED": 0}
    problems = []
    blind = 0
    for r in results:
        if r["fixed"].startswith("NOISY"):
            if r["half"] == "test" and not show_test:
                blind += 1
                continue
            problems.append("%s: finding of %s at the fixed commit: %s" % (r["id"], r["class"], r["fixed"][6:]))
    if blind:
        problems.append("%d fixed commit(s) of the test half with a finding of the bug's check (--show-test names them)" % blind)
    if baseline:
        was = {}
        with open(baseline) as f:
            bh = f.readline().rstrip("\n").split("\t")
            for l in f:
                b = dict(zip(bh, l.rstrip("\n").split("\t")))
                was[b.get("id")] = b.get("result", "")
        lost = 0
        for r in results:
            w, n = was.get(r["id"], ""), r["result"]
            hidden = r["half"] == "test" and not show_test
            if w in rank and n in rank and rank[n] < rank[w]:
                if hidden:
                    lost += 1
                else:
                    problems.append("%s: %s in %s, %s now" % (r["id"], w, baseline, n))
            elif rank.get(w, 0) > 0 and n not in rank and not hidden:
                print("%s: %s in %s, %s now (not judged)" % (r["id"], w, baseline, n))
        if lost:
            problems.append("%d bug(s) of the test half found less than in %s (--show-test names them)" % (lost, baseline))
    for p in problems:
        print("FAIL " + p)
    sys.exit(1 if problems else 0)

if mode == "tsv":
    print("\t".join(["id", "class", "repo", "result", "fixed", "hits", "note", "half"]))
    for r in results:
        print("\t".join([r["id"], r["class"], r["repo"], r["result"], r["fixed"], r["hits"], r["note"], r["half"]]))
    sys.exit(0)

states = ["FOUND", "PARTIAL", "MISSED", "LOAD ERROR", "NOCHECK", "NOT RUN"]

def check_table(rs_all):
    """Markdown table per check: states, recall of bugs and of sites (bugs that loaded), fixed commits."""
    by = OrderedDict()
    for r in rs_all:
        by.setdefault(r["class"], []).append(r)
    print("| check | bugs | " + " | ".join(states) + " | recall of bugs (found+partial / loaded) | recall of sites | fixed silent | fixed noisy |")
    print("|---|---|" + "---|" * len(states) + "---|---|---|---|")
    tot = defaultdict(int)
    def line(name, rs):
        cnt = defaultdict(int)
        for r in rs:
            cnt[r["result"]] += 1
        loadedrs = [r for r in rs if r["result"] in ("FOUND", "PARTIAL", "MISSED")]
        det = cnt["FOUND"] + cnt["PARTIAL"]
        silent = sum(1 for r in rs if r["result"] in ("FOUND", "PARTIAL") and r["fixed"] == "SILENT")
        noisy = sum(1 for r in rs if r["fixed"].startswith("NOISY"))
        sites = sum(r["sites"] for r in loadedrs)
        hit = sum(r["sites_hit"] for r in loadedrs)
        print("| %s | %d | %s | %d/%d | %d/%d | %d/%d | %d |" % (name, len(rs), " | ".join(str(cnt[s]) for s in states),
              det, len(loadedrs), hit, sites, silent, det, noisy))
    for c, rs in by.items():
        line(c, rs)
    line("**all**", rs_all)

print("Recall counts the bugs (and their sites) whose package loaded; \"fixed silent\" counts the bugs found")
print("(or partly found) whose fixed commit has no finding of the check where the bug was.")
print()
if halves:
    print("## All bugs")
    print()
check_table(results)
print()
if halves:
    for h in ("tune", "test"):
        rs = [r for r in results if r["half"] == h]
        if not rs:
            continue
        print("## %s half (%d bugs, %d repositories)" % (h, len(rs), len(set(r["repo"] for r in rs))))
        print()
        check_table(rs)
        print()
    unknown = [r["id"] for r in results if not r["half"]]
    if unknown:
        print("Bugs of repositories that halves.tsv does not list (run split.py): " + ", ".join(unknown))
        print()
listed = [r for r in results if show_test or r["half"] != "test"]
if halves and not show_test:
    print("Single bugs of the tune half (and of no half); the test half's are not listed (--show-test lists them).")
    print()
print("| id | check | repo | half | result | fixed commit | sites | note |")
print("|---|---|---|---|---|---|---|---|")
for r in listed:
    print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (r["id"], r["class"], r["repo"], r["half"], r["result"], r["fixed"], r["hits"], r["note"].replace("|", "/")))
