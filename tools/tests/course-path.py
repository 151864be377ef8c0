#!/usr/bin/env python3
"""course-path.py — the syllabus is a path through the whole course, and
the one-page summary holds what it promises.

usage: tools/tests/course-path.py [TOP]

TOP is the repository [.]. Reads Documentation/course/syllabus.md (its
table of sessions: session | read before (minutes) | lecture | lab |
homework), Documentation/walkthrough/README.md (the table of chapters and
their times), Documentation/walkthrough/09-exercises.md and 10-attacks.md
(the exercises), Documentation/labs/README.md (the labs), demos/ (the
demos) and Documentation/course/summary.md. Checks:
  1. the syllabus has five sessions, each with chapters to read before it
     and their minutes, and those minutes are the sum of the chapters'
     times in the walkthrough's table;
  2. every chapter but 8 (the demos, watched in the lectures) and 9 (the
     exercises, done in the labs) is read before some session, once;
  3. every exercise of chapters 9 and 10 and every lab of the lab sheet is
     placed in a session's lab or homework, and every demo's cast in a
     lecture;
  4. the summary has the paragraphs the walkthrough's README and the
     syllabus promise: the three ids (with the glossary's names: kernel
     id, fsuid, filesystem id), the two maps, where they apply, writing
     them, when they are decided, the security model, the cost;
  5. the checks fail on a syllabus without its last session.
Output is TAP. Exit status: 0 all passed; 1 a check failed; 2 usage or a
missing file.
"""
import glob
import os
import re
import sys


def ranges(text):
    """The numbers of "1, 2", "2 to 5", "7 and 8", "1-4" in text."""
    out = set()
    for a, b in re.findall(r'(\d+)\s*(?:to|–|-)\s*(\d+)', text):
        out.update(range(int(a), int(b) + 1))
    text = re.sub(r'(\d+)\s*(?:to|–|-)\s*(\d+)', '', text)
    out.update(int(n) for n in re.findall(r'\d+', text))
    return out


def sessions_of(syllabus):
    rows = []
    for line in syllabus.split('\n'):
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) == 5 and re.match(r'\d+\. ', cells[0]):
            rows.append(cells)
    return rows


def check_syllabus(top, syllabus):
    """[(ok, description, problems)] of checks 1 to 3."""
    with open(os.path.join(top, 'Documentation/walkthrough/README.md')) as f:
        times = {int(n): int(t) for n, t in re.findall(
            r'^\| \[(\d+)\. [^]]*\]\([^)]*\) \|[^|]*\| (\d+) min \|', f.read(), re.M)}
    rows = sessions_of(syllabus)
    res = []
    probs, read = [], []
    if len(rows) != 5:
        probs.append(f'{len(rows)} sessions, not 5')
    for cells in rows:
        m = re.match(r'chapters? ([\d, and]+?) \((\d+)\)$', cells[1])
        if not m:
            probs.append(f'session "{cells[0]}": its reading is not "chapters N, M (MINUTES)": {cells[1]}')
            continue
        chapters = ranges(m.group(1))
        read.extend(chapters)
        want = sum(times.get(c, 0) for c in chapters)
        if int(m.group(2)) != want or any(c not in times for c in chapters):
            probs.append(f'session "{cells[0]}": {m.group(2)} minutes of reading, the chapters\' times add up to {want}')
    res.append((not probs, f'{len(rows)} sessions, each with its reading, whose minutes are the chapters\' times', probs))

    chapters = set(times) - {8, 9}
    probs = [f'chapter {c} is read before no session' for c in sorted(chapters - set(read))]
    probs += [f'chapter {c} is read before {read.count(c)} sessions' for c in sorted(set(read)) if read.count(c) > 1]
    res.append((not probs, f'chapters {", ".join(map(str, sorted(chapters)))} are each read before one session', probs))

    exercises = set()
    for name in ('09-exercises.md', '10-attacks.md'):
        with open(os.path.join(top, 'Documentation/walkthrough', name)) as f:
            exercises.update(int(n) for n in re.findall(r'^#+ Exercise (\d+):', f.read(), re.M))
    with open(os.path.join(top, 'Documentation/labs/README.md')) as f:
        labs = {int(n) for n in re.findall(r'^## Lab (\d+):', f.read(), re.M)}
    demos = {int(re.search(r'demo-(\d+)\.cast$', c).group(1))
             for c in glob.glob(os.path.join(top, 'demos/casts/demo-*.cast'))}
    placed_ex, placed_labs, placed_demos = set(), set(), set()
    for cells in rows:
        work = cells[3] + ' ; ' + cells[4]
        for m in re.finditer(r'[Ee]xercises?\]?(?:\([^)]*\))? ([\d ,andto–-]+)', work):
            placed_ex |= ranges(m.group(1))
        for m in re.finditer(r'Labs? (\d+)', work):
            placed_labs.add(int(m.group(1)))
        for m in re.finditer(r'demo-(\d+)', cells[2]):
            placed_demos.add(int(m.group(1)))
    probs = [f'exercise {e} is in no session' for e in sorted(exercises - placed_ex)]
    probs += [f'Lab {l} is in no session' for l in sorted(labs - placed_labs)]
    probs += [f'the cast of demo-{d} is in no lecture' for d in sorted(demos - placed_demos)]
    if not exercises or not labs or not demos:
        probs.append('no exercises, labs or demos found')
    res.append((not probs, f'exercises {sorted(exercises)}, labs {sorted(labs)} and the casts of demos {sorted(demos)} each have a session', probs))
    return res


SUMMARY = ['**Three ids.**', '**Two maps.**', '**Where they apply.**', '**Writing the maps.**',
           '**Decided when committed.**', '**The security model.**', '**Cost.**']
TERMS = ['kernel id', 'fsuid', 'filesystem id']


def main(argv):
    top = argv[1] if len(argv) > 1 else '.'
    path = os.path.join(top, 'Documentation/course/syllabus.md')
    try:
        with open(path) as f:
            syllabus = f.read()
        with open(os.path.join(top, 'Documentation/course/summary.md')) as f:
            summary = f.read()
    except OSError as e:
        print(f'course-path: {e}', file=sys.stderr)
        return 2
    results = check_syllabus(top, syllabus)
    probs = [f'no paragraph {p}' for p in SUMMARY if p not in summary]
    probs += [f'no "{t}"' for t in TERMS if t not in summary.lower()]
    results.append((not probs, f'the summary has its {len(SUMMARY)} paragraphs and the three ids\' names', probs))
    # 5. Without the last session, the checks fail.
    rows = [l for l in syllabus.split('\n') if re.match(r'\| 5\. ', l)]
    cut = syllabus.replace(rows[0] + '\n', '') if rows else syllabus
    caught = any(not ok for ok, _, _ in check_syllabus(top, cut))
    results.append((caught, 'the checks fail on a syllabus without its last session', []))
    print(f'1..{len(results)}')
    for i, (ok, desc, probs) in enumerate(results, 1):
        print(f'{"ok" if ok else "not ok"} {i} - {desc}')
        for p in probs:
            print(f'#   {p}')
    return 0 if all(ok for ok, _, _ in results) else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
