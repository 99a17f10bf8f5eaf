"""Arena of the Elders engine speed: activations per second (a character's move and ability,
chosen by the default tactics on the board as it stands, and resolved).

Team turns are prepared first by playing seeded 4v4 bouts by tactics (random picks, both
arenas, every mode); then only the resolution of those turns is timed, each with its own
seeded dice, best of 5. Every activation is one the tactics chose when it came.

    .venv/bin/python bench/elders_bench.py [--turns N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.engine.core.dice import Dice
from arena.engine.rulesets.arena_of_the_elders import ARENAS, CHAMPIONS, ArenaOfTheElders, State
from arena.engine.rulesets.arena_of_the_elders.orders import Activation
from arena.engine.rulesets.arena_of_the_elders.rules import resolve_turn
from arena.engine.rulesets.arena_of_the_elders.state import PLAY

RULES = ArenaOfTheElders()
MODES = ("deathmatch", "king", "flag")


def random_bout(rng: random.Random) -> State:
    keys = list(CHAMPIONS)
    rng.shuffle(keys)
    bout = {
        "options": {
            "mode": rng.choice(MODES),
            "arena": rng.choice(sorted(ARENAS)),
            "tactics": True,
        },
        "gladiators": [
            {"name": k, "champion": k, "team": "Red" if n < 4 else "Blue"}
            for n, k in enumerate(keys)
        ],
    }
    state = RULES.setup(bout)
    orders = {w: RULES.tactics(state, w) for w in RULES.pending(state).who}
    state, _ = RULES.apply(state, orders, Dice.seeded(rng.randrange(2**32)))
    return state


def acting(state: State) -> int:
    return sum(1 for f in state.team(state.acting) if f.alive and not f.skipping)


# Every character is left to the tactics ({"auto": true}), chosen when its activation comes.
AUTO = {name: Activation(auto=True) for name in CHAMPIONS}


def prepare(turns: int, seed: int) -> list[tuple[State, int, int]]:
    """(state before a team's turn, its acting characters, a dice seed) for `turns` turns."""
    rng = random.Random(seed)
    out: list[tuple[State, int, int]] = []
    state = random_bout(rng)
    while len(out) < turns:
        if state.phase != PLAY:
            state = random_bout(rng)
            continue
        dice_seed = rng.randrange(2**32)
        out.append((state, acting(state), dice_seed))
        orders = {w: {"auto": True} for w in RULES.pending(state).who}
        state, _ = RULES.apply(state, orders, Dice.seeded(dice_seed))
    return out


def _best(prepared: list[tuple[State, int, int]]) -> float:
    best = float("inf")
    for _ in range(5):
        dice = [Dice.seeded(seed) for _, _, seed in prepared]
        start = time.perf_counter()
        for (state, _, _), d in zip(prepared, dice, strict=True):
            resolve_turn(state, AUTO, d)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    prepared = prepare(args.turns, args.seed)
    activations = sum(n for _, n, _ in prepared)
    seconds = _best(prepared)
    print(f"arena-of-the-elders: {len(prepared)} team turns, {activations} activations")
    print(
        f"  {activations / seconds:,.0f} activations/s, {seconds / activations * 1e6:.0f} us "
        "per activation (tactics' choice and its resolution; best of 5)"
    )


if __name__ == "__main__":
    main()
