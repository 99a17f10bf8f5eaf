"""Gladiator Arena's play() against a plain adjudicator of the same rules, side by side in one
process: the ratio of their times over the same whole bouts (target: at most 1.0).

The bouts (2 to 8 gladiators of every race and weapon, boards of 6 to 10 squares a side, half
the orders from the default tactics so that bouts see hits and kills, half random legal ones)
are written first as JSON with every turn's orders, each played to its end. Then both play them
all: the engine through `arena.engine.play` (input checks, validation, events and log included),
the plain one through bench/plain_gladiator_arena.py. Both must give the same log for every
bout, or the bench stops. Best of --repeat runs each, alternating.

    .venv/bin/python bench/ga_ratio.py [--bouts N] [--seed S] [--repeat R]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.engine import play as engine_play
from arena.engine.core.board import Square
from arena.engine.core.ruleset import read_orders
from arena.engine.rulesets.gladiator_arena import (
    ALLOWED,
    GladiatorArena,
    Race,
    default_order,
    destinations,
    strike_targets,
    strikes_allowed,
)
from arena.engine.rulesets.gladiator_arena.orders import order_to_json
from bench.plain_gladiator_arena import play as plain_play

RULES = GladiatorArena()


def random_bout(rng: random.Random) -> dict:
    """A bout's JSON with every turn's orders, played to its end (or 60 turns)."""
    size = rng.choice((6, 8, 8, 10))
    count = rng.choice((2, 2, 3, 4, 8))
    squares = rng.sample([Square(c, r) for c in range(size) for r in range(size)], count)
    gladiators = []
    for i, square in enumerate(squares):
        race = rng.choice(list(Race))
        weapon = rng.choice(ALLOWED[race])
        gladiators.append(
            {"name": f"G{i + 1}", "race": race.value, "weapon": weapon.value, "square": str(square)}
        )
    bout = {
        "ruleset": "gladiator-arena",
        "options": {"board": [size, size], "time_limit": True},
        "gladiators": gladiators,
        "turns": [],
    }
    state = RULES.setup(bout)
    while not RULES.is_over(state) and state.turn < 60:
        turn = {}
        for g in state.gladiators:
            if not g.alive:
                continue
            if rng.random() < 0.5:
                order = default_order(state, g.name)
                turn[g.name] = order_to_json(order)
            else:
                dest = rng.choice((None, None, *destinations(state, g.name)))
                targets = strike_targets(state, g.name, dest)
                allowed = strikes_allowed(g, dest) if targets else 0
                raw: dict = {"strike": [str(rng.choice(targets)) for _ in range(allowed)]}
                if dest is not None:
                    raw["move"] = str(dest)
                turn[g.name] = raw
        bout["turns"].append(turn)
        state, _ = RULES.apply(state, read_orders(RULES, state, turn), None)
    return bout


def best_of(play: Callable[[dict], dict], bouts: list[dict]) -> float:
    start = time.perf_counter()
    for bout in bouts:
        play(bout)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=300)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    bouts = [random_bout(rng) for _ in range(args.bouts)]
    turns = sum(len(b["turns"]) for b in bouts)
    for n, bout in enumerate(bouts):
        if engine_play(bout) != plain_play(bout):
            sys.exit(f"bout {n}: the engine's log and the plain adjudicator's differ")
    engine = plain = float("inf")
    for _ in range(args.repeat):
        engine = min(engine, best_of(engine_play, bouts))
        plain = min(plain, best_of(plain_play, bouts))
    print(f"gladiator-arena play() against a plain adjudicator: {len(bouts)} bouts, {turns} turns")
    print(f"  engine: {engine * 1e3:8.1f} ms  ({turns / engine:,.0f} turns/s)")
    print(f"  plain:  {plain * 1e3:8.1f} ms  ({turns / plain:,.0f} turns/s)")
    verdict = "met" if engine <= plain else "NOT met"
    print(
        f"  ratio engine/plain: {engine / plain:.2f} "
        f"(best of {args.repeat}; target <= 1.0: {verdict})"
    )


if __name__ == "__main__":
    main()
