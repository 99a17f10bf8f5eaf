"""Writes the given-orders golden bout's input (golden/given_orders.in.json) once: a bout
of kill the king in which every character of a team turn is given an explicit order, the
one the tactics would choose for it on the board at the start of the turn, written out as a
player would (path, ability, target, first, at, level_up), in the reverse of the team's
order. Orders written at the start of a turn go stale as teammates act before them: moves
are cut short and abilities fizzle. An order the board refuses is left to the tactics
("auto"). The preparation's sheets are written by hand. The stored input, not this script,
is the case: run it again only to make a new case.

    python -m tests.engine.arena_of_the_elders.golden_make
"""

from __future__ import annotations

import json
from typing import Any

from arena.engine.core.dice import Dice
from arena.engine.core.ruleset import read_orders
from arena.engine.rulesets.arena_of_the_elders import ArenaOfTheElders
from arena.engine.rulesets.arena_of_the_elders import tactics as default_tactics
from arena.engine.rulesets.arena_of_the_elders.orders import Activation
from arena.engine.rulesets.arena_of_the_elders.state import PREP
from tests.engine.arena_of_the_elders.test_golden import GOLDEN

RULES = ArenaOfTheElders()
SEED = 23
BOUT: dict[str, Any] = {
    "ruleset": "arena-of-the-elders",
    "options": {"mode": "king", "arena": "elders-ring", "rounds": 8},
    "gladiators": [
        {"name": "Ignis", "champion": "ignis", "team": "Red"},
        {"name": "Mira", "champion": "mira", "team": "Red"},
        {"name": "Brann", "champion": "brann", "team": "Red"},
        {"name": "Kestrel", "champion": "kestrel", "team": "Red"},
        {"name": "Nyx", "champion": "nyx", "team": "Blue"},
        {"name": "Vorn", "champion": "vorn", "team": "Blue"},
        {"name": "Marew", "champion": "marew", "team": "Blue"},
        {"name": "Ossa", "champion": "ossa", "team": "Blue"},
    ],
    "seed": SEED,
}
SHEETS = {
    "Ignis": {"choice": "searing", "king": "Mira", "start": "C2"},
    "Mira": {"choice": 4, "king": "Mira", "start": "D2"},
    "Nyx": {"choice": "smoke-veil", "king": "Vorn", "start": "I11"},
    "Brann": {"king": "Mira"},
    "Kestrel": {"king": "Mira", "choice": "updraft"},
    "Vorn": {"king": "yes", "start": "J11"},
    "Marew": {"king": "Vorn", "choice": "douse"},
    "Ossa": {"king": "Vorn"},
}


def written(act: Activation, at: int, level_up: bool) -> dict[str, Any]:
    """An activation as a player writes it."""
    out: dict[str, Any] = {"path": [str(s) for s in act.path], "at": at}
    if level_up:
        out["level_up"] = True
    if act.ability:
        out["ability"] = act.ability
        if act.target is not None:
            out["target"] = str(act.target)
        out["first"] = "ability" if act.ability_first else "move"
    return out


def make() -> dict[str, Any]:
    dice = Dice.seeded(SEED)
    state = RULES.setup(BOUT)
    turns: list[dict[str, Any]] = []
    while not RULES.is_over(state):
        who = RULES.pending(state).who
        if state.phase == PREP:
            orders: dict[str, Any] = {w: SHEETS[w] for w in who}
        else:
            orders = {}
            for at, w in enumerate(reversed(who), 1):
                order = written(default_tactics.activation(state, w), at, at == 1)
                orders[w] = {"auto": True} if RULES.validate(state, w, order) else order
        turns.append(orders)
        state, _ = RULES.apply(state, read_orders(RULES, state, orders), dice)
    return {**BOUT, "turns": turns}


if __name__ == "__main__":
    (GOLDEN / "given_orders.in.json").write_text(json.dumps(make(), indent=1) + "\n")
