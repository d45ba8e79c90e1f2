"""Change points computed by Apache Otava itself, for EDivisiveTest: make otava-fixtures.

Writes harness/src/test/resources/history/otava-fixtures.json: series (seeded: steps, drifts,
outliers, heavy tails, ties, short ones) with the parameters given to Otava's
compute_change_points and what it returned (the change points' indices, p-values, means and
standard deviations, and the weak change points' indices). Needs apache-otava==0.8.0 (the Makefile
installs it into a virtual environment under target/).
"""
import json
import sys

import numpy as np
from importlib.metadata import version
from otava.analysis import compute_change_points, split


def series(rng, kind, n):
    if kind == "flat":
        return list(rng.normal(100, 2, n))
    if kind == "step":
        at = int(rng.integers(n // 4, 3 * n // 4))
        size = float(rng.choice([0.03, 0.05, 0.1, -0.05, -0.2]))
        return [float(x) * (1 + size if i >= at else 1) for i, x in enumerate(rng.normal(100, 2, n))]
    if kind == "two-steps":
        a, b = sorted(rng.choice(range(1, n - 1), 2, replace=False))
        return [float(x) + (5 if i >= a else 0) - (8 if i >= b else 0) for i, x in enumerate(rng.normal(50, 1.5, n))]
    if kind == "outliers":
        xs = list(rng.normal(10, 0.2, n))
        for i in rng.choice(n, max(1, n // 15), replace=False):
            xs[i] *= 1.3
        return [float(x) for x in xs]
    if kind == "heavy":
        return [float(100 + 2 * x) for x in rng.standard_t(2, n)]
    if kind == "late-step":
        return [float(x) * (1.06 if i >= n - 3 else 1) for i, x in enumerate(rng.normal(1.0, 0.02, n))]
    if kind == "ties":
        return [float(x) for x in rng.integers(0, 4, n)]
    if kind == "drift":
        return [float(x) + 0.05 * i for i, x in enumerate(rng.normal(20, 0.5, n))]
    raise ValueError(kind)


def main(out):
    rng = np.random.default_rng(20261125)
    cases = []
    kinds = ["flat", "step", "two-steps", "outliers", "heavy", "late-step", "ties", "drift"]
    settings = [(50, 0.001, 0.0), (30, 0.001, 0.0), (10, 0.01, 0.0), (50, 0.05, 0.0), (20, 0.001, 0.05)]
    for kind in kinds:
        for n in (6, 15, 40, 61, 130):
            for window, p, magnitude in settings:
                if rng.random() < 0.5:
                    continue
                xs = series(rng, kind, n)
                cps, _ = compute_change_points(list(xs), window_len=window, max_pvalue=p, min_magnitude=magnitude)
                # the weak change points as split() returns them (compute_change_points returns the list merge() cut down)
                first_pass = p * 10 if p < 0.05 else (p * 2 if p < 0.5 else p)
                weak = split(list(xs), window, first_pass)
                cases.append({
                    "name": f"{kind}-{n}-w{window}-p{p}-m{magnitude}",
                    "window": window, "max_pvalue": p, "min_magnitude": magnitude,
                    "series": xs,
                    "weak": [int(c.index) for c in weak],
                    "change_points": [{
                        "index": int(c.index), "pvalue": float(c.stats.pvalue),
                        "mean_before": float(c.stats.mean_1), "mean_after": float(c.stats.mean_2),
                        "sd_before": float(c.stats.std_1), "sd_after": float(c.stats.std_2),
                    } for c in cps],
                })
    doc = {"made_by": "harness/scripts/otava-fixtures.py (make otava-fixtures) with apache-otava " + version("apache-otava"),
           "cases": cases}
    with open(out, "w") as f:
        json.dump(doc, f, indent=1)
    found = sum(len(c["change_points"]) for c in cases)
    print(f"otava-fixtures: {len(cases)} series, {found} change points, written to {out}")


if __name__ == "__main__":
    main(sys.argv[1])
