"""Gladiator 101 engine speed: whole bouts fought by the default tactics, per second.

Two gladiators at random legal builds (scores bought with 30 marks on the default scale, up to
10 feat points of random feats), each bout with its own seed; `play` as the Django side calls
it (setup, tactics, every turn's record), JSON in and out.

    .venv/bin/python bench/g101_bench.py [--bouts N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.engine.rulesets.gladiator_101 import Gladiator101
from arena.engine.rulesets.gladiator_101.build import even_scores
from arena.engine.rulesets.gladiator_101.feats import FEATS
from arena.engine.rulesets.gladiator_101.packs import assign

RULES = Gladiator101()


def random_bout(rng: random.Random, seed: int) -> dict:
    gladiators = []
    for name in ("Red", "Blue"):
        pool = rng.sample(sorted(FEATS), 12)
        gladiators.append({"name": name, "scores": even_scores(30), "feats": assign(pool, 10)})
    return {"seed": seed, "options": {"tactics": True}, "gladiators": gladiators}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=500)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    bouts = [random_bout(rng, rng.randrange(2**32)) for _ in range(args.bouts)]
    best = float("inf")
    turns = 0
    for _ in range(3):
        start = time.perf_counter()
        turns = sum(len(RULES.play(b)["turns"]) for b in bouts)
        best = min(best, time.perf_counter() - start)
    print(f"gladiator-101: {len(bouts)} bouts by tactics, {turns / len(bouts):.1f} turns a bout")
    print(
        f"  {len(bouts) / best:,.0f} bouts/s, {best / len(bouts) * 1e3:.2f} ms per bout "
        f"({turns / best:,.0f} turns/s; best of 3)"
    )


if __name__ == "__main__":
    main()
