"""Gladiator 101 feat balance: each feat's win rate in seeded bouts against a gladiator
without it (arena/engine/rulesets/gladiator_101/balance.py), as the markdown table of
docs/rules/gladiator-101.md.

    .venv/bin/python bench/g101_balance.py [--bouts 1000] [--jobs 2] [--only SLUG ...]
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.engine.rulesets.gladiator_101.balance import CEILING, FLOOR, Row, win_rate
from arena.engine.rulesets.gladiator_101.feats import FEATS


def _one(args: tuple[str, int]) -> Row:
    return win_rate(*args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*")
    args = parser.parse_args()
    slugs = args.only or list(FEATS)
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(_one, [(s, args.bouts) for s in slugs]))
    print(f"| feat | kind | cost | win rate ({args.bouts} bouts) | per point | verdict |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    for r in rows:
        per = (r.rate - 0.5) / r.cost * 100
        print(f"| {r.name} | {r.rarity} | {r.cost} | {r.rate:.1%} | {per:+.1f} | {r.verdict} |")
    bad = [r for r in rows if r.verdict != "ok"]
    rates = [r.rate for r in rows]
    print(
        f"\n{len(rows)} feats: win rates {min(rates):.1%} to {max(rates):.1%}; "
        f"{len(bad)} outside {FLOOR:.0%}-{CEILING:.0%}"
        + (f": {', '.join(r.slug for r in bad)}" if bad else "")
    )


if __name__ == "__main__":
    main()
