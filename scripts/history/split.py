#!/usr/bin/env python3
"""split.py [--check] [bugs.tsv [halves.tsv]]: split the regression set by repository into a tune and a test half.

The repositories of bugs.tsv, sorted by name, are shuffled with random.Random(SEED),
where SEED is the integer in the file split-seed beside this script. Walking the
shuffled list, each repository goes to the "tune" half until the tune half holds at
least half of the bugs; the rest go to "test". All rows of one repository land in the
same half, so a rule tuned on one operator's code is never judged on that operator.

The result is written to halves.tsv (repo, half, bugs); with --check, nothing is
written and the exit status is 1 when halves.tsv differs from what the seed gives
(a row added to bugs.tsv since, or a hand-edited file). Rows of a repository that
halves.tsv does not list yet are a difference too: re-run split.py after adding bugs,
and say in the commit that the split moved (a new repository can move others between
halves, since the shuffle covers every repository).
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


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


def split(counts, seed):
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
    return repos, half


def render(repos, half, counts):
    lines = ["repo\thalf\tbugs"]
    for repo in sorted(repos, key=lambda r: (half[r], r)):
        lines.append("%s\t%s\t%d" % (repo, half[repo], counts[repo]))
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
    repos, half = split(counts, seed)
    text = render(repos, half, counts)
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
    n = {"tune": 0, "test": 0}
    r = {"tune": 0, "test": 0}
    for repo in repos:
        n[half[repo]] += counts[repo]
        r[half[repo]] += 1
    print("seed %d: tune %d bugs in %d repositories, test %d bugs in %d repositories" % (seed, n["tune"], r["tune"], n["test"], r["test"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
