#!/usr/bin/env python3
"""docs/warmup.md from make bench-warmup's three runs of examples/jmh (harness/scripts/bench-warmup.sh):
its own fixed warm-up, JMH's default counts, and warmup: until-steady. Minutes per suite, each
JDK's runs by steady-state class, iterations run, and the comparisons whose verdict differs.
   python3 harness/scripts/warmup-report.py OUT REPS > docs/warmup.md"""
import csv
import json
import statistics as st
import subprocess
import sys
from datetime import datetime
from pathlib import Path

OUT, REPS = Path(sys.argv[1]), int(sys.argv[2])
CONFIGS = [('own', 'its own jmh-args: `-f 1 -wi 2 -i 3`, 1 s iterations'),
           ('jmh-defaults', "JMH's default counts: `-f 1 -wi 5 -i 5`, 1 s iterations"),
           ('until-steady', '`warmup: until-steady`: 1 s iterations, stopped once 5 hold a steady state, at most 30')]
CLASSES = ['flat', 'warmup', 'slowdown', 'none', '']


def when(text):
    return datetime.fromisoformat(text.replace('Z', '+00:00'))


def load(name):
    d = OUT / name
    meta = json.loads((d / 'run.json').read_text())
    raw = [r for r in csv.DictReader(open(d / 'raw.csv')) if r.get('phase', 'measure') in ('measure', '')]
    comp = list(csv.DictReader(open(d / 'comparisons.csv')))
    return {'meta': meta, 'raw': raw, 'comp': comp,
            'minutes': (when(meta['ended_at']) - when(meta['started_at'])).total_seconds() / 60}


def steady_sides(run, a, b):
    """Whether every run of both cells reached a steady state (flat or warm-up)."""
    rows = [r for r in run['raw'] if r['cell'] in (a, b)]
    return bool(rows) and all(r.get('steady_state') in ('flat', 'warmup') for r in rows)


runs = {name: load(name) for name, _ in CONFIGS}
commit = subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], capture_output=True, text=True).stdout.strip()
host = runs['own']['meta'].get('host') or {}
print('# Warm-up until steady, against fixed warm-up')
print()
print(f'Written by `make bench-warmup` (harness/scripts/bench-warmup.sh, then harness/scripts/warmup-report.py) on '
      f'{runs["own"]["meta"]["started_at"][:10]} at commit {commit}, on {host.get("cpu_model", "?")} '
      f'({host.get("cpus", "?")} CPUs). The suite: examples/jmh.yaml (24 cells: PinningBench, ParallelHashBench and '
      f'StringJoinBench on JDK 21 and 25, at 1 and 2 CPUs), {REPS} rounds, run three ways one after the other:')
print()
for name, what in CONFIGS:
    print(f'- **{name}**: {what}')
print()
print('## Time and iterations')
print()
print('| warm-up | minutes for the suite | runs ok | runs invalid | iterations a run, warm-up ones included (median, max) | runs stopped before their bound |')
print('|---|---|---|---|---|---|')
for name, _ in CONFIGS:
    r = runs[name]
    its = [int(x['jmh_iterations']) + int(x.get('jmh_warmup_iterations') or 0) for x in r['raw'] if x.get('jmh_iterations', '').isdigit()]
    ok = sum(1 for x in r['raw'] if x['status'] == 'ok')
    invalid = sum(1 for x in r['raw'] if x['status'] == 'invalid')
    stopped = sum(1 for x in r['raw'] if x['status'] == 'ok' and x.get('exit_code') == '137') if name == 'until-steady' else '-'
    print(f'| {name} | {r["minutes"]:.1f} | {ok} | {invalid} | {st.median(its) if its else "-"}, {max(its) if its else "-"} | {stopped} |')
print()
def than(other):
    change = 100 * (runs['until-steady']['minutes'] / other - 1)
    return f'{abs(change):.0f} % {"less" if change < 0 else "more"}'


base = runs['own']['minutes']
dflt = runs['jmh-defaults']['minutes']
us = runs['until-steady']['minutes']
print(f'until-steady took {than(base)} time than the suite as it comes and {than(dflt)} than at JMH\'s default counts.')
print()
print("## Each JDK's runs by steady-state class")
print()
print('Over each run\'s iterations (warm-up ones included), as raw.csv\'s `steady_state` says (empty: too few iterations to tell).')
print()
print('| warm-up | JDK | runs | flat | warmup | slowdown | none | not classified |')
print('|---|---|---|---|---|---|---|---|')
for name, _ in CONFIGS:
    for jdk in sorted({x['jdk'] for x in runs[name]['raw']}):
        rows = [x for x in runs[name]['raw'] if x['jdk'] == jdk]
        counts = [sum(1 for x in rows if x.get('steady_state', '') == c) for c in CLASSES]
        print(f'| {name} | {jdk} | {len(rows)} | ' + ' | '.join(f'{c} ({100 * c / len(rows):.0f} %)' for c in counts) + ' |')
print()
print('## Verdicts')
print()
print('Each JDK pair of a cell (12 comparisons) in each run; a verdict needs 6 paired rounds (docs/statistics.md).')
print()


def verdicts(name):
    return {(c['cell_a'], c['cell_b']): c for c in runs[name]['comp']}


u = verdicts('until-steady')
goal = []
print('| against until-steady | comparisons | same verdict | different | of those where both sides\' runs reached a steady state in both: same, different |')
print('|---|---|---|---|---|')
for name in ('own', 'jmh-defaults'):
    f = verdicts(name)
    keys = sorted(set(f) & set(u))
    same = [k for k in keys if f[k]['verdict'] == u[k]['verdict']]
    both = [k for k in keys if steady_sides(runs[name], *k) and steady_sides(runs['until-steady'], *k)]
    both_same = [k for k in both if f[k]['verdict'] == u[k]['verdict']]
    print(f'| {name} | {len(keys)} | {len(same)} | {len(keys) - len(same)} | {len(both_same)}, {len(both) - len(both_same)} |')
    saved = 100 * (1 - runs['until-steady']['minutes'] / runs[name]['minutes'])
    met = saved >= 40 and len(both_same) == len(both)
    goal.append(f'against {name}: {"met" if met else "not met"} ({than(runs[name]["minutes"])} time; verdicts equal in {len(both_same)} of the {len(both)} '
                f'comparisons whose sides reached a steady state both ways)')
print()
decided = {name: sum(1 for c in runs[name]['comp'] if c['verdict'] not in ('undecided', '')) for name, _ in CONFIGS}
print('Verdicts decided (faster, slower or same, not undecided), of 12: ' + ', '.join(f'{name} {decided[name]}' for name, _ in CONFIGS) + '.')
print()
print('**The goal** (at least 40 % less time per suite, at equal verdicts where both sides reach a steady state): ' + '; '.join(goal) + '.')
print()
print('The comparisons, verdict and ratio [95 % interval] each way:')
print()
print('| comparison | own | jmh-defaults | until-steady |')
print('|---|---|---|---|')
o, d = verdicts('own'), verdicts('jmh-defaults')
for k in sorted(u):
    def cell(v):
        c = v.get(k)
        if not c:
            return '-'
        return f'{c["verdict"]} {float(c["ratio"]):.3f} [{float(c["ratio_low"]):.3f}, {float(c["ratio_high"]):.3f}]' if c['ratio'] else c['verdict']
    label = k[0].split(' jdk=')[0] + ' ' + k[0].split(' ')[-2] + ': ' + u[k]['compared']
    print(f'| `{label}` | {cell(o)} | {cell(d)} | {cell(u)} |')
