"""Gladiator 101 engine speed: whole bouts fought by the default tactics, per second.

Two gladiators at random legal builds (scores bought with 30 marks on the default scale, up to
10 feat points of random feats), each bout with its own seed; `play` as the Django side calls
it (setup, tactics, every turn's record), JSON in and out, and `lab.duel.fight` as the odds
fight them (no log). CPU time; the first timing is cold (the tactics' tables empty), the best of
three warm.

    .venv/bin/python bench/g101_bench.py [--bouts N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.engine.lab.duel import fight
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
    start = time.process_time()
    for b in bouts:
        fight(RULES, b)
    cold = time.process_time() - start
    warm = min(_timed(lambda: [fight(RULES, b) for b in bouts]) for _ in range(3))
    best = float("inf")
    turns = 0
    for _ in range(3):
        start = time.process_time()
        turns = sum(len(RULES.play(b)["turns"]) for b in bouts)
        best = min(best, time.process_time() - start)
    print(f"gladiator-101: {len(bouts)} bouts by tactics, {turns / len(bouts):.1f} turns a bout")
    print(f"  odds path (lab.duel.fight): {len(bouts) / cold:,.0f} bouts/CPU s cold, "
          f"{len(bouts) / warm:,.0f} warm (best of 3)")  # fmt: skip
    print(
        f"  play(): {len(bouts) / best:,.0f} bouts/CPU s, {best / len(bouts) * 1e3:.2f} ms per "
        f"bout ({turns / best:,.0f} turns/s; best of 3)"
    )


def _timed(work) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


if __name__ == "__main__":
    main()
