#!/usr/bin/env python3
"""walkthrough-structure.py — every chapter of the walkthrough has its
objectives and checkpoints, every checkpoint and every exercise its
answer, and every link into the glossary and the answers an anchor that
exists.

usage: tools/tests/walkthrough-structure.py [DIR]

DIR is the walkthrough [Documentation/walkthrough]. The numbered chapters
of DIR/ORDER but the glossary and the answers page (NN-*.md, in order)
must each have, within the five lines after the title, a paragraph
"**Objectives.** After this chapter you can:" followed by two to four
"- " items and by "**Time.** About N minutes: ...", and before their "Next:" line (or at their end) a section
"## Checkpoints" of two or three numbered questions, question I of
chapter N linking to ANSWERS#checkpoint-NI. ANSWERS, the answers page, has,
for each, a heading "### Checkpoint N.I" followed by the same question
and an answer that links back to the chapter's #checkpoints. Each
exercise of a chapter (a heading "## Exercise N: ..." or "### ...") is
followed by the line "[Answer N](ANSWERS#answer-N)", and ANSWERS has a
heading "### Answer N" with the line "**Answer N:** ..." that make
check's exercises suites read, and a link back to the exercise's heading.
ANSWERS answers nothing else. Links to the glossary (12-glossary.md#ID)
must name the id of one of its headings, as GitHub and pandoc -f gfm make
them. Each table of a chapter has a caption, "**Table C.N.** ..." (chapter
C, its Nth table), as the paragraph before it. Chapters 1 to 5 stay on
what the series does and why: a paragraph of theirs that names a
performance internal (the static key, the benchmark, instruction counts,
...) must link to chapter 11, which explains them. Then the same checks run
on a copy of DIR with one answer removed, on one with one table caption
removed, and on one whose chapter 3 explains the static key, and must
fail there (the checker can catch what it is
for).

In the students' copy of the workbench (make handout), which has no
answers page, ANSWERS is None: the checkpoints are numbered questions
without a link, and nothing is checked of answers.

Output is TAP: one test per chapter, one each for the checkpoint answers,
the exercise answers and the glossary links, and one per self-check.
Exit status: 0 all passed; 1 a check failed; 2 usage or a missing file.
"""
import os
import re
import shutil
import sys
import tempfile

GLOSSARY = '12-glossary.md'
ANSWERS = None  # the students' copy has no answers page
ANSWERS = '13-answers.md'  # instructors


def gfm_id(heading):
    """The anchor id GitHub (and pandoc -f gfm) give a heading."""
    text = re.sub(r'`', '', heading.strip().lower())
    text = re.sub(r'[^\w\- ]', '', text)
    return text.replace(' ', '-')


def chapters_of(d):
    with open(os.path.join(d, 'ORDER')) as f:
        names = [line.strip() for line in f if line.strip()]
    return [n for n in names if re.match(r'\d\d-', n)
            and n not in (GLOSSARY, ANSWERS)]


def check_tables(name, chapter, lines):
    """Problems of a chapter's tables: each has its caption, "**Table C.N.**"
    in order, as the paragraph before it (an excerpt comment may sit
    between them)."""
    problems, n, fenced = [], 0, False
    for i, l in enumerate(lines):
        if l.startswith('```'):
            fenced = not fenced
        if fenced or not l.startswith('|') or i + 1 >= len(lines) \
                or not re.match(r'^\| ?:?-{3}', lines[i + 1]) or lines[i - 1].startswith('|'):
            continue
        n += 1
        k = i - 1
        if lines[k].startswith('<!-- excerpt:'):
            k -= 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        if k < 0 or not lines[k].startswith(f'**Table {chapter}.{n}.** '):
            problems.append(f'{name}:{i + 1}: table {chapter}.{n} has no caption '
                            f'"**Table {chapter}.{n}.** ..." as the paragraph before it')
    return problems


def check_chapter(d, name):
    """Problems of one chapter, and its questions as {anchor: text}."""
    problems, questions = [], {}
    with open(os.path.join(d, name)) as f:
        lines = f.read().split('\n')
    num = re.match(r'# (\d+)\.', lines[0])
    if num:
        problems += check_tables(name, num.group(1), lines)
    if not num:
        return ['the first line is not "# N. Title"'], questions
    n = num.group(1)
    head = [i for i, l in enumerate(lines[:7])
            if l.startswith('**Objectives.** After this chapter you can:')]
    if not head:
        problems.append('no "**Objectives.**" paragraph after the title')
    else:
        items = 0
        for l in lines[head[0] + 1:]:
            if l.startswith('- '):
                items += 1
            elif items and not l.strip():
                break
        if not 2 <= items <= 4:
            problems.append(f'{items} objectives, not 2 to 4')
        # Then how long the chapter takes.
        after = [l for l in lines[head[0] + 1:head[0] + 12] if l.strip() and not l.startswith('- ')]
        if not after or not re.match(r'\*\*Time\.\*\* About \d+ minutes: \S', after[0]):
            problems.append('no "**Time.** About N minutes: ..." paragraph after the objectives')
    if '## Checkpoints' not in lines:
        problems.append('no "## Checkpoints" section')
        return problems, questions
    start = lines.index('## Checkpoints') + 1
    for l in lines[start:]:
        if l.startswith('#') or l.startswith('Next: '):
            break
        if ANSWERS is None:
            m = re.match(r'(\d+)\. (.*)$', l)
            if m:
                questions[f'checkpoint-{n}{m.group(1)}'] = (m.group(2), name)
            continue
        m = re.match(r'(\d+)\. (.*) \(\[answer\]\(' + re.escape(ANSWERS)
                     + r'#([\w-]+)\)\)$', l)
        if m:
            want = f'checkpoint-{n}{m.group(1)}'
            if m.group(3) != want:
                problems.append(f'question {m.group(1)} links to #{m.group(3)}, not #{want}')
            questions[want] = (m.group(2), name)
        elif re.match(r'\d+\. ', l):
            problems.append(f'question without its answer link: {l[:60]}')
    if not 2 <= len(questions) <= 3:
        problems.append(f'{len(questions)} checkpoints, not 2 or 3')
    return problems, questions


def check_answers(d, questions):
    problems = []
    with open(os.path.join(d, ANSWERS)) as f:
        text = f.read()
    blocks = re.split(r'(?m)^### Checkpoint (\d+)\.(\d+)\n', text)
    seen = set()
    for i in range(1, len(blocks), 3):
        anchor = f'checkpoint-{blocks[i]}{blocks[i + 1]}'
        body = blocks[i + 2].strip().split('\n\n')
        seen.add(anchor)
        if anchor not in questions:
            problems.append(f'{anchor}: an answer without a question')
            continue
        q, chapter = questions[anchor]
        if not body or body[0].replace('\n', ' ') != q:
            problems.append(f'{anchor}: the question differs from the chapter\'s')
        if len(body) < 2 or f']({chapter}#checkpoints)' not in body[1]:
            problems.append(f'{anchor}: no answer linking back to {chapter}#checkpoints')
    for anchor in questions:
        if anchor not in seen:
            problems.append(f'{anchor}: a question without an answer')
    return problems


def check_exercises(d, chapters):
    """Problems of the exercises and their answers, and their number."""
    problems, exercises = [], {}
    for name in chapters:
        with open(os.path.join(d, name)) as f:
            lines = f.read().split('\n')
        for i, l in enumerate(lines):
            m = re.match(r'#+ (Exercise (\d+):.*)$', l)
            if not m:
                continue
            n = m.group(2)
            exercises[n] = (name, gfm_id(m.group(1)))
            rest = lines[i + 1:]
            # The section ends at the next heading; a "#" line inside a
            # ``` block is a shell comment, not a heading.
            end, fenced = len(rest), False
            for k, x in enumerate(rest):
                if x.startswith('```'):
                    fenced = not fenced
                elif x.startswith('#') and not fenced:
                    end = k
                    break
            if f'[Answer {n}]({ANSWERS}#answer-{n})' not in rest[:end]:
                problems.append(f'{name}: exercise {n} has no line [Answer {n}]({ANSWERS}#answer-{n})')
    with open(os.path.join(d, ANSWERS)) as f:
        blocks = re.split(r'(?m)^### Answer (\d+)\n', f.read())
    seen = set()
    for i in range(1, len(blocks), 2):
        n, body = blocks[i], blocks[i + 1]
        seen.add(n)
        if n not in exercises:
            problems.append(f'answer {n}: no exercise {n}')
            continue
        name, anchor = exercises[n]
        if not re.search(r'(?m)^\*\*Answer ' + n + r':\*\* `', body):
            problems.append(f'answer {n}: no line "**Answer {n}:** `value`"')
        if f']({name}#{anchor})' not in body:
            problems.append(f'answer {n}: no link back to {name}#{anchor}')
    for n in exercises:
        if n not in seen:
            problems.append(f'exercise {n}: no "### Answer {n}" in {ANSWERS}')
    return problems, len(exercises)


# What chapters 1 to 5 leave to chapter 11: how the series is made cheap.
PERF = re.compile(r'static[ _-]key|static_branch|userns_fsid_maps_used|jump[ _-]label'
                  r'|make bench|fsid-bench|call-trace|icount|cache line|credential cache'
                  r'|instructions? per|per cent|%\s+more|benchmark|fsid_maps_used'
                  r'|costs? about|a fifth more|kept in the task', re.I)


def check_depth(d, chapters):
    """Problems of chapters 1 to 5 that walk into performance internals: a
    paragraph of prose that names one must link to chapter 11 (11-cost.md),
    as a pointer for later. Code blocks quote the patches and are not
    read."""
    problems = []
    for name in chapters:
        m = re.match(r'(\d\d)-', name)
        if not m or int(m.group(1)) > 5:
            continue
        with open(os.path.join(d, name)) as f:
            text = f.read()
        # Paragraphs: runs of non-blank lines; a code block is one whole.
        paras, cur, fenced = [], [], False
        for i, line in enumerate(text.split('\n'), 1):
            if line.startswith('```'):
                fenced = not fenced
            if not line.strip() and not fenced:
                if cur:
                    paras.append(cur)
                cur = []
            else:
                cur.append((i, line))
        if cur:
            paras.append(cur)
        for para in paras:
            if para[0][1].startswith('```') or para[0][1].startswith('<!-- excerpt:'):
                continue
            body = '\n'.join(l for _, l in para)
            hit = PERF.search(body)
            if hit and '11-cost.md' not in body:
                problems.append(f'{name}: line {para[0][0]}: "{hit.group(0)}" without a link to chapter 11 (11-cost.md)')
    return problems


def check_glossary_links(d, chapters):
    with open(os.path.join(d, GLOSSARY)) as f:
        ids = {gfm_id(l[3:]) for l in f.read().split('\n') if l.startswith('## ')}
    problems, links = [], 0
    for name in chapters:
        with open(os.path.join(d, name)) as f:
            for anchor in re.findall(re.escape(GLOSSARY) + r'#([\w-]+)\)', f.read()):
                links += 1
                if anchor not in ids:
                    problems.append(f'{name}: #{anchor} is no glossary entry')
    if not links:
        problems.append('no chapter links to the glossary')
    return problems, links


def run(d, emit):
    """All the checks on walkthrough D; emit(ok, description, problems)."""
    chapters = chapters_of(d)
    questions, failed = {}, 0
    for name in chapters:
        problems, qs = check_chapter(d, name)
        questions.update(qs)
        failed += emit(not problems, f'{name}: objectives and {len(qs)} checkpoints', problems)
    if ANSWERS is not None:
        problems = check_answers(d, questions)
        failed += emit(not problems, f'{ANSWERS}: one answer per question ({len(questions)})', problems)
        problems, count = check_exercises(d, chapters)
        failed += emit(not problems, f'{ANSWERS}: one answer per exercise ({count})', problems)
    problems = check_depth(d, chapters)
    failed += emit(not problems, 'chapters 1 to 5 leave performance internals to chapter 11 (a mention links there)', problems)
    problems, links = check_glossary_links(d, chapters)
    failed += emit(not problems, f'{links} glossary links name an entry', problems)
    return failed


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else 'Documentation/walkthrough'
    for f in ('ORDER', GLOSSARY) + ((ANSWERS,) if ANSWERS else ()):
        if not os.path.isfile(os.path.join(d, f)):
            print(f'walkthrough-structure: no {os.path.join(d, f)}', file=sys.stderr)
            return 2
    results = []

    def emit(ok, desc, problems):
        results.append((ok, desc, problems))
        return 0 if ok else 1

    failed = run(d, emit)
    # Self-check: the same checks on a copy without the first answer fail.
    caught = None
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, 'w')
        shutil.copytree(d, copy)
        if ANSWERS is not None:
            path = os.path.join(copy, ANSWERS)
            with open(path) as f:
                text = f.read()
            cut = re.sub(r'(?ms)^### Checkpoint \d+\.\d+\n.*?(?=^##)', '', text, count=1)
            with open(path, 'w') as f:
                f.write(cut)
            caught = run(copy, lambda ok, desc, problems: 0 if ok else 1) > 0
            with open(path, 'w') as f:
                f.write(text)
        # And on a copy without one table caption, if any chapter has one.
        uncaptioned = None
        for name in chapters_of(copy):
            cpath = os.path.join(copy, name)
            with open(cpath) as f:
                ctext = f.read()
            cut = re.sub(r'(?m)^\*\*Table \d+\.\d+\.\*\* .*\n', '', ctext, count=1)
            if cut != ctext:
                with open(cpath, 'w') as f:
                    f.write(cut)
                uncaptioned = run(copy, lambda ok, desc, problems: 0 if ok else 1) > 0
                break
    if caught is not None:
        results.append((caught, 'the checks fail on a copy with one answer removed', []))
        failed += 0 if caught else 1
    if uncaptioned is not None:
        results.append((uncaptioned, 'the checks fail on a copy with one table caption removed', []))
        failed += 0 if uncaptioned else 1
    # And on one whose chapter 3 walks into the static key.
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, 'w')
        shutil.copytree(d, copy)
        third = [n for n in chapters_of(copy) if n.startswith('03-')]
        deep = None
        if third:
            with open(os.path.join(copy, third[0]), 'a') as f:
                f.write('\nThe static key `userns_fsid_maps_used` stays off until the first fsid map.\n')
            deep = bool(check_depth(copy, chapters_of(copy)))
    results.append((deep is True, 'the checks fail on a copy whose chapter 3 explains the static key', []))
    failed += 0 if deep else 1

    print(f'1..{len(results)}')
    for i, (ok, desc, problems) in enumerate(results, 1):
        print(f'{"ok" if ok else "not ok"} {i} - {desc}')
        for p in problems:
            print(f'#   {p}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
