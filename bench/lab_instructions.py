"""Instructions per balance-lab bout, counted by callgrind (the wall clock on a loaded machine
swings by a factor of two; instruction counts do not).

    python bench/lab_instructions.py [--ruleset gladiator-arena|gladiatorquest] [--bouts 20]

Fights the same cells as bench/lab_bench.py (the first 8 builds against the 8 after them, one
lab cell each, through arena.engine.lab.duel.cell_fight) under `valgrind --tool=callgrind`
twice, with N bouts a cell and with none (one warm-up cell in both, so imports and start-up
cancel out), and prints the difference per bout.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from callgrind import instructions as instructions_of

ROOT = Path(__file__).resolve().parents[1]
CELLS = 8

_RUN = """
import sys
sys.path.insert(0, sys.argv[1])
from arena.engine import ruleset
from arena.engine.lab.duel import LabSpec, cell_fight
rules = ruleset(sys.argv[2])
builds = rules.campaign.lab_builds()
options = rules.campaign.clean_options({}, by_tactics=True)
cells = int(sys.argv[4])
pairs = [(builds[i % len(builds)], builds[(i + cells) % len(builds)]) for i in range(cells)]
cell_fight(LabSpec(rules, options, 1, 10_000), *pairs[0])
spec = LabSpec(rules, options, int(sys.argv[3]), 14)
for a, b in pairs:
    cell_fight(spec, a, b)
"""


def instructions(slug: str, bouts: int) -> int:
    return instructions_of(["-c", _RUN, str(ROOT), slug, str(bouts), str(CELLS)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bouts", type=int, default=20, help="bouts a cell")
    parser.add_argument(
        "--ruleset", choices=("gladiator-arena", "gladiatorquest"), default="gladiator-arena"
    )
    args = parser.parse_args()
    fought = args.bouts * CELLS
    per_bout = (instructions(args.ruleset, args.bouts) - instructions(args.ruleset, 0)) / fought
    print(f"{args.ruleset}: {per_bout / 1e6:.2f}M instructions per lab bout ({fought} bouts)")


if __name__ == "__main__":
    main()
