#!/usr/bin/env python3
"""terms.py — one term per idea: retired wordings do not come back.

usage: tools/tests/terms.py [FILE...]
       (default: what a reader meets: README.md, demos/README.md,
        demos/*.sh, demos/*.expected, Documentation/*.md (the man pages),
        Documentation/course/*.md,
        Documentation/labs/*.md, Documentation/walkthrough/*.md)

The three ids of the course have one name each, the glossary's
(Documentation/walkthrough/12-glossary.md): a task's kernel id (kuid),
its fsuid (cred->fsuid, a kernel id) and its filesystem id (the owner it
acts as, derived from the fsuid through the fsid maps). Each RETIRED
wording below named one of them otherwise, or gave the fsid map v1's
meaning (the fsuid translated by it to a kernel id); a file that uses
one fails, with the line and the wording to use. Last, a sample that
uses each retired wording must fail (the checker is not blind).
Output: TAP, one test per file. Exit status: 0 no retired wording;
1 some; 2 usage.
"""
import glob
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# (pattern, what to write instead)
RETIRED = [
    (r"\bfs uids?\b", "fsuid"),
    (r"\bfs gids?\b", "fsgid"),
    (r"\bfs ids?\b", "fsuid and fsgid"),
    (r"\bfs[ -]?u?id (?:\d+ )?inside is k(?:uid )?\d", "the filesystem id (the fsuid is a kernel id of the id map)"),
    (r"\bfsuid \d+ inside\b", "uid N inside, whose filesystem id ... (v1's view: the fsid map translates the fsuid)"),
    (r"filesystem uid,? \(?`?cred->fsuid", "fsuid (cred->fsuid); the filesystem uid is derived from it"),
    (r"filesystem gid,? \(?`?cred->fsgid", "fsgid (cred->fsgid); the filesystem gid is derived from it"),
    (r"\bfile[- ]system (?:u|g)?ids?\b", "filesystem id"),
]


def problems(text):
    """Each retired wording of TEXT, searched paragraph by paragraph (a
    wording may run over a line break), emphasis (* and _) set aside."""
    out = []
    start, para = 1, []
    for n, line in enumerate(text.split("\n") + [""], 1):
        if line.strip():
            if not para:
                start = n
            para.append(line)
            continue
        flat = re.sub(r"[*_]+", "", " ".join(para))
        flat = re.sub(r"\s+", " ", flat)
        for pat, use in RETIRED:
            m = re.search(pat, flat, re.I)
            if m:
                out.append(f"line {start}: \"{m.group(0)}\": write {use}")
        para = []
    return out


def main(argv):
    files = argv
    if not files:
        files = [os.path.join(TOP, f) for f in ("README.md", "demos/README.md")]
        for g in ("demos/*.sh", "demos/*.expected", "Documentation/*.md", "Documentation/course/*.md",
                  "Documentation/labs/*.md", "Documentation/walkthrough/*.md"):
            files += sorted(glob.glob(os.path.join(TOP, g)))
    results = []
    for f in files:
        probs = problems(open(f).read())
        results.append((not probs, f"{os.path.relpath(f, TOP)}: no retired wording"
                        + "".join(f"\n  # {p}" for p in probs)))
    sample = ["the real, effective, saved and fs uid", "and the fs gid", "saved and fs id",
              "fsuid 0 inside is kuid 300000", "its fsuid 0 inside maps",
              "the filesystem uid, `cred->fsuid`", "the filesystem gid (cred->fsgid)",
              "the **filesystem\nuid**, `cred->fsuid`",
              "its file-system uid"]
    for line in sample:
        results.append((bool(problems(line)), "a sample with a retired wording fails: " + line.replace("\n", "\\n")))
    print(f"1..{len(results)}")
    failed = 0
    for i, (ok, desc) in enumerate(results, 1):
        failed += not ok
        print(f"{'ok' if ok else 'not ok'} {i} - {desc}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
