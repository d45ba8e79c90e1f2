#!/usr/bin/env python3
"""A warm-up page from one bench's runs of a JMH suite, each a way of warming up (fixed counts, and the last
way warmup: until-steady): minutes per suite, each JDK's runs by steady-state class, iterations run, and the
comparisons whose verdict differs. OUT/bench.json, written by the bench's script, names the suite and its
ways: make bench-warmup (harness/scripts/bench-warmup.sh, examples/jmh, docs/warmup.md) and make
bench-warmup-public (harness/scripts/bench-warmup-public.sh, a public suite, docs/warmup-public.md).
   python3 harness/scripts/warmup-report.py OUT REPS > docs/warmup.md"""
import csv
import json
import statistics as st
import subprocess
import sys
from datetime import datetime
from pathlib import Path

OUT, REPS = Path(sys.argv[1]), int(sys.argv[2])
BENCH = json.loads((OUT / 'bench.json').read_text())
CONFIGS = [tuple(w) for w in BENCH['ways']]
STEADY = CONFIGS[-1][0]
FIXED = [name for name, _ in CONFIGS[:-1]]
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
first = runs[FIXED[0]]['meta']
# the commit the runs were made at, as run.json records it (else this checkout's)
commit = (first.get('git_commit') or subprocess.run(['git', 'rev-parse', 'HEAD'], capture_output=True, text=True).stdout.strip())[:7]
if first.get('git_dirty'):
    commit += ' (with changes not yet committed)'
host = first.get('host') or {}
print(f'# Warm-up until steady, against fixed warm-up{BENCH.get("title", "")}')
print()
print(f'Written by `{BENCH["target"]}` ({BENCH["script"]}, then harness/scripts/warmup-report.py) on '
      f'{first["started_at"][:10]} at commit {commit}, on {host.get("cpu_model", "?")} '
      f'({host.get("cpus", "?")} CPUs). The suite: {BENCH["suite"]}, {REPS} rounds, run {len(CONFIGS)} ways one after the other:')
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
    stopped = sum(1 for x in r['raw'] if x['status'] == 'ok' and x.get('exit_code') == '137') if name == STEADY else '-'
    print(f'| {name} | {r["minutes"]:.1f} | {ok} | {invalid} | {st.median(its) if its else "-"}, {max(its) if its else "-"} | {stopped} |')
print()
def than(other):
    change = 100 * (runs[STEADY]['minutes'] / other - 1)
    return f'{abs(change):.0f} % {"less" if change < 0 else "more"}'


print(f'{STEADY} took ' + ' and '.join(f'{than(runs[name]["minutes"])} time than {name}' for name in FIXED) + '.')
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
print(f'Each JDK pair of a cell ({len(runs[STEADY]["comp"])} comparisons) in each run; a verdict needs 6 paired rounds (docs/statistics.md).')
print()


def verdicts(name):
    return {(c['cell_a'], c['cell_b']): c for c in runs[name]['comp']}


u = verdicts(STEADY)
goal = []
print(f'| against {STEADY} | comparisons | same verdict | different | of those where both sides\' runs reached a steady state in both: same, different |')
print('|---|---|---|---|---|')
for name in FIXED:
    f = verdicts(name)
    keys = sorted(set(f) & set(u))
    same = [k for k in keys if f[k]['verdict'] == u[k]['verdict']]
    both = [k for k in keys if steady_sides(runs[name], *k) and steady_sides(runs[STEADY], *k)]
    both_same = [k for k in both if f[k]['verdict'] == u[k]['verdict']]
    print(f'| {name} | {len(keys)} | {len(same)} | {len(keys) - len(same)} | {len(both_same)}, {len(both) - len(both_same)} |')
    saved = 100 * (1 - runs[STEADY]['minutes'] / runs[name]['minutes'])
    if not both:  # no comparison to hold the verdicts to: the time alone says nothing of the goal
        goal.append(f'against {name}: not judged ({than(runs[name]["minutes"])} time; no comparison\'s sides reached a steady state in every run both ways, '
                    f'so no verdict can be held to it: verdicts equal in {len(same)} of {len(keys)} comparisons overall)')
        continue
    met = saved >= 40 and len(both_same) == len(both)
    goal.append(f'against {name}: {"met" if met else "not met"} ({than(runs[name]["minutes"])} time; verdicts equal in {len(both_same)} of the {len(both)} '
                f'comparisons whose sides reached a steady state both ways)')
print()
decided = {name: sum(1 for c in runs[name]['comp'] if c['verdict'] not in ('undecided', '')) for name, _ in CONFIGS}
print(f'Verdicts decided (faster, slower or same, not undecided), of {len(u)}: ' + ', '.join(f'{name} {decided[name]}' for name, _ in CONFIGS) + '.')
print()
print('**The goal** (at least 40 % less time per suite, at equal verdicts where both sides reach a steady state): ' + '; '.join(goal) + '.')
print()
print('The comparisons, verdict and ratio [95 % interval] each way:')
print()
print('| comparison | ' + ' | '.join(name for name, _ in CONFIGS) + ' |')
print('|---' * (len(CONFIGS) + 1) + '|')
every = [verdicts(name) for name, _ in CONFIGS]
for k in sorted(u):
    def cell(v):
        c = v.get(k)
        if not c:
            return '-'
        return f'{c["verdict"]} {float(c["ratio"]):.3f} [{float(c["ratio_low"]):.3f}, {float(c["ratio_high"]):.3f}]' if c['ratio'] else c['verdict']
    words = k[0].split(' ')
    limits = [w for w in words if w.startswith('cpus=') or w.startswith('cpu-mode=')]  # what sets the pair apart from the other pairs of its workload
    label = k[0].split(' jdk=')[0] + ' ' + ' '.join(limits) + ': ' + u[k]['compared']
    print(f'| `{label}` | ' + ' | '.join(cell(v) for v in every) + ' |')
