#!/usr/bin/env python3
# excerpts.py — every code excerpt the walkthrough quotes is still in its
# source, so the docs cannot drift from the patches.
#
# usage: tools/tests/excerpts.py [MARKDOWN...]
#        (default: Documentation/walkthrough/*.md)
#
# In the walkthrough every fenced block of language c or diff is an
# excerpt and must follow a line naming its source:
#
#   <!-- excerpt: series/0004-fsuidgid-add-fsid-mapping-helpers.patch -->
#   ```c                     the code as it is after the patch: the
#   ...                      patch's context and added lines, without
#   ```                      their first column
#
#   <!-- excerpt: series/0023-devpts-handle-fsid-mappings.patch -->
#   ```diff                  lines of the patch itself, as they are
#
#   <!-- excerpt: linux/include/linux/uidgid.h -->
#   ```c                     a file of Debian's kernel without the series
#                            ($VANILLA, build/vanilla/linux)
#
# A Markdown table (lines starting with "|") after such a line is an
# excerpt too, of a committed result file, taken as it is:
#
#   <!-- excerpt: Documentation/benchmark/table.md -->
#   | mappings | vanilla | ...
#
# The block's lines must stand in the source one after another, byte for
# byte (tabs included). A line that is only "..." (any indentation) is a
# gap: the parts around it must stand in that order, with anything between.
# Output is TAP, one test per excerpt, and one failed test per c or diff
# block without a source line.
# Environment: VANILLA [build/vanilla/linux].
# Exit status: 0 every excerpt found; 1 some were not; 2 usage or no tree.
import glob
import os
import re
import sys

top = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../.."))
vanilla = os.environ.get("VANILLA", os.path.join(top, "build/vanilla/linux"))
marker = re.compile(r"^<!-- excerpt: (\S+) -->$")
fence = re.compile(r"^(```+|~~~+)\s*\{?\.?([A-Za-z0-9_+-]*)")


def patch_lines(text, raw):
    """The lines of a patch: raw, or the new side of its hunks."""
    if raw:
        return text.split("\n")
    out, in_hunk = [], False
    for line in text.split("\n"):
        if line.startswith("@@"):
            in_hunk = True
        elif line.startswith("diff --git") or line == "-- ":
            in_hunk = False
        elif in_hunk and line[:1] in ("+", " "):
            out.append(line[1:])
        elif in_hunk and line == "":
            out.append("")
    return out


def source_lines(src, lang):
    if src.startswith("series/"):
        path = os.path.join(top, src)
        if not path.endswith(".patch") or not os.path.isfile(path):
            return None, f"no patch {src}"
        with open(path, encoding="utf-8") as f:
            return patch_lines(f.read(), lang == "diff"), None
    if src.startswith("linux/") and lang == "c":
        path = os.path.join(vanilla, src[len("linux/"):])
        if not os.path.isfile(path):
            return None, f"no file {path} (make tree)"
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read().split("\n"), None
    if src.startswith("Documentation/benchmark/") and lang == "table":
        path = os.path.join(top, src)
        if not os.path.isfile(path):
            return None, f"no file {src}"
        with open(path, encoding="utf-8") as f:
            return f.read().split("\n"), None
    return None, (f"a {lang} excerpt cannot come from '{src}' (series/NNNN-*.patch, linux/PATH "
                  "for c, Documentation/benchmark/FILE for a table)")


def find(parts, lines):
    """Index of the first part that cannot be found in order, or None."""
    pos = 0
    for k, part in enumerate(parts):
        n = len(part)
        for i in range(pos, len(lines) - n + 1):
            if lines[i:i + n] == part:
                pos = i + n
                break
        else:
            return k
    return None


def blocks(path):
    """(line number, language, source or None, lines) of each fenced block."""
    with open(path, encoding="utf-8") as f:
        text = f.read().split("\n")
    i, prev = 0, ""
    while i < len(text):
        m = fence.match(text[i])
        mk = marker.match(prev)
        if not m and mk and text[i].startswith("|"):
            start, body = i, []
            while i < len(text) and text[i].startswith("|"):
                body.append(text[i])
                i += 1
            yield start + 1, "table", mk.group(1), body
            prev = ""
            continue
        if not m:
            if text[i].strip():
                prev = text[i]
            i += 1
            continue
        start, ticks, lang = i, m.group(1), m.group(2)
        i += 1
        body = []
        while i < len(text) and not text[i].startswith(ticks):
            body.append(text[i])
            i += 1
        i += 1
        mk = marker.match(prev)
        yield start + 1, lang, mk.group(1) if mk else None, body
        prev = ""


def main(argv):
    files = argv or sorted(glob.glob(os.path.join(top, "Documentation/walkthrough/*.md")))
    if not files:
        print("excerpts: no walkthrough chapters", file=sys.stderr)
        return 2
    results = []
    for path in files:
        rel = os.path.relpath(path, top)
        for line, lang, src, body in blocks(path):
            if lang not in ("c", "diff", "table"):
                continue
            what = f"{rel}:{line}: {lang} excerpt"
            if src is None:
                results.append((False, f"{what} has no <!-- excerpt: SOURCE --> line before it", []))
                continue
            lines, err = source_lines(src, lang)
            if err:
                results.append((False, f"{what} of {src}", [err]))
                continue
            parts, cur = [], []
            for b in body:
                if b.strip() == "...":
                    parts.append(cur)
                    cur = []
                else:
                    cur.append(b)
            parts.append(cur)
            parts = [p for p in parts if p]
            if not parts:
                results.append((False, f"{what} of {src} is empty", []))
                continue
            k = find(parts, lines)
            if k is None:
                results.append((True, f"{what} is in {src}", []))
            else:
                results.append((False, f"{what} is not in {src}",
                                ["this part is not there (or not in this order):"] + parts[k][:6]))
    print(f"1..{len(results)}")
    bad = 0
    for n, (ok, desc, detail) in enumerate(results, 1):
        print(f"{'ok' if ok else 'not ok'} {n} - {desc}")
        if not ok:
            bad += 1
            for d in detail:
                print(f"#   {d}")
    return 1 if bad else 0


sys.exit(main(sys.argv[1:]))
