"""Gladiator Arena engine speed: turns resolved per second (engine only, no JSON).

8 gladiators on 8x8 with random legal orders (moves, strikes, halfling double moves, bows and
catapults). The (state, orders) pairs are prepared first by playing random bouts; only
resolve_turn is timed. Target (issue 14): a turn with 8 gladiators and orders in at most 30
microseconds. Before (recorded, not measured in this run: the turn's API was the same, but the
figure comes from the commit before the records stopped being frozen, f31ae4a, on a quiet 2-core
machine): 43.9 us per turn with all 8 alive, 27.3 us over all turns.

    .venv/bin/python bench/ga_bench.py [--turns N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.engine.core.board import Square
from arena.engine.rulesets.gladiator_arena import (
    ALLOWED,
    BoutState,
    Gladiator,
    Options,
    Order,
    Race,
    default_order,
    destinations,
    new_state,
    resolve_turn,
    strike_targets,
    strikes_allowed,
)

BEFORE_ALL, BEFORE_FULL = 27.3, 43.9  # us per turn, recorded (see the docstring)


def random_state(rng: random.Random, count: int = 8, size: int = 8) -> BoutState:
    squares = rng.sample([Square(c, r) for c in range(size) for r in range(size)], count)
    gladiators = []
    for i, square in enumerate(squares):
        race = rng.choice(list(Race))
        weapon = rng.choice(ALLOWED[race])
        gladiators.append(Gladiator.new(f"G{i + 1}", race, weapon, square))
    return new_state(Options(size, size, time_limit=True), gladiators)


def random_order(state: BoutState, name: str, rng: random.Random) -> Order:
    g = state.get(name)
    assert g is not None
    dest = rng.choice((None, None, *destinations(state, name)))
    targets = strike_targets(state, name, dest)
    count = strikes_allowed(g, dest) if targets else 0
    strikes = tuple(rng.choice(targets) for _ in range(rng.randint(0, count)))
    return Order(move=dest, strikes=strikes)


def prepare(turns: int, seed: int) -> list[tuple[BoutState, dict[str, Order]]]:
    rng = random.Random(seed)
    pairs: list[tuple[BoutState, dict[str, Order]]] = []
    state = random_state(rng)
    while len(pairs) < turns:
        if state.finished or state.turn >= 20:
            state = random_state(rng)
        orders = {}
        for g in state.gladiators:
            if g.alive:
                # Half the gladiators fight with default tactics so that bouts see real hits.
                if rng.random() < 0.5:
                    orders[g.name] = default_order(state, g.name)
                else:
                    orders[g.name] = random_order(state, g.name, rng)
        pairs.append((state, orders))
        state, _ = resolve_turn(state, orders)
    return pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    pairs = prepare(args.turns, args.seed)
    alive = sum(sum(1 for g in s.gladiators if g.alive) for s, _ in pairs) / len(pairs)
    full = [(s, o) for s, o in pairs if all(g.alive for g in s.gladiators)]
    print(f"gladiator-arena: {len(pairs)} turns, {alive:.1f} gladiators alive on average")
    print(f"  before (recorded at f31ae4a): {BEFORE_ALL} us per turn, all 8 alive {BEFORE_FULL} us")
    for label, subset in (("all turns", pairs), ("turns with all 8 alive", full)):
        per_turn = _best(subset) / len(subset)
        verdict = "met" if per_turn <= 30e-6 else "NOT met"
        print(
            f"  {label} ({len(subset)}): {1 / per_turn:,.0f} turns/s, "
            f"{per_turn * 1e6:.1f} us per turn (best of 5; target <= 30 us: {verdict})"
        )


def _best(pairs: list[tuple[BoutState, dict[str, Order]]]) -> float:
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for state, orders in pairs:
            resolve_turn(state, orders)
        best = min(best, time.perf_counter() - start)
    return best


if __name__ == "__main__":
    main()
