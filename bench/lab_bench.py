"""Balance lab speed: whole win-rate matrices fought by the default tactics, through the same
functions as the lab page's chunks and `manage.py lab` (arena/engine/lab/), in worker processes.

- Gladiator Arena: all 361 race/weapon pairings (19 x 19) x 1,000 bouts, random starting
  squares, 2 worker processes. Target: under 60 s on a 2-core machine.
- GladiatorQuest: 64 type pairings (the 8 types of the heroes and the first monsters, each
  with its starting kit) x 1,000 bouts, 2 worker processes. Target: under 30 s.

    .venv/bin/python bench/lab_bench.py [--bouts 1000] [--jobs 2] [--only gladiator-arena]
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.engine import ruleset
from arena.engine.lab.pool import fight_matrix

SEED = 14
# (rule set, how many of its lab builds, target seconds)
MATRICES = (("gladiator-arena", 19, 60.0), ("gladiatorquest", 8, 30.0))


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(slug: str, count: int, target: float, bouts: int, jobs: int) -> bool:
    rules = ruleset(slug)
    builds = rules.campaign.lab_builds()[:count]
    options = rules.campaign.clean_options({}, by_tactics=True)
    cpu_before = _children_cpu()
    started = time.perf_counter()
    cells = fight_matrix(slug, builds, options=options, bouts=bouts, seed=SEED, jobs=jobs)
    seconds = time.perf_counter() - started
    # The processes' own CPU time: on a shared machine the wall time also counts the waits.
    cpu = _children_cpu() - cpu_before
    fought = sum(c.bouts for c in cells)
    scaled = seconds * 1000 / bouts  # the figure at 1,000 bouts a pairing
    ok = scaled < target
    print(
        f"{rules.title} {rules.version}: {len(cells)} pairings x {bouts:,} bouts = {fought:,} "
        f"bouts in {seconds:.1f} s with {jobs} processes ({fought / seconds:,.0f} bouts/s); "
        f"target at 1,000 bouts a pairing < {target:.0f} s: "
        f"{'met' if ok else 'MISSED'} ({scaled:.1f} s); CPU {cpu:.1f} s in all, "
        f"{cpu / fought * 1e3:.2f} ms a bout",
        flush=True,
    )
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", choices=[slug for slug, _, _ in MATRICES])
    args = parser.parse_args()
    for slug, count, target in MATRICES:
        if args.only in (None, slug):
            measure(slug, count, target, args.bouts, args.jobs)


if __name__ == "__main__":
    main()
