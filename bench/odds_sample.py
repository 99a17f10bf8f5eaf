"""Odds before the fight: how many bouts the adaptive sample fights, against the fixed 2,000
it fought before, for pairs of each rule set's lab builds (by the default tactics, placed by
the adapter, in this process). The sample stops after the first batch at which every chance to
win is within 2 points (95% Wilson), or at the cap; docs/lab.md, "Odds before the fight".

    .venv/bin/python bench/odds_sample.py [--builds 6] [--only gladiatorquest ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.engine import ruleset
from arena.engine.lab.odds import BATCH, CAP, Odds, fight_odds, settled, unanimous

FIXED = 2_000  # what every question cost before
SEED = 30
DEFAULT = ("gladiator-arena", "gladiatorquest", "gladiator-101", "sudden-destruction")


def sample(rules, entrants, options) -> tuple[list[Odds], float]:
    """The adaptive sample of one question, and the seconds it took."""
    started = time.perf_counter()
    odds = [Odds(e.name, 0, 0, 0) for e in entrants]
    while True:
        done = odds[0].bouts
        batch = fight_odds(
            rules, entrants, options, bouts=min(BATCH, CAP - done), seed=SEED, start=done
        )
        odds = [a + b for a, b in zip(odds, batch, strict=True)]
        if settled(odds) or odds[0].bouts >= CAP:
            return odds, time.perf_counter() - started


def measure(slug: str, count: int) -> None:
    rules = ruleset(slug)
    builds = rules.campaign.lab_builds()[:count]
    options = rules.campaign.clean_options({}, by_tactics=True)
    fought, seconds, alike = [], 0.0, 0
    for a, b in combinations(builds, 2):
        odds, took = sample(rules, [a.entrant("Red"), b.entrant("Blue")], options)
        fought.append(odds[0].bouts)
        seconds += took
        alike += unanimous(odds)
        print(
            f"  {a.key:>24} v {b.key:<24} {odds[0].bouts:>5} bouts  "
            f"Red {odds[0].win:6.1%} +-{odds[0].win_margin:.1%}  {took:6.2f} s"
        )
    if not fought:
        print(f"{slug}: fewer than two lab builds")
        return
    per_bout = seconds / sum(fought)
    print(
        f"{slug}: {len(fought)} questions, bouts median {statistics.median(fought):.0f}, "
        f"mean {statistics.mean(fought):.0f}, max {max(fought)} (fixed: {FIXED}); "
        f"{alike} always alike; {seconds:.1f} s adaptive vs {per_bout * FIXED * len(fought):.1f} s "
        f"fixed ({sum(fought) / (FIXED * len(fought)):.0%} of the bouts)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--builds", type=int, default=6, help="lab builds per rule set")
    parser.add_argument("--only", nargs="*", default=list(DEFAULT))
    args = parser.parse_args()
    for slug in args.only:
        measure(slug, args.builds)


if __name__ == "__main__":
    main()
