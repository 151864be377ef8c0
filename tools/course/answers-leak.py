#!/usr/bin/env python3
"""answers-leak.py — does a students' copy of the workbench hold an answer?

usage: tools/course/answers-leak.py --key SRC COPY

SRC is the instructors' repository (a git working tree), COPY a folder
made from it by tools/course/student-copy.sh. COPY holds an answer if:
  - a path that SRC's tools/course/instructors-only lists is in COPY;
  - a file of COPY has an answer line, "**Answer N:**" or
    "**Answer N.M:**", or names the answers: "13-answers.md",
    "labs/answers.md" (or "answers.md" in Documentation/labs/),
    "solutions/";
  - a line of a file of COPY is a line of the key: of a file that
    instructors-only lists with the word "key" after it, a line of 40
    characters or more (blanks at either end dropped, runs of blanks made
    one); of an answers page (.md), only the lines from its first "### "
    heading on, but each checkpoint's question, which its chapter asks
    too; of a patch, only the lines it adds; and no line that a patch of
    series/ has (a lab's solution may do what the series does). A paragraph of the answers page, a line of a reference solution,
    copied anywhere into COPY, is found so.
Binary files (a NUL byte in the first 8 KiB) are not read.

Prints each finding, "FILE:LINE: what", and a count. Exit status: 0 no
answer; 1 an answer (printed); 2 usage.
"""
import os
import re
import subprocess
import sys

MIN = 40
ANSWER_LINE = re.compile(r'\*\*Answer [0-9]+(\.[0-9]+)?:\*\*')
POINTER = re.compile(r'13-answers\.md|labs/answers\.(md|html)|\bsolutions/')


def norm(line):
    return ' '.join(line.split())


def text_lines(path):
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except OSError:
        return None
    if b'\0' in data[:8192]:
        return None
    return data.decode('utf-8', 'replace').splitlines()


def listed(src):
    """The paths instructors-only lists (folders with a final '/'), and
    those of them marked "key"."""
    paths, keys = [], []
    with open(os.path.join(src, 'tools/course/instructors-only')) as f:
        for line in f:
            words = line.split()
            if not words or words[0].startswith('#'):
                continue
            paths.append(words[0])
            if words[1:] == ['key']:
                keys.append(words[0])
    return paths, keys


def is_listed(path, paths):
    return any(path == p or (p.endswith('/') and path.startswith(p)) for p in paths)


def answer_lines(lines):
    """The lines of an answers page that answer: from its first "### "
    heading on, but each checkpoint's question (the first paragraph after a
    "### Checkpoint" heading), which its chapter asks too."""
    out, started, question = [], False, 0
    for line in lines:
        if line.startswith('### '):
            started = True
            question = 1 if line.startswith('### Checkpoint') else 0
            continue
        if not started:
            continue
        if question == 1 and line.strip():
            question = 2
        if question == 2:
            if line.strip():
                continue
            question = 0
        out.append(line)
    return out


def key_lines(src, keys):
    """The key's lines of 40 characters or more: the files marked "key",
    but what series/ has too."""
    files = subprocess.run(['git', '-C', src, 'ls-files', '-z'], check=True,
                           capture_output=True).stdout.decode().split('\0')
    key, series = {}, set()
    for f in filter(None, files):
        if f.startswith('series/'):
            series.update(norm(l) for l in text_lines(os.path.join(src, f)) or [])
    for f in filter(None, files):
        if not is_listed(f, keys):
            continue
        lines = text_lines(os.path.join(src, f))
        if lines is None:
            continue
        if f.endswith('.md'):
            lines = answer_lines(lines)
        elif f.endswith('.patch'):
            lines = [l for l in lines if l.startswith('+') and not l.startswith('+++')]
        for line in lines:
            n = norm(line)
            if len(n) >= MIN and n not in series:
                key.setdefault(n, f)
    return key


def main(argv):
    if len(argv) != 4 or argv[1] != '--key':
        print('usage: answers-leak.py --key SRC COPY', file=sys.stderr)
        return 2
    src, copy = argv[2], argv[3]
    if not os.path.isdir(copy) or not os.path.isfile(os.path.join(src, 'tools/course/instructors-only')):
        print(f'answers-leak: no folder {copy}, or no {src}/tools/course/instructors-only', file=sys.stderr)
        return 2
    paths, keys = listed(src)
    key = key_lines(src, keys)
    found = []
    for p in paths:
        if os.path.lexists(os.path.join(copy, p.rstrip('/'))):
            found.append(f'{copy}/{p}: an instructors-only path')
    for root, dirs, names in os.walk(copy):
        dirs[:] = sorted(d for d in dirs if d != '.git')
        for name in sorted(names):
            path = os.path.join(root, name)
            rel = os.path.relpath(path, copy)
            lines = text_lines(path)
            if lines is None:
                continue
            for i, line in enumerate(lines, 1):
                where = f'{rel}:{i}'
                pointer = POINTER.search(line)
                if ANSWER_LINE.search(line):
                    found.append(f'{where}: an answer line')
                elif pointer:
                    found.append(f'{where}: names the answers ({pointer.group(0)})')
                elif rel.startswith('Documentation/labs/') and 'answers.md' in line:
                    found.append(f'{where}: names the answers (answers.md)')
                else:
                    n = norm(line)
                    if n in key:
                        found.append(f'{where}: a line of {key[n]}')
    for f in found:
        print(f)
    print(f'answers-leak: {len(found)} findings in {copy} ({len(key)} lines of the key looked for)')
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
