"""Sudden Destruction engine speed: 4-player rounds resolved per second (engine only, no JSON).

Four war machines on 8x8 from the four corners, at random campaign levels (a veteran's few
levels in each attribute), playing their default tactics with random research settings. The
(state, plans, dice state) triples are prepared first by playing seeded bouts; only
resolve_turn is timed, each round with its own seeded dice.

    .venv/bin/python bench/sd_bench.py [--rounds N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.engine.core.dice import Dice
from arena.engine.rulesets.sudden_destruction import (
    ATTRIBUTES,
    Plan,
    State,
    SuddenDestruction,
    default_plan,
    resolve_turn,
    setup_bout,
)
from arena.engine.rulesets.sudden_destruction.setup import SETTINGS

RULES = SuddenDestruction()


def random_machines(rng: random.Random) -> list[dict]:
    """Four machines' engine input: random campaign levels and tactics settings."""
    gladiators = []
    for i in range(4):
        levels = {a: rng.randint(0, 3) for a in ATTRIBUTES}
        levels["hit_points"] = max(1, levels["hit_points"])
        levels["movement"] = max(1, levels["movement"])
        levels["firing_rate"] = max(1, levels["firing_rate"])
        levels["max_fire"] = max(1, levels["max_fire"])
        levels["min_fire"] = min(levels["min_fire"], levels["max_fire"])
        levels["repair"] = min(levels["repair"], levels["hit_points"])
        tactics = {k: rng.choice(v) for k, v in SETTINGS.items()}
        gladiators.append({"name": f"M{i + 1}", "levels": levels, "tactics": tactics})
    return gladiators


def random_bout(rng: random.Random) -> State:
    return setup_bout({"gladiators": random_machines(rng)})


def prepare(rounds: int, seed: int) -> list[tuple[State, dict[str, Plan], int]]:
    rng = random.Random(seed)
    triples: list[tuple[State, dict[str, Plan], int]] = []
    state = random_bout(rng)
    while len(triples) < rounds:
        if state.finished or len(state.living) < 4:
            state = random_bout(rng)  # 4-player rounds only
        plans = {m.name: default_plan(state, m.name) for m in state.living}
        dice_seed = rng.randrange(2**32)
        triples.append((state, plans, dice_seed))
        state, _ = resolve_turn(state, plans, Dice.seeded(dice_seed))
    return triples


def _best(triples: list[tuple[State, dict[str, Plan], int]]) -> float:
    best = float("inf")
    for _ in range(5):
        dice = [Dice.seeded(seed) for _, _, seed in triples]
        start = time.perf_counter()
        for (state, plans, _), d in zip(triples, dice, strict=True):
            resolve_turn(state, plans, d)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    triples = prepare(args.rounds, args.seed)
    per_round = _best(triples) / len(triples)
    print(f"sudden-destruction: {len(triples)} rounds with 4 machines on the board")
    print(
        f"  {1 / per_round:,.0f} rounds/s, {per_round * 1e6:.1f} us per round "
        "(resolve_turn with default tactics' plans; best of 5)"
    )


if __name__ == "__main__":
    main()
