"""Bouts resolved per second by the GladiatorQuest engine (one core, default tactics).

    python bench/engine_bench.py [--seconds 3]

Prints two figures per scenario: the whole contract (`play`: dict in, JSON-able dict out with
full per-turn snapshots) and the resolution alone (the driver's loop of pending, the tactics'
orders and apply, with no log built).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arena.engine import play
from arena.engine.core.protocol import dice_for, tactics_order
from arena.engine.rulesets.gladiatorquest import GladiatorQuest

ONE_V_ONE = {
    "ruleset": "gladiatorquest",
    "gladiators": [
        {"name": "Brutus", "type": "barbarian", "equipment": ["broadsword"]},
        {"name": "Nox", "type": "wizard", "equipment": ["dagger"]},
    ],
}
TYPES = ["barbarian", "dwarf", "elf", "wizard", "orc", "fimir", "chaos_warrior", "gargoyle"]
FREE_FOR_ALL = {
    "ruleset": "gladiatorquest",
    "gladiators": [{"name": f"G{i}", "type": t} for i, t in enumerate(TYPES)],
}


def resolve(bout: dict) -> None:
    gq = GladiatorQuest()
    state, dice = gq.setup(bout), dice_for(bout)
    while not gq.is_over(state):
        orders = {who: tactics_order(gq, state, who) for who in gq.pending(state).who}
        state, _ = gq.apply(state, orders, dice)


def rate(bout: dict, seconds: float, *, full: bool) -> float:
    done, seed, start = 0, 0, time.perf_counter()
    while True:
        for _ in range(50):
            seed += 1
            if full:
                play(bout | {"seed": seed})
            else:
                resolve(bout | {"seed": seed})
            done += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    for label, bout in (
        ("1v1 barbarian vs wizard", ONE_V_ONE),
        ("8-gladiator free-for-all", FREE_FOR_ALL),
    ):
        full = rate(bout, args.seconds, full=True)
        core = rate(bout, args.seconds, full=False)
        print(f"{label:28s} play(): {full:8.0f} bouts/s   resolution only: {core:8.0f} bouts/s")


if __name__ == "__main__":
    main()
