#!/usr/bin/env python3
"""A quick run's night as one line, for a machine whose files do not outlive it (.ci/run's fresh clone
runs on a machine of its own): when, which engine, kernel and CPU, and each cell's median wall time in
ms (the figure harness/scripts/night-spread.py compares across nights), in the cells' order.
   python3 harness/scripts/ci-night.py RESULTS_DIR"""
import csv, json, os, statistics as st, sys

if len(sys.argv) != 2 or not os.path.isfile(os.path.join(sys.argv[1], 'raw.csv')):
    sys.exit('ci-night: name a results folder with its raw.csv and run.json (make quick writes results/<run-id>/)')
folder = sys.argv[1]
with open(os.path.join(folder, 'run.json')) as f:
    run = json.load(f)
by = {}
with open(os.path.join(folder, 'raw.csv')) as f:
    for r in csv.DictReader(f):
        if r['status'] == 'ok' and r.get('phase', 'measure') in ('measure', ''):
            by.setdefault(r['cell'], []).append(float(r['wall_ms']))
host, engine = run.get('host', {}), run.get('engine', {})
cells = '; '.join(f'{c}={st.median(v):.1f}' for c, v in sorted(by.items()))
print(f"ci-night: {run.get('started_at', '?')} engine {engine.get('id', '?')} kernel {host.get('kernel', '?')} "
      f"cpu {host.get('cpu_model', '?')} x{host.get('cpus', '?')} commit {run.get('git_commit', '?')[:12]}; "
      f"{len(by)} cells' median wall ms: {cells}")
