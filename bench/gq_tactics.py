"""Instructions GladiatorQuest's default tactics take a 1v1 bout, alone, counted by callgrind.

    .venv/bin/python bench/gq_tactics.py [--bouts 20] [--times 5] [--root CHECKOUT]

Fights engine_bench.py's 1v1 bouts (seeds 1..N) as the driver does, keeping every question
put to the tactics (a state, and who is to write an order), then puts them all again `--times`
times: the instructions of that run minus those of a run that puts them no more, divided by
bouts and times, are the tactics' own (every table they cache is made in both runs). `--root`
measures another checkout with this script, for a before and after.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from callgrind import instructions as instructions_of

ROOT = Path(__file__).resolve().parents[1]

_RUN = """
import sys
sys.path[:0] = [sys.argv[1], sys.argv[1] + "/bench"]
import engine_bench
from arena.engine.core.protocol import dice_for
from arena.engine.core.ruleset import step_orders
from arena.engine.rulesets.gladiatorquest import GladiatorQuest
gq = GladiatorQuest()
asked = []
for seed in range(1, int(sys.argv[2]) + 1):
    bout = engine_bench.ONE_V_ONE | {"seed": seed}
    state, dice, step = gq.setup(bout), dice_for(bout), 0
    while not gq.is_over(state):
        asked += [(state, who) for who in gq.pending(state).who]
        state, _ = gq.apply(state, step_orders(gq, state, None, step, True), dice)
        step += 1
for _ in range(int(sys.argv[3])):
    for state, who in asked:
        gq.tactics(state, who)
"""


def instructions(root: Path, bouts: int, times: int) -> int:
    return instructions_of(["-c", _RUN, str(root), str(bouts), str(times)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=20)
    parser.add_argument("--times", type=int, default=5)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure")
    args = parser.parse_args()
    asked = instructions(args.root, args.bouts, args.times)
    once = instructions(args.root, args.bouts, 0)
    per_bout = (asked - once) / args.bouts / args.times
    print(f"1v1 tactics: {per_bout / 1e3:.1f}K instructions a bout ({args.bouts} bouts)")


if __name__ == "__main__":
    main()
