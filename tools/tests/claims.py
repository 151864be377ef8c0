#!/usr/bin/env python3
"""claims.py — what the prose says about the series is true of series/.

usage: tools/tests/claims.py [FILE...]
       (default: README.md, CONTRIBUTING.md, demos/README.md,
        Documentation/course/*.md, Documentation/labs/*.md and
        Documentation/walkthrough/*.md)

Checks, each one TAP test per file:
  1. every patch number the prose names ("patch 20", "patches 5-11",
     "patches 2 and 20", "patch 4's") is a patch of series/, and "the
     last patch of the series, N" names the last one, unless the
     sentence is about another version ("v1", "v2", "seed") or the
     paragraph is a dated record (it holds a date, 2026-12-06);
  2. every patch count ("28 patches") is the number of patches of
     series/, with the same exceptions;
  3. a chapter of the walkthrough whose title names patches ("# 4. The VFS
     paths (patches 3 and 5-11)") quotes (<!-- excerpt: series/NNNN-... -->)
     only from those patches;
  4. what the prose says of struct cred ("struct cred is unchanged", "adds
     fields to struct cred") agrees with the series' diff of
     include/linux/cred.h;
  5. the walkthrough's table of chapters (its README) gives each chapter
     the patches of its title and the time of its "**Time.**" line, and
     each lab of the lab sheet says its points and its time.
Last, the checks run on made-up text with one false claim of each kind
and must see each fail (the checker is not blind).
Output: TAP. Exit status: 0 every claim holds; 1 some do not; 2 usage.
"""
import glob
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OTHER_VERSION = re.compile(r"\b(v1|v2|v1's|v2's|seed|seeds|the original|original)\b", re.I)
DASH = "[-\u2013]"
NUM_LIST = rf"\d+(?:\s*{DASH}\s*\d+)?(?:(?:,\s*|\s+and\s+|,\s+and\s+)\d+(?:\s*{DASH}\s*\d+)?)*"
PATCH_REF = re.compile(rf"\b[Pp]atch(?:es)?\s+({NUM_LIST})")
PATCH_COUNT = re.compile(r"\b(\d+)\s+patches\b")
DATED = re.compile(r"\b20\d\d-\d\d-\d\d\b")


def series_patches():
    names = [l.strip() for l in open(os.path.join(TOP, "series", "series"))
             if l.strip() and not l.startswith("#")]
    return [n for n in names if not n.startswith("0000-")]


def numbers(text):
    """The patch numbers of "3 and 5-11" as a set."""
    out = set()
    for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", text):
        m = re.match(rf"\s*(\d+)\s*(?:{DASH}\s*(\d+))?", part)
        if m:
            a = int(m.group(1))
            b = int(m.group(2) or a)
            out.update(range(a, b + 1))
    return out


def sentences(text):
    """(line number, sentence) pairs: a sentence ends at . ! ? or a blank line."""
    out, buf, start = [], [], 1
    for i, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            if buf:
                out.append((start, " ".join(buf)))
            buf = []
            continue
        if not buf:
            start = i
        buf.append(line.strip())
    if buf:
        out.append((start, " ".join(buf)))
    res = []
    for ln, para in out:
        # A dated paragraph records what was measured then.
        if DATED.search(para):
            continue
        for s in re.split(r"(?<=[.!?])\s+(?=[A-Z`(\[])", para):
            res.append((ln, s))
    return res


def cred_changed():
    """Whether the series adds lines inside struct cred (include/linux/cred.h)."""
    inside = False
    for name in series_patches():
        cur = None
        for line in open(os.path.join(TOP, "series", name), errors="replace"):
            if line.startswith("+++ "):
                cur = line[4:].strip()
                inside = False
                continue
            if cur != "b/include/linux/cred.h":
                continue
            if line.startswith("@@"):
                # The hunk header names the structure the hunk is in.
                inside = "struct cred {" in line
                continue
            body = line[1:] if line[:1] in "+- " else line
            if re.match(r"struct cred \{", body):
                inside = True
            elif inside and body.startswith("}"):
                inside = False
            elif inside and line.startswith("+") and body.strip():
                return True
    return False


def check_file(path, text, count, changed, is_chapter):
    problems = []
    for ln, s in sentences(text):
        if OTHER_VERSION.search(s):
            continue
        for m in PATCH_REF.finditer(s):
            bad = sorted(n for n in numbers(m.group(1)) if n < 1 or n > count)
            if bad:
                problems.append(f"line {ln}: \"{m.group(0)}\": series/ has patches 1-{count}")
        for m in re.finditer(r"\blast patch(?: of the series)?,?\s+(?:patch\s+)?(\d+)", s):
            if int(m.group(1)) != count:
                problems.append(f"line {ln}: \"{m.group(0)}\": the last patch of series/ is {count}")
        for m in PATCH_COUNT.finditer(s):
            if int(m.group(1)) != count:
                problems.append(f"line {ln}: \"{m.group(0)}\": series/ has {count}")
        if re.search(r"struct cred`? (is|stays|remains|is left) unchanged|leaves? `?struct cred`? unchanged", s) and changed:
            problems.append(f"line {ln}: says struct cred is unchanged; the series adds to it")
        if re.search(r"(adds?|gains?) (\w+ )?fields? (to|in) `?struct cred", s) and not changed:
            problems.append(f"line {ln}: says struct cred gains fields; the series adds none")
    if is_chapter:
        title = text.split("\n", 1)[0]
        m = re.search(rf"\(patch(?:es)?\s+({NUM_LIST})\)", title)
        if m:
            allowed = numbers(m.group(1))
            for ln, line in enumerate(text.split("\n"), 1):
                e = re.search(r"<!-- excerpt: series/(\d{4})-", line)
                if e and int(e.group(1)) not in allowed:
                    problems.append(f"line {ln}: quotes patch {int(e.group(1))}, "
                                    f"not one of the title's ({m.group(1)})")
    return problems


def check_index(d, text):
    """The walkthrough's table of chapters against the chapters: the
    patches of each row are those of the chapter's title, its time the
    chapter's "**Time.** About N minutes"."""
    probs = []
    for ln, line in enumerate(text.split("\n"), 1):
        m = re.match(r"\| \[(\d+)\. [^]]*\]\(([^)]+)\) \| ([^|]*) \| ([^|]*) \|", line)
        if not m:
            continue
        path = os.path.join(d, m.group(2))
        if not os.path.isfile(path):
            probs.append(f"line {ln}: no chapter {m.group(2)}")
            continue
        chap = open(path).read()
        t = re.search(rf"\(patch(?:es)?\s+({NUM_LIST})\)", chap.split("\n", 1)[0])
        want = numbers(t.group(1)) if t else set()
        got = numbers(m.group(3)) if m.group(3).strip() != "\u2014" else set()
        if want != got:
            probs.append(f"line {ln}: chapter {m.group(1)}'s row lists patches {m.group(3).strip()}, "
                         f"its title {t.group(1) if t else 'none'}")
        tm = re.search(r"\*\*Time\.\*\* About (\d+) minutes", chap)
        if not tm or m.group(4).strip() != f"{tm.group(1)} min":
            probs.append(f"line {ln}: chapter {m.group(1)}'s row says {m.group(4).strip()}, "
                         f"the chapter {tm.group(1) + ' min' if tm else 'no time'}")
    return probs


def main(argv):
    files = argv
    count = len(series_patches())
    changed = cred_changed()
    n = failed = 0
    results = []
    if not files:
        files = [os.path.join(TOP, f) for f in ("README.md", "CONTRIBUTING.md", "demos/README.md")]
        files += sorted(glob.glob(os.path.join(TOP, "Documentation/course/*.md")))
        files += sorted(glob.glob(os.path.join(TOP, "Documentation/labs/*.md")))
        files += sorted(glob.glob(os.path.join(TOP, "Documentation/walkthrough/*.md")))
    for f in files:
        text = open(f).read()
        chapter = re.match(r"\d\d-", os.path.basename(f)) is not None
        probs = check_file(f, text, count, changed, chapter)
        if os.path.basename(f) == "README.md" and os.path.basename(os.path.dirname(f)) == "walkthrough":
            probs += check_index(os.path.dirname(f), text)
        if os.path.basename(f) == "README.md" and os.path.basename(os.path.dirname(f)) == "labs":
            # The lab sheet: every lab heading says its points and its time.
            for ln, line in enumerate(text.split("\n"), 1):
                if line.startswith("## Lab ") and not re.match(
                        r"## Lab \d+: .* \(\d+ points, about \d+ minutes\)$", line):
                    probs.append(f"line {ln}: a lab heading without \"(N points, about M minutes)\"")
        results.append((not probs, f"{os.path.relpath(f, TOP)}: its claims about series/ hold"
                        + "".join(f"\n  # {p}" for p in probs)))
    text = ("# 9. A sample (patches 2 and 5)\n\nThe series has 99 patches.\n\n"
            "Patch 120 adds it, before the last patch of the series, 7.\n\n"
            "<!-- excerpt: series/0007-x.patch -->\n\n"
            + ("`struct cred` is unchanged.\n" if changed else "It adds fields to `struct cred`.\n"))
    probs = check_file("sample", text, count, changed, True)
    for k in ("series/ has patches", f"series/ has {count}", "the last patch of series/",
              "not one of the title's", "struct cred"):
        results.append((any(k in p for p in probs),
                        f"the checker finds the false claim of a sample: {k}"))
    print(f"1..{len(results)}")
    for ok, desc in results:
        n += 1
        if not ok:
            failed += 1
        print(f"{'ok' if ok else 'not ok'} {n} - {desc}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
