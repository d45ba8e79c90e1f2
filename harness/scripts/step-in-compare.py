#!/usr/bin/env python3
"""Whether a `jdkmatrix compare` Markdown table shows a step: check-workflows' reading of night 2.

usage: step-in-compare.py COMPARE_MD CELL_TEXT LOW_PCT HIGH_PCT

The rows whose cell holds CELL_TEXT show the step when one of them changed by LOW_PCT to HIGH_PCT per cent.
When none did and every one of them is `noisy` (a side's CV above the noise threshold: the machine had a
noisy spell), each row's 95 % interval must hold the step's low end instead: noise may hide a step from the
median, never from its interval. When neither holds and the table says the runner moved every cell together
(`**The runner moved:**`, jdkmatrix's RunnerMove: the machine's speed between two unpaired runs, larger than
the step), the comparison has said it cannot show the step, and that is what it must say. Prints which of the
three held and exits 0; exits 1 with the rows otherwise.
"""
import re
import sys

RUNNER_MOVED = "**The runner moved:**"
NUM = r"([+-]?[0-9]+(?:\.[0-9]+)?) %"


def rows(path, cell):
    for line in open(path, encoding="utf-8"):
        cols = [c.strip() for c in line.split("|")]
        if len(cols) < 9 or cell not in cols[1]:
            continue
        m = re.fullmatch(NUM + r" \[" + NUM + ", " + NUM + r"\]", cols[4])
        if m is None:
            sys.exit(f"step-in-compare: {path}: the change column of row '{cols[1]}' reads '{cols[4]}', "
                     "not 'X % [LOW %, HIGH %]': the compare table's columns changed; update this script")
        yield cols[1], float(m.group(1)), float(m.group(2)), float(m.group(3)), cols[-2].replace("*", "").split(" (")[0].strip()


def main():
    path, cell, low, high = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
    found = list(rows(path, cell))
    if not found:
        sys.exit(f"step-in-compare: {path} has no row for {cell}")
    moved = [r for r in found if low <= r[1] <= high]
    if moved:
        print(f"{moved[0][1]:+.1f} % ({moved[0][4]}) in {moved[0][0]}")
        return 0
    if all(r[4] == "noisy" and r[2] <= low <= r[3] for r in found):
        print("every row noisy, each interval holds +%.0f %%: %s" % (low, "; ".join(
            f"{r[1]:+.1f} % [{r[2]:+.1f} %, {r[3]:+.1f} %]" for r in found)))
        return 0
    moved = [line for line in open(path, encoding="utf-8") if line.startswith(RUNNER_MOVED)]
    if moved:
        print("the comparison says the runner moved: " + moved[0][len(RUNNER_MOVED):].split(":")[0].strip() + "; its rows: " + "; ".join(
            f"{r[1]:+.1f} % [{r[2]:+.1f} %, {r[3]:+.1f} %] {r[4]}" for r in found))
        return 0
    for r in found:
        print(f"{r[0]}: {r[1]:+.1f} % [{r[2]:+.1f} %, {r[3]:+.1f} %] {r[4]}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
