#!/usr/bin/env python3
"""split.py [--check] [bugs.tsv [halves.tsv]]: split the regression set by repository into a tune and a test half.

All rows of one repository are in the same half, so a rule tuned on one operator's code
is never judged on that operator. The seed is the integer in the file split-seed beside
this script. halves.tsv records the split, a line per repository: repo, half ("tune" or
"test"), by (how it got its half) and the number of its bugs at the first split:

  shuffle  the first split: the repositories, sorted by name, are shuffled with
           random.Random(seed); walking the shuffled list, each goes to "tune" until the
           tune half holds at least half of their bugs (counted then), the rest to "test".
  hash     a repository added after the first split: "tune" when the first byte of
           sha256("<seed>:<owner>/<name>") is even, else "test" (bugs column "-").

A repository never changes half once listed: bugs added later cannot move a repository
that rules were tuned on into the test half. Without halves.tsv the first split is made;
with it, the repositories of bugs.tsv that it lacks are added by hash. With --check
nothing is written, and the exit status is 1 when halves.tsv is not exactly what the seed
gives (a hand-edited half, a repository of bugs.tsv it lacks).
"""
import hashlib
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = "repo\thalf\tby\tbugs"


def repos_and_counts(bugs_tsv):
    counts = {}
    with open(bugs_tsv) as f:
        hdr = f.readline().rstrip("\n").split("\t")
        col = hdr.index("repo")
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            repo = line.split("\t")[col]
            counts[repo] = counts.get(repo, 0) + 1
    return counts


def shuffle_split(counts, seed):
    """The first split: repo -> half over the repositories of counts (repo -> bugs)."""
    repos = sorted(counts)
    random.Random(seed).shuffle(repos)
    total = sum(counts.values())
    half, tune = {}, 0
    for repo in repos:
        if 2 * tune < total:
            half[repo] = "tune"
            tune += counts[repo]
        else:
            half[repo] = "test"
    return half


def hash_half(repo, seed):
    """The half of a repository added after the first split."""
    return "tune" if hashlib.sha256(("%d:%s" % (seed, repo)).encode()).digest()[0] % 2 == 0 else "test"


def first_split_counts(path):
    """repo -> bugs of the first split, from halves.tsv; None when there is no such file."""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    if not lines or lines[0] != HEADER:
        sys.exit("split.py: %s does not start with the header %r" % (path, HEADER))
    first = {}
    for line in lines[1:]:
        f = line.split("\t")
        if len(f) != 4 or f[1] not in ("tune", "test") or f[2] not in ("shuffle", "hash"):
            sys.exit("split.py: bad line in %s: %r" % (path, line))
        if f[2] == "shuffle":
            first[f[0]] = int(f[3])
    return first


def halves_for(counts, first, seed):
    """repo -> (half, by, bugs column) that halves.tsv must hold."""
    if first is None:
        first = counts
    want = {r: (h, "shuffle", str(first[r])) for r, h in shuffle_split(first, seed).items()}
    for r in counts:
        if r not in want:
            want[r] = (hash_half(r, seed), "hash", "-")
    return want


def render(want):
    lines = [HEADER]
    for repo in sorted(want, key=lambda r: (want[r][0], r)):
        lines.append("\t".join((repo,) + want[repo]))
    return "\n".join(lines) + "\n"


def main(argv):
    check = False
    if argv and argv[0] == "--check":
        check, argv = True, argv[1:]
    if len(argv) > 2 or any(a.startswith("-") for a in argv):
        sys.exit(__doc__.splitlines()[0])
    bugs_tsv = argv[0] if argv else os.path.join(HERE, "bugs.tsv")
    out = argv[1] if len(argv) > 1 else os.path.join(HERE, "halves.tsv")
    with open(os.path.join(HERE, "split-seed")) as f:
        seed = int(f.read().strip())
    counts = repos_and_counts(bugs_tsv)
    want = halves_for(counts, first_split_counts(out), seed)
    text = render(want)
    if check:
        try:
            with open(out) as f:
                same = f.read() == text
        except OSError:
            same = False
        if not same:
            print("split.py: %s is not the split of %s with seed %d; run scripts/history/split.py" % (out, bugs_tsv, seed))
            return 1
        return 0
    with open(out, "w") as f:
        f.write(text)
    bugs = {"tune": 0, "test": 0}
    repos = {"tune": 0, "test": 0}
    for repo, (h, _, _) in want.items():
        bugs[h] += counts.get(repo, 0)
        repos[h] += 1
    print("seed %d: tune %d bugs in %d repositories, test %d bugs in %d repositories" % (seed, bugs["tune"], repos["tune"], bugs["test"], repos["test"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
