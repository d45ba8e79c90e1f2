#!/usr/bin/env python3
"""How far a cell's median moves from night to night: for each cell every night holds, the standard
deviation of the log of its nightly median wall time (in %, about the CV), and the median of that
over the cells. Compares the real nights of docs/runs/nights (other days, other machines) with
windows of as many back-to-back nights of docs/runs/history-real (before its step at night 10). The
fresh-clone CI machines' nights (docs/runs/nights/ci-nights.txt: the `ci-night:` lines .ci/run prints,
medians only) join the real ones in a second figure where there are any.
   python3 harness/scripts/night-spread.py"""
import csv, glob, gzip, math, os, statistics as st


def night(path):
    by = {}
    for r in csv.DictReader(gzip.open(path, 'rt')):
        if r['status'] == 'ok' and r.get('phase', 'measure') in ('measure', ''):
            by.setdefault(r['cell'], []).append(float(r['wall_ms']))
    return {c: st.median(v) for c, v in by.items()}


def ci_nights(path):
    """Each `ci-night:` line of harness/scripts/ci-night.py: {cell: median wall ms}."""
    nights = []
    for line in open(path) if os.path.exists(path) else []:
        if line.startswith('ci-night:') and "median wall ms: " in line:
            pairs = line.strip().split("median wall ms: ", 1)[1].split('; ')
            nights.append({c: float(v) for c, v in (p.rsplit('=', 1) for p in pairs)})
    return nights


def spread(paths, more=()):
    nights = [night(p) for p in paths] + list(more)
    cells = set.intersection(*[set(n) for n in nights])
    return st.median(st.stdev(math.log(n[c]) for n in nights) * 100 for c in cells), len(cells)


real = sorted(glob.glob('docs/runs/nights/*/raw.csv.gz'))
k = len(real)
s, cells = spread(real)
print(f'real nights: {k} (docs/runs/nights), median over {cells} cells of the sd of log nightly median: {s:.1f} %')
back = sorted(glob.glob('docs/runs/history-real/*/raw.csv.gz'))[:9]
windows = [spread(back[i:i + k])[0] for i in range(len(back) - k + 1)]
print(f'back-to-back windows of {k} nights (history-real nights 1-9): ' + ' '.join(f'{w:.1f}' for w in windows)
      + f' %; median {st.median(windows):.1f} %')
ci = ci_nights('docs/runs/nights/ci-nights.txt')
if ci:
    s, cells = spread(real, ci)
    print(f'with the {len(ci)} fresh-clone CI machines\' nights (docs/runs/nights/ci-nights.txt): {k + len(ci)} nights, '
          f'median over {cells} cells of the sd of log nightly median: {s:.1f} %')
