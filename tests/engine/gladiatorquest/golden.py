"""GladiatorQuest's golden bouts: whole bouts whose logs are stored, to be replayed exactly.

Each case is a bout (`golden/<case>.in.json`) and what it must give (`golden/<case>.json`):
the whole log of `arena.engine.play`, and the state JSON after the first turns and the last
of a replay through the rule set's own `setup`/`apply` (what a play-by-web turn stores and
reads back). Both are written one event, one gladiator, one line, so that a change of
behaviour reads as a diff of the lines that changed.

The cases: bouts written by hand (seeded or scripted dice, tactics or written orders: duels,
teams and rescue, spells, throws, a daggers-only contest, table dice), and random bouts of 2-8
gladiators (types, kit, tactics, teams, bonuses, boards, walls, contests, given turns that run
out) drawn from one seed.

Regenerate them after a change of behaviour (then read the diff, and bump the rule set's
version):

    .venv/bin/python -m tests.engine.gladiatorquest.golden
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from arena.engine import EngineInputError, play
from arena.engine.core.protocol import dice_for
from arena.engine.core.ruleset import given_turns, read_orders
from arena.engine.rulesets.gladiatorquest import ITEMS, TACTICS_CHOICES, TYPES, equipment_errors
from arena.engine.rulesets.gladiatorquest.ruleset import GladiatorQuest

GOLDEN = Path(__file__).parent / "golden"
RANDOM_SEED = 20240601
RANDOM_COUNT = 12
KEPT_STATES = 6  # turns whose state is kept besides the last (a whole bout's is too long)
BUYABLE = sorted(s for s, i in ITEMS.items() if not i.natural and not i.bow)
WEAPONS = sorted(s for s, i in ITEMS.items() if i.kind.value == "weapon" and not i.natural)


def written_cases() -> list[str]:
    return sorted(p.name.removesuffix(".in.json") for p in GOLDEN.glob("*.in.json"))


def random_cases() -> list[str]:
    return [f"random_{n:02d}" for n in range(RANDOM_COUNT)]


def cases() -> list[str]:
    return written_cases() + random_cases()


def bout_of(case: str) -> dict[str, Any]:
    if case.startswith("random_"):
        return random_bouts()[int(case.removeprefix("random_"))]
    return json.loads((GOLDEN / f"{case}.in.json").read_text())


def random_bouts() -> list[dict[str, Any]]:
    rng = random.Random(RANDOM_SEED)
    return [random_bout(rng) for _ in range(RANDOM_COUNT)]


def random_bout(rng: random.Random) -> dict[str, Any]:
    """A bout of 2-8 random gladiators; now and then with given (empty) turns that run out
    before the end, as a play-by-web bout whose log ends with who writes orders next."""
    contest = rng.choice(["standard"] * 6 + ["one_against_many", "daggers_only"])
    gladiators = [_random_gladiator(rng, i, contest) for i in range(rng.randint(2, 8))]
    if contest == "daggers_only":
        daggers = rng.randint(1, 3)
        for g in gladiators:
            potions = [s for s in g["equipment"] if ITEMS[s].kind.value == "potion"]
            g["equipment"] = ["dagger"] * daggers + potions
    if contest == "one_against_many":
        for g in gladiators:
            g["team"] = None
    if len({g["team"] or g["name"] for g in gladiators}) < 2:
        gladiators[0]["team"] = "solo"
    width, height = rng.randint(6, 12), rng.randint(6, 12)
    walls = sorted(
        {f"{chr(65 + rng.randint(1, width - 2))}{rng.randint(2, height - 1)}" for _ in range(3)}
    )
    options: dict[str, Any] = {"board": [width, height], "max_turns": 400, "contest": contest}
    if rng.random() < 0.4:
        options["walls"] = walls
    bout: dict[str, Any] = {
        "ruleset": "gladiatorquest",
        "seed": rng.randint(0, 2**32),
        "options": options,
        "gladiators": gladiators,
    }
    if rng.random() < 0.15:
        bout["turns"] = [{"turn": t + 1, "orders": {}} for t in range(rng.randint(0, 30))]
    return bout


def _random_gladiator(rng: random.Random, index: int, contest: str) -> dict[str, Any]:
    type_ = rng.choice(sorted(TYPES))
    equipment = rng.sample(BUYABLE, rng.randint(0, 4))
    if rng.random() < 0.3:
        equipment += ["dagger"] * rng.randint(1, 3)
    if equipment_errors(type_, equipment, contest):
        equipment = list(TYPES[type_].equipment)
    tactics = {k: rng.choice(v) for k, v in TACTICS_CHOICES.items() if rng.random() < 0.4}
    if rng.random() < 0.15:
        tactics["weapon"] = rng.choice(WEAPONS)
    return {
        "name": f"G{index}",
        "type": type_,
        "equipment": equipment,
        "tactics": tactics,
        "team": rng.choice([None, None, "red", "blue"]),
        "bonuses": {
            "attack": rng.randint(0, 1),
            "defend": rng.randint(0, 1),
            "movement": rng.randint(0, 1),
            "body": rng.randint(0, 2),
            "mind": rng.randint(0, 1),
        },
    }


def states_of(bout: dict[str, Any]) -> list[dict[str, Any]]:
    """The state JSON after setup, after each of the first KEPT_STATES turns and at the end:
    turn by turn through `apply` (from the state read back from its JSON, as play-by-web
    does), with the given orders (read once, as the driver reads them), then the tactics'."""
    gq = GladiatorQuest()
    state = gq.setup(bout)
    dice = dice_for(bout)
    turns = given_turns(bout)
    fill = gq.uses_tactics(bout)
    states = [gq.to_json(state)]
    index = 0
    last = None
    while not gq.is_over(state):
        if index < len(turns):
            orders = read_orders(gq, state, turns[index].get("orders", {}))
        elif fill and index < gq.max_steps(state):
            orders = {}
        else:
            break
        if fill:
            for who in gq.pending(state).who:
                if orders.get(who) is None:
                    orders[who] = gq.tactics(state, who)
        state, _ = gq.apply(gq.from_json(gq.to_json(state)), orders, dice)
        index += 1
        last = gq.to_json(state)
        if index <= KEPT_STATES:
            states.append(last)
    if index > KEPT_STATES:
        states.append(last)
    return states


def outcome(bout: dict[str, Any]) -> dict[str, Any]:
    """What a golden file holds: the log (or the input error) and the states turn by turn."""
    try:
        log = play(bout)
    except EngineInputError as exc:
        return {"error": str(exc)}
    return {"log": log, "states": states_of(bout)}


def render(value: Any, depth: int = 0) -> str:
    """JSON for reading and diffing: objects and lists opened one level a line, down to one
    event, one gladiator or one plain record a line."""
    if _one_line(value):
        return json.dumps(value)
    pad, inner = " " * depth, " " * (depth + 1)
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {render(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    items = [f"{inner}{render(v, depth + 1)}" for v in value]
    return "[\n" + ",\n".join(items) + "\n" + pad + "]"


def _one_line(value: Any) -> bool:
    if isinstance(value, dict):
        if "type" in value or "gladiator" in value:  # an event, or a gladiator's state
            return True
        return not value or all(_plain(v) for v in value.values())
    if isinstance(value, list):
        return not value or all(_plain(v) for v in value)
    return True


def _plain(value: Any) -> bool:
    if isinstance(value, list):
        return all(not isinstance(v, (dict, list)) for v in value)
    return not isinstance(value, dict)


def golden_text(case: str) -> str:
    return render(outcome(bout_of(case))) + "\n"


def regenerate() -> None:
    for old in GOLDEN.glob("*.json"):
        if not old.name.endswith(".in.json"):
            old.unlink()
    for case in cases():
        (GOLDEN / f"{case}.json").write_text(golden_text(case))


if __name__ == "__main__":
    regenerate()
