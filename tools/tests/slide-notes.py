#!/usr/bin/env python3
"""slide-notes.py — the lecture slides carry the instructor's notes, timed.

usage: tools/tests/slide-notes.py SLIDES SYLLABUS

SLIDES is Documentation/course/slides.md (pandoc Markdown: "# Session N"
headings, "## " slides), SYLLABUS Documentation/course/syllabus.md, whose
table of sessions gives the lecture's length in its header ("lecture
(about M minutes)"). Each slide must end with a speaker-notes div,
"::: notes" ... ":::", whose text starts "About N minutes." (what the
instructor does with the slide follows), and the slides of each session
must add up to at most M minutes, and to more than M - 10 (a session
whose notes leave a third of the lecture unplanned is not planned).

Output is TAP: one test per session, and one that a copy with one slide's
notes removed fails. Exit status: 0 all passed; 1 a check failed; 2 usage
or no lecture length in SYLLABUS.
"""
import re
import sys


def sessions(text):
    """[(session title, [(slide title, minutes or None)])]."""
    out, slide, notes = [], None, False
    for line in text.split('\n'):
        if line.startswith('# '):
            out.append((line[2:], []))
        elif line.startswith('## '):
            slide = [line[3:], None]
            if out:
                out[-1][1].append(slide)
        elif line == '::: notes':
            notes = True
        elif notes:
            m = re.match(r'About (\d+) minutes?\. \S', line)
            if slide is not None and m:
                slide[1] = int(m.group(1))
            notes = False
    return out


def problems_of(text, limit):
    """Per session, its problems and its minutes."""
    res = []
    for title, slides in sessions(text):
        probs = [f'slide "{t}": no notes starting "About N minutes."' for t, m in slides if m is None]
        total = sum(m for _, m in slides if m)
        if not slides:
            probs.append('no slides')
        elif total > limit or total <= limit - 10:
            probs.append(f'the notes add up to {total} minutes, not {limit - 9} to {limit}')
        res.append((title, total, len(slides), probs))
    return res


def main(argv):
    if len(argv) != 3:
        print('usage: slide-notes.py SLIDES SYLLABUS', file=sys.stderr)
        return 2
    with open(argv[1]) as f:
        text = f.read()
    with open(argv[2]) as f:
        m = re.search(r'lecture \(about (\d+) minutes\)', f.read())
    if not m:
        print(f'slide-notes: no "lecture (about M minutes)" in {argv[2]}', file=sys.stderr)
        return 2
    limit = int(m.group(1))
    results = problems_of(text, limit)
    # Self-check: without the first slide's notes, the same checks fail.
    cut = re.sub(r'(?s)\n::: notes\n.*?\n:::\n', '\n', text, count=1)
    caught = any(p for _, _, _, p in problems_of(cut, limit))
    print(f'1..{len(results) + 1}')
    bad = 0
    for i, (title, total, n, probs) in enumerate(results, 1):
        ok = not probs
        bad += not ok
        print(f'{"ok" if ok else "not ok"} {i} - {title}: {n} slides, each with timed notes, {total} of the lecture\'s {limit} minutes')
        for p in probs:
            print(f'#   {p}')
    print(f'{"ok" if caught else "not ok"} {len(results) + 1} - the check fails on a copy with one slide\'s notes removed')
    bad += not caught
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
