#!/usr/bin/env python3
"""Keeps a quick run as a real night of this machine (docs/runs/nights: the history's calibration on
nights that were really apart, docs/history.md): its raw.csv gzipped and its run.json copied into
NIGHTS/<started, UTC, YYYY-MM-DD-HHMM>, then the README's row printed to fill in (what ran beside
it): when, the CPU model, the engine id and kernel (which machine), the load average before the
run, and each cell's median against the same cell's median over the nights already kept.
   python3 harness/scripts/keep-night.py RESULTS_DIR NIGHTS_DIR [LOADAVG]
(make keep-night runs make quick and this; make keep-reference-night the reference nightly, with KEEP_MATRIX=reference-nightly.)"""
import csv, gzip, json, os, shutil, statistics as st, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
night_spread = __import__('night-spread')


def fail(msg):
    print('keep-night: ' + msg, file=sys.stderr)
    sys.exit(2)


def engine_id(run_json):
    """The Docker engine id a kept night's run.json names: which machine it ran on."""
    with open(run_json) as f:
        return json.load(f).get('engine', {}).get('id')


def unit(raw, cell):
    """The unit of a cell's figure in a run's raw.csv: a JMH cell's score unit (ops/s, us/op), a built-in cell's ms."""
    with open(raw) as f:
        for r in csv.DictReader(f):
            if r['cell'] == cell:
                return r.get('score_unit') or 'ms'
    return 'ms'


def figure(x):
    """A cell's figure as a person reads it: 132, 0.0943, 264,098,512."""
    return f'{x:,.0f}' if x >= 1000 else f'{x:.3g}'


def main(argv):
    if len(argv) < 3:
        fail('usage: keep-night.py RESULTS_DIR NIGHTS_DIR [LOADAVG] (make keep-night)')
    results, nights = argv[1], argv[2]
    load = argv[3] if len(argv) > 3 else ''
    raw, meta_path = os.path.join(results, 'raw.csv'), os.path.join(results, 'run.json')
    if not (os.path.isfile(raw) and os.path.isfile(meta_path)):
        fail(f'{results} has no raw.csv and run.json: run make quick OUT={results} first (make keep-night does)')
    with open(meta_path) as f:
        meta = json.load(f)
    host, engine = meta['host'], meta['engine']
    expected = os.environ.get('KEEP_MATRIX', 'quick')  # make keep-reference-night: the reference nightly's
    if meta.get('matrix_name') != expected:
        fail(f"{results} is a run of matrix '{meta.get('matrix_name')}': these real nights are the {expected} matrix's "
             f"(make quick OUT={results}, or make reference-night)")
    if meta.get('status_counts', {}).keys() - {'ok'}:
        fail(f"{results} has runs that did not end ok ({meta['status_counts']}): a night is kept whole; run it again")
    started = meta['started_at']  # 2026-11-28T16:01:47.667Z
    folder = os.path.join(nights, started[:10] + '-' + started[11:13] + started[14:16])
    if os.path.exists(folder):
        fail(f'{folder} is kept already: one night a folder')
    earlier = sorted(d for d in os.listdir(nights) if os.path.isfile(os.path.join(nights, d, 'raw.csv.gz')))
    before = {}
    for d in earlier:
        for cell, ms in night_spread.night(os.path.join(nights, d, 'raw.csv.gz')).items():
            before.setdefault(cell, []).append(ms)
    same = [d for d in earlier if engine_id(os.path.join(nights, d, 'run.json')) == engine.get('id')]
    os.makedirs(folder)
    with open(raw, 'rb') as src, gzip.open(os.path.join(folder, 'raw.csv.gz'), 'wb') as dst:
        shutil.copyfileobj(src, dst)
    shutil.copy(meta_path, os.path.join(folder, 'run.json'))
    tonight = night_spread.night(raw)
    ratios = sorted((ms / st.median(before[c]), c, ms) for c, ms in tonight.items() if before.get(c))
    print(f'keep-night: kept {folder} (raw.csv.gz, run.json)')
    print(f"keep-night: engine {engine.get('id', '')[:9]}..., kernel {engine.get('kernel', '')}, load average before it {load or 'not given'}; "
          + (f"the machine of {', '.join(same)}" if same else 'a machine none of the nights kept before ran on (its Docker engine id is new)'))
    if ratios:
        high = ratios[-1]
        print(f'keep-night: each cell against its median over the {len(earlier)} nights kept before: '
              f'{ratios[0][0]:.2f} to {high[0]:.2f} times (lowest {ratios[0][1]}, highest {high[1]} at {figure(high[2])} {unit(raw, high[1])})')
    print(f'keep-night: its row for {os.path.join(nights, "README.md")} (say what ran beside it, and whether the machine is one of the nights before):')
    print(f"| {os.path.basename(folder)} | {started[:10]} {started[11:16]} | {host['cpu_model']}, {host['cpus']} CPUs | "
          f"... (load average {load or '?'}; `make keep-night`); engine {engine.get('id', '')[:9]}..., kernel {engine.get('kernel', '')} |")


if __name__ == '__main__':
    main(sys.argv)
