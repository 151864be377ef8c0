#!/usr/bin/env python3
"""trace-table.py — call-trace.sh's per-function counts side by side, as
a Markdown table: one row per function whose count differs between the
traces, then the totals.

usage: tools/bench/trace-table.py LABEL=FILE LABEL=FILE...
Each FILE is call-trace.sh's output. The first is the reference: the last
column is each other trace's total minus its total.
Exit status: 0 printed; 2 usage or an unreadable file.
"""
import sys


def load(path):
    counts, total = {}, 0
    with open(path) as f:
        for line in f:
            n, name = line.split()
            if n == 'total':
                total = int(name)
            else:
                counts[name] = int(n)
    return counts, total


def main(args):
    if len(args) < 2 or any('=' not in a for a in args):
        print(__doc__.strip().split('\n\n')[1], file=sys.stderr)
        return 2
    traces = []
    for a in args:
        label, path = a.split('=', 1)
        try:
            traces.append((label,) + load(path))
        except (OSError, ValueError) as e:
            print(f'trace-table: {path}: {e}', file=sys.stderr)
            return 2
    names = sorted({n for _, c, _ in traces for n in c},
                   key=lambda n: (-max(abs(c.get(n, 0) - traces[0][1].get(n, 0)) for _, c, _ in traces), n))
    print('| function | ' + ' | '.join(t[0] for t in traces) + ' |')
    print('| --- |' + ' ---: |' * len(traces))
    for n in names:
        row = [c.get(n, 0) for _, c, _ in traces]
        if len(set(row)) > 1:
            print(f'| `{n}` | ' + ' | '.join(str(x) for x in row) + ' |')
    ref = traces[0][2]
    print('| total | ' + ' | '.join(str(t) if i == 0 else f'{t} ({t - ref:+d})'
                                   for i, (_, _, t) in enumerate(traces)) + ' |')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
