"""The time to pair a Swiss round of a season: the table (points, Median-Buchholz, Buchholz)
and the maximum-weight matching (networkx), as the worker does when a round comes due.

    make bench   (or: python -m campaign.devstack exec -- .venv/bin/python bench/seasons_bench.py)

For 64 entrants (no bye) and 63 (a bye, whose search may run more than one matching), five
rounds of results are made up first (fixed seed: one in five bouts a draw), then round six is
paired REPEAT times. Prints the median and the slowest. Figures only: nothing asserts on time.
No database: the pairing and the table are plain functions over plain data.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings")

import django

django.setup()

from arena.seasons.swiss import swiss_pair  # noqa: E402
from arena.seasons.table import Points, Result, season_table  # noqa: E402

PLAYED = 5
REPEAT = 20
POINTS = Points(3, 1, 0)


def history(entrants: int) -> tuple[dict[int, int], list[Result]]:
    """Seeds and the results of PLAYED Swiss rounds, paired by the code under test."""
    rng = random.Random(entrants)
    seeds = {e: e for e in range(1, entrants + 1)}
    results: list[Result] = []
    for number in range(1, PLAYED + 1):
        pairing = pair(seeds, results)
        if pairing.bye is not None:
            results.append(Result(number, pairing.bye, None, "bye", fought=False))
        for a, b in pairing.pairs:
            outcome = "draw" if rng.random() < 0.2 else rng.choice(["first", "second"])
            results.append(Result(number, a, b, outcome))
    return seeds, results


def pair(seeds: dict[int, int], results: list[Result]):
    table = season_table(seeds, results, POINTS)
    met = {frozenset((r.first, r.second)) for r in results if r.second is not None}
    byes = {r.first for r in results if r.second is None}
    return swiss_pair([r.entry for r in table], {r.entry: r.points for r in table}, met, byes)


def main() -> None:
    for entrants in (64, 63):
        seeds, results = history(entrants)
        times = []
        for _ in range(REPEAT):
            start = time.perf_counter()
            pairing = pair(seeds, results)
            times.append(time.perf_counter() - start)
        assert not pairing.unpaired
        print(
            f"Swiss round {PLAYED + 1} of {entrants} entrants ({len(pairing.pairs)} pairs"
            f"{', a bye' if pairing.bye else ''}): median {statistics.median(times) * 1000:.1f} ms,"
            f" slowest {max(times) * 1000:.1f} ms over {REPEAT}"
        )


if __name__ == "__main__":
    main()
