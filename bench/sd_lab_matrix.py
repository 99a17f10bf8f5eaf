"""Sudden Destruction's balance-lab matrix: each of the lab's builds against each, by the
default tactics, through the lab's own functions (arena/engine/lab/), as a table of the row
build's score (a win 1, a draw half). Run it before and after a
tactics change: the lab's win rates are the check that the tactics still play sensibly.

    .venv/bin/python bench/sd_lab_matrix.py [--bouts 200] [--seed 14] [--jobs 1]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.engine import ruleset
from arena.engine.lab.pool import fight_matrix

SLUG = "sudden-destruction"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=200, help="bouts a cell")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    rules = ruleset(SLUG)
    builds = rules.campaign.lab_builds()
    options = rules.campaign.clean_options({}, by_tactics=True)
    cells = fight_matrix(
        SLUG, builds, options=options, bouts=args.bouts, seed=args.seed, jobs=args.jobs
    )
    score = {(c.a, c.b): c.score for c in cells}
    keys = [b.key for b in builds]
    print(f"{SLUG} {rules.version}: the row build's score against the column's, "
          f"{args.bouts} bouts a cell (seed {args.seed})")  # fmt: skip
    print(f"{'':12s}" + "".join(f"{k:>12s}" for k in keys))
    for a in keys:
        row = "".join(
            f"{score[(a, b)] * 100:11.1f}%" if (a, b) in score else f"{'-':>12s}" for b in keys
        )
        print(f"{a:12s}{row}")


if __name__ == "__main__":
    main()
