#!/usr/bin/env python3
"""How far a cell's median moves from night to night: for each cell every night holds, the standard
deviation of the log of its nightly median wall time (in %, about the CV), and the median of that
over the cells. Compares the real nights of docs/runs/nights (other days, other machines) with
windows of as many back-to-back nights of docs/runs/history-real (before its step at night 10: at most
9, more real nights then compared in windows of 9 consecutive ones too). The
fresh-clone CI machines' nights (docs/runs/nights/ci-nights.txt: the `ci-night:` lines .ci/run prints,
medians only) join the real ones in a second figure where there are any.
   python3 harness/scripts/night-spread.py
A quick run's night as that one line, for a machine whose files do not outlive it (.ci/run's fresh
clone runs on a machine of its own): when, which engine, kernel and CPU, each cell's median wall ms.
   python3 harness/scripts/night-spread.py --ci-night RESULTS_DIR"""
import csv, glob, gzip, json, math, os, statistics as st, sys

CI_LINE = 'ci-night:'
MEDIANS = "median wall ms: "


def night(path):
    """A run's raw.csv (gzipped or not): {cell: median figure of its ok measured runs}: a JMH cell's score, a
    built-in cell's wall ms."""
    by = {}
    for r in csv.DictReader(gzip.open(path, 'rt') if path.endswith('.gz') else open(path)):
        if r['status'] == 'ok' and r.get('phase', 'measure') in ('measure', ''):
            by.setdefault(r['cell'], []).append(float(r.get('score') or r['wall_ms']))
    return {c: st.median(v) for c, v in by.items()}


def ci_nights(path):
    """Each `ci-night:` line of ci_night: {cell: median wall ms}."""
    nights = []
    for line in open(path) if os.path.exists(path) else []:
        if line.startswith(CI_LINE) and MEDIANS in line:
            pairs = line.strip().split(MEDIANS, 1)[1].split('; ')
            nights.append({c: float(v) for c, v in (p.rsplit('=', 1) for p in pairs)})
    return nights


def ci_night(folder):
    """The `ci-night:` line of a results folder (its raw.csv and run.json)."""
    if not os.path.isfile(os.path.join(folder, 'raw.csv')):
        sys.exit('night-spread --ci-night: name a results folder with its raw.csv and run.json (make quick writes results/<run-id>/)')
    with open(os.path.join(folder, 'run.json')) as f:
        run = json.load(f)
    medians = night(os.path.join(folder, 'raw.csv'))
    host, engine = run.get('host', {}), run.get('engine', {})
    cells = '; '.join(f'{c}={m:.1f}' for c, m in sorted(medians.items()))
    return (f"{CI_LINE} {run.get('started_at', '?')} engine {engine.get('id', '?')} kernel {host.get('kernel', '?')} "
            f"cpu {host.get('cpu_model', '?')} x{host.get('cpus', '?')} commit {run.get('git_commit', '?')[:12]}; "
            f"{len(medians)} cells' {MEDIANS}{cells}")


def spread(paths, more=()):
    nights = [night(p) for p in paths] + list(more)
    cells = set.intersection(*[set(n) for n in nights])
    return st.median(st.stdev(math.log(n[c]) for n in nights) * 100 for c in cells), len(cells)


def main():
    real = sorted(glob.glob('docs/runs/nights/*/raw.csv.gz'))
    k = len(real)
    s, cells = spread(real)
    print(f'real nights: {k} (docs/runs/nights), median over {cells} cells of the sd of log nightly median: {s:.1f} %')
    back = sorted(glob.glob('docs/runs/history-real/*/raw.csv.gz'))[:9]
    w = min(k, len(back))  # history-real has 9 nights before its step: more real nights are compared 9 at a time
    windows = [spread(back[i:i + w])[0] for i in range(len(back) - w + 1)]
    print(f'back-to-back windows of {w} nights (history-real nights 1-9, before its step): ' + ' '.join(f'{x:.1f}' for x in windows)
          + f' %; median {st.median(windows):.1f} %')
    if w < k:
        mine = [spread(real[i:i + w])[0] for i in range(k - w + 1)]
        print(f'real nights in windows of {w} consecutive ones: ' + ' '.join(f'{x:.1f}' for x in mine) + f' %; median {st.median(mine):.1f} %')
    ci = ci_nights('docs/runs/nights/ci-nights.txt')
    if ci:
        s, cells = spread(real, ci)
        print(f'with the {len(ci)} fresh-clone CI machines\' nights (docs/runs/nights/ci-nights.txt): {k + len(ci)} nights, '
              f'median over {cells} cells of the sd of log nightly median: {s:.1f} %')


if __name__ == '__main__':
    if sys.argv[1:2] == ['--ci-night'] and len(sys.argv) == 3:
        print(ci_night(sys.argv[2]))
    else:
        main()
