"""A Gladiator 101 odds bout by part: the tactics, the turn carried out (`apply`), and a
given order read from its JSON and checked (`read_order`); CPU time, or instructions.

    .venv/bin/python bench/g101_parts.py [--bouts 20] [--root CHECKOUT] [--parts PART ...]
                                         [--instructions | --bytecodes [--top N]]

The first N odds bouts of rulesets_bench.py (its seeds, its matchups) are fought once in a
setup that every run repeats, keeping each activation's state, the tactics' order, that
order as JSON and a copy of the dice as they stood. Then one part is run over every kept
activation: all parts in one process, each timed best of five (CPU time), or with
--instructions each in its own callgrind run, a run with no part taken off, so the setup,
the imports and start-up cancel out. Parts go through the Ruleset hooks only, so `--root` counts
another checkout (main, say) with this script for a before and after: on a checkout whose
orders are JSON, `read_order` passes the JSON on and `apply` reads and checks it itself.
--bytecodes counts the whole bouts' Python bytecodes (sys.monitoring: exact, the same on a
loaded machine) by module and by function, the function groups of a bout's work.
"whole" is the odds bout as `arena.engine.lab.duel.fight` fights it (rulesets_bench.py's
--instructions figure).
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
from pathlib import Path

from callgrind import instructions as instructions_of

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("whole", "tactics", "apply", "read_order")

_RUN = """
import copy, sys, time
sys.path[:0] = [sys.argv[1], sys.argv[1] + "/bench"]
import rulesets_bench
from arena.engine import ruleset
from arena.engine.core.protocol import dice_for
from arena.engine.lab.duel import fight
rules = ruleset("gladiator-101")
case = next(c for c in rulesets_bench.CASES if c.slug == "gladiator-101")
bouts = [case.make(rulesets_bench.ODDS_SEEDS + n) for n in range(int(sys.argv[2]))]
fight(rules, case.make(rulesets_bench.ODDS_SEEDS + 10_000))  # one warm-up bout in every run
kept = []
for bout in bouts:
    state, dice = rules.setup(bout), dice_for(bout)
    while not rules.is_over(state):
        who = rules.pending(state).who[0]
        order = rules.tactics(state, who)
        kept.append((state, who, order, rules.order_json(order), dice))
        dice = copy.deepcopy(dice)
        state, _ = rules.apply(state, {who: order}, dice)


def run(part, kept):
    if part == "whole":
        for bout in bouts:
            fight(rules, bout)
    elif part == "tactics":
        for state, who, _, _, _ in kept:
            rules.tactics(state, who)
    elif part == "apply":
        for state, who, order, _, dice in kept:
            rules.apply(state, {who: order}, dice)
    elif part == "read_order":
        for state, who, _, written, _ in kept:
            rules.read_order(state, who, written)


if sys.argv[3] == "bytecodes":  # the whole bouts, Python bytecodes by module and function
    import collections
    counts = collections.Counter()
    mon = sys.monitoring
    def on_instruction(code, offset):
        counts[code] += 1
    mon.use_tool_id(mon.PROFILER_ID, "g101_parts")
    mon.register_callback(mon.PROFILER_ID, mon.events.INSTRUCTION, on_instruction)
    mon.set_events(mon.PROFILER_ID, mon.events.INSTRUCTION)
    run("whole", kept)
    mon.set_events(mon.PROFILER_ID, 0)
    for code, n in counts.items():
        module = "/".join(code.co_filename.split("/")[-2:])
        print(module, code.co_qualname, n, sep="\t")
elif sys.argv[3] == "clock":  # every part in this process, the best of five of each
    for part in sys.argv[4:]:
        best = float("inf")
        for _ in range(5):
            fresh = [(s, w, o, j, copy.deepcopy(d)) for s, w, o, j, d in kept]
            start = time.process_time()
            run(part, fresh)
            best = min(best, time.process_time() - start)
        print(part, best)
else:
    run(sys.argv[3], kept)
"""


def _run(root: Path, bouts: int, args: list[str]) -> list[str]:
    """The lines _RUN prints, in a fresh process with the code of checkout `root`."""
    out = subprocess.run([sys.executable, "-c", _RUN, str(root), str(bouts), *args],
                         check=True, capture_output=True, text=True)  # fmt: skip
    return [line for line in out.stdout.split("\n") if line]


def instructions(root: Path, bouts: int, part: str) -> int:
    return instructions_of(["-c", _RUN, str(root), str(bouts), part])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=20)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to count")
    parser.add_argument("--parts", nargs="*", choices=PARTS, default=list(PARTS))
    parser.add_argument("--instructions", action="store_true", help="callgrind, not the clock")
    parser.add_argument(
        "--bytecodes",
        action="store_true",
        help="whole bouts' Python bytecodes by module (sys.monitoring: exact)",
    )
    parser.add_argument("--top", type=int, default=15, help="functions listed (--bytecodes)")
    args = parser.parse_args()
    if args.bytecodes:
        by_module: collections.Counter[str] = collections.Counter()
        by_function: collections.Counter[str] = collections.Counter()
        for line in _run(args.root, args.bouts, ["bytecodes"]):
            module, function, n = line.split("\t")
            by_module[module] += int(n)
            by_function[f"{module}:{function}"] += int(n)
        total = sum(by_module.values())
        print(f"Python bytecodes an odds bout, first {args.bouts} odds bouts ({args.root}): "
              f"{total / args.bouts:,.0f}")  # fmt: skip
        for name, n in by_module.most_common():
            print(f"  {name:42s} {n / args.bouts:9,.0f} {100 * n / total:5.1f}%")
        print("the functions that run most:")
        for name, n in by_function.most_common(args.top):
            print(f"  {name:60s} {n / args.bouts:9,.0f} {100 * n / total:5.1f}%")
        return
    if not args.instructions:
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        out = _run(args.root, args.bouts, ["clock", *args.parts])
        print(f"CPU us an odds bout by part, best of 5, first {args.bouts} odds bouts "
              f"({args.root}; load average {load}):")  # fmt: skip
        for line in out:
            part, seconds = line.split()
            print(f"{part:12s} {float(seconds) / args.bouts * 1e6:10.0f}")
        return
    base = instructions(args.root, args.bouts, "none")
    print(f"instructions an odds bout by part, first {args.bouts} odds bouts ({args.root}):")
    for part in args.parts:
        spent = instructions(args.root, args.bouts, part) - base
        print(f"{part:12s} {spent / args.bouts / 1e6:8.2f}M", flush=True)


if __name__ == "__main__":
    main()
