#!/usr/bin/env python3
"""extract.py GITDIR COMMIT DEST: write the tree of COMMIT into DEST, skipping blobs
missing from the snapshot (large files, LFS). Fallback for git archive."""
import os, subprocess, sys
gd, c, dest = sys.argv[1:]
ls = subprocess.run(["git", "--git-dir", gd, "ls-tree", "-r", "-z", c], capture_output=True, check=True).stdout
entries = []
for e in ls.split(b"\0"):
    if not e:
        continue
    meta, path = e.split(b"\t", 1)
    mode, typ, sha = meta.split()
    if typ != b"blob":
        continue
    entries.append((mode.decode(), sha.decode(), path.decode("utf-8", "surrogateescape")))
p = subprocess.Popen(["git", "--git-dir", gd, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
missing = 0
for mode, sha, path in entries:
    p.stdin.write((sha + "\n").encode()); p.stdin.flush()
    hdr = p.stdout.readline().split()
    if len(hdr) < 3 or hdr[1] == b"missing":
        missing += 1
        continue
    size = int(hdr[2]); data = p.stdout.read(size); p.stdout.read(1)
    full = os.path.join(dest, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    if mode == "120000":
        try:
            os.symlink(data.decode(), full)
        except OSError:
            pass
        continue
    with open(full, "wb") as f:
        f.write(data)
    if mode == "100755":
        os.chmod(full, 0o755)
p.stdin.close(); p.wait()
print("extracted %d files, %d missing" % (len(entries) - missing, missing), file=sys.stderr)
