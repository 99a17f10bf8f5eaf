"""Gladiator Arena's play() against a plain adjudicator of the same rules, side by side in one
process: the ratio of their times over the same whole bouts (target: at most 1.0).

The bouts (2 to 8 gladiators of every race and weapon, boards of 6 to 10 squares a side, half
the orders from the default tactics so that bouts see hits and kills, half random legal ones)
are written first as JSON with every turn's orders, each played to its end. Then both play them
all: the engine through `arena.engine.play` (input checks, validation, events and log included),
the plain one through bench/plain_gladiator_arena.py. Both must give the same log for every
bout, or the bench stops. Best of --repeat runs each, alternating, timed by the process's CPU
time (on a shared machine the wall clock also counts the others' work).

    .venv/bin/python bench/ga_ratio.py [--bouts N] [--seed S] [--repeat R]

With --instructions N it counts instead, with callgrind, the instructions of a bout of each
over the first N bouts (N bouts minus none, a warm-up bout in both, a fixed hash seed), of
this checkout or of another (--root: main's, say; the bouts are this script's either way).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from callgrind import instructions as instructions_of

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
ROOT = Path(__file__).resolve().parent.parent


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
    start = time.process_time()
    for bout in bouts:
        play(bout)
    return time.process_time() - start


_COUNT = """
import json, sys
sys.path.insert(0, sys.argv[1])
from arena.engine import play as engine_play
from bench.plain_gladiator_arena import play as plain_play
play = engine_play if sys.argv[3] == "engine" else plain_play
with open(sys.argv[2]) as bouts:
    for bout in json.load(bouts):
        play(bout)
"""


def instructions(root: Path, bouts: list[dict], which: str) -> int:
    """Instructions callgrind counts for `which` ("engine" or "plain") playing `bouts` with
    the code of checkout `root`, start-up included."""
    with tempfile.NamedTemporaryFile("w", suffix=".json") as file:
        json.dump(bouts, file)
        file.flush()
        return instructions_of(["-c", _COUNT, str(root), file.name, which])


def count(root: Path, bouts: list[dict]) -> None:
    warm = bouts[:1]
    per_bout = {
        which: (instructions(root, warm + bouts, which) - instructions(root, warm, which))
        / len(bouts)
        for which in ("engine", "plain")
    }
    engine, plain = per_bout["engine"], per_bout["plain"]
    print(f"gladiator-arena play() instructions a bout over {len(bouts)} bouts ({root}):")
    print(f"  engine: {engine / 1e6:.2f}M  plain: {plain / 1e6:.2f}M  ratio {engine / plain:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bouts", type=int, default=300)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--instructions", type=int, metavar="N", help="count over N bouts")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to count")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    bouts = [random_bout(rng) for _ in range(args.instructions or args.bouts)]
    if args.instructions:
        count(args.root, bouts)
        return
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
