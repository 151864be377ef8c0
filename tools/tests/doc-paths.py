#!/usr/bin/env python3
"""doc-paths.py — every file path that the docs name exists.

usage: tools/tests/doc-paths.py [FILE...]
       (default: README.md, CONTRIBUTING.md, demos/README.md and
       Documentation/**/*.md)

A path is an inline code span (`...`) outside fenced blocks that looks
like a relative file name: words joined by "/", the last with an
extension or a trailing "/" (`guest/bin/fsid-bench.c`, `demos/casts/`,
`fs/namei.c`). It must exist in the project, or in the kernel tree with
the series ($TREE, build/linux: kernel sources, selftests, the admin-guide
page), or in Debian's tree without it ($VANILLA, build/vanilla/linux).
Not checked: absolute paths (they name files in the guest or on the
host), paths under build/ and object files (made by the build), and
spans with a placeholder (<pid>, demo-N.sh, FLAVOUR.config, *, ...). A bare directory
name (`vm/`) must be a directory somewhere in the project; a document may
name its worked examples' files, which do not exist, in a comment
<!-- doc-paths: examples WORD... -->, and paths containing a WORD are not
checked.

Output is TAP, one test per document; a failure lists each missing path
with its line. The last test runs the check on a sample with one good
and one missing path and must see exactly the missing one.
Exit status: 0 every path exists; 1 some do not; 2 no kernel trees.
"""
import glob
import os
import re
import sys
import tempfile

top = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '../..'))
tree = os.environ.get('TREE', os.path.join(top, 'build/linux'))
vanilla = os.environ.get('VANILLA', os.path.join(top, 'build/vanilla/linux'))
span = re.compile(r'`([^`\s]+)`')
# A placeholder word in a path (demo-N.sh, FLAVOUR.config): not a file.
placeholder = re.compile(r'(^|[/-])(N|FLAVOUR|NAME|PROGRAM|FILE|OBJ)([./-]|$)')
pathlike = re.compile(r'^(?:\.\./)*[A-Za-z0-9_.+-]+(?:/[A-Za-z0-9_.+-]+)*(?:/|\.[A-Za-z0-9]+)$')


def candidates(doc, token):
    """Where TOKEN may live, as named in DOC."""
    rel = os.path.normpath(os.path.join(os.path.dirname(doc), token))
    roots = [top, tree, vanilla]
    return [rel] + [os.path.join(r, token) for r in roots]


def bare_dir_exists(token):
    """A bare directory name (`vm/`): some project directory has it."""
    name = token.rstrip('/')
    for root in ('tools', 'guest', 'demos', 'Documentation', 'series'):
        for dirpath, dirnames, _ in os.walk(os.path.join(top, root)):
            if name in dirnames:
                return True
    return False


def missing_in(doc):
    out = []
    fenced = False
    examples = []
    with open(doc) as f:
        text = f.read()
    # <!-- doc-paths: examples WORD... -->: a worked example's files, which
    # the reader is to write, are not checked.
    for m in re.finditer(r'<!-- doc-paths: examples ([^>]*?) -->', text):
        examples += m.group(1).split()
    with open(doc) as f:
        for num, line in enumerate(f, 1):
            if re.match(r'^\s*(```|~~~)', line):
                fenced = not fenced
                continue
            if fenced:
                continue
            for token in span.findall(line):
                token = token.rstrip('.,;:')
                if '/' not in token or not pathlike.match(token):
                    continue
                if token.startswith('build/') or placeholder.search(token):
                    continue
                if token.endswith(('.o', '.ko')):
                    continue
                if any(e in token for e in examples):
                    continue
                if re.fullmatch(r'[A-Za-z0-9_.-]+/', token) and bare_dir_exists(token):
                    continue
                if not any(os.path.exists(c) for c in candidates(doc, token)):
                    out.append(f'line {num}: {token}')
    return out


def main(argv):
    if not (os.path.isdir(tree) and os.path.isdir(vanilla)):
        print(f'doc-paths: no kernel trees at {tree} and {vanilla}: run make tree', file=sys.stderr)
        return 2
    docs = argv or ([os.path.join(top, d) for d in ('README.md', 'CONTRIBUTING.md', 'demos/README.md')]
                    + sorted(glob.glob(os.path.join(top, 'Documentation/**/*.md'), recursive=True)))
    print(f'1..{len(docs) + 1}')
    bad = 0
    for n, doc in enumerate(docs, 1):
        miss = missing_in(doc)
        name = os.path.relpath(doc, top)
        if miss:
            bad += 1
            print(f'not ok {n} - {name}: {len(miss)} path(s) that do not exist')
            for m in miss[:30]:
                print(f'#   {m}')
        else:
            print(f'ok {n} - {name}: every path it names exists')
    with tempfile.TemporaryDirectory() as d:
        sample = os.path.join(d, 'sample.md')
        with open(sample, 'w') as f:
            f.write('See `tools/tests/doc-paths.py` and `tools/no-such-file.sh`.\n'
                    '```\n`not/checked.c`\n```\n')
        seen = missing_in(sample)
        ok = seen == ['line 1: tools/no-such-file.sh']
        bad += 0 if ok else 1
        print(f'{"ok" if ok else "not ok"} {len(docs) + 1} - the check finds exactly the missing path of a sample'
              + ('' if ok else f' (saw {seen})'))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
