#!/usr/bin/env python3
"""Print the import path that a tree of the GOPATH era (no go.mod) uses for its own packages.

    importpath.py TREE

The tree's own imports name its packages by that path: an import whose last elements are a
directory of the tree that holds Go files (vendor/ left out) gives the path before them. The
most common such prefix is printed; nothing when no import of the tree names its own packages.
"""
import collections
import os
import re
import sys

SKIP = {"vendor", ".git", "_output", "testdata"}


def go_dirs(tree):
    dirs = set()
    for root, subdirs, files in os.walk(tree):
        subdirs[:] = [d for d in subdirs if d not in SKIP]
        if any(f.endswith(".go") for f in files):
            dirs.add(os.path.relpath(root, tree))
    return dirs


IMPORTS = re.compile(r'^import\s*\((.*?)^\)|^import\s+(?:[\w.]+\s+)?("[^"\n]+")', re.S | re.M)
PATH = re.compile(r'"([^"\n]+)"')


def main():
    tree = sys.argv[1]
    dirs = go_dirs(tree)
    count = collections.Counter()
    for root, subdirs, files in os.walk(tree):
        subdirs[:] = [d for d in subdirs if d not in SKIP]
        for f in files:
            if not f.endswith(".go"):
                continue
            with open(os.path.join(root, f), errors="replace") as src:
                text = src.read()
            for block in IMPORTS.finditer(text):
                for path in PATH.findall(block.group(0)):
                    parts = path.split("/")
                    for k in range(1, len(parts)):
                        if "/".join(parts[k:]) in dirs:
                            count["/".join(parts[:k])] += 1
                            break
    if count:
        print(count.most_common(1)[0][0])


if __name__ == "__main__":
    main()
