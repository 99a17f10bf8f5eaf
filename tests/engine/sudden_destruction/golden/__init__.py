"""Golden logs of Sudden Destruction: whole bouts, each stored as a readable, diffable log.

Each bout of BOUTS is fought by `arena.engine.play` and its input and log are written to
`<name>.json` beside this module, one event per line. test_golden.py fights them again and
compares the text, printing a unified diff of the first bout that differs: a change of
behaviour reads as the lines of one bout that changed.

Write them again only with an intended change of the log, which also bumps the rule set's
version (docs/decisions/0009-rule-set-versions-and-stored-logs.md):

    .venv/bin/python -m tests.engine.sudden_destruction.golden
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arena.engine import play

HERE = Path(__file__).parent
SD = "sudden-destruction"


def _plan(actions: list[dict[str, Any]], **standing: Any) -> dict[str, Any]:
    return {"actions": actions, **standing}


# Whole bouts, seeded: by tactics (two, three and four machines, every tactics setting) and
# by given plans that reach every mechanic (tech rolls that succeed and fail, move/go/close,
# fire at a name and at "any", wait, interrupts, evading, return fire at higher and equal
# initiative, armour plates, repair, a plan drawn on the board, every reason to idle).
BOUTS: dict[str, dict[str, Any]] = {
    "tactics_duel": {
        "ruleset": SD,
        "seed": 1,
        "options": {"tactics": True},
        "gladiators": [{"name": "Red"}, {"name": "Blue"}],
    },
    "tactics_four_veterans": {
        "ruleset": SD,
        "seed": 7,
        "options": {"tactics": True},
        "gladiators": [
            {
                "name": "Anvil",
                "levels": {"hit_points": 3, "max_fire": 2, "accuracy": 2, "range": 1},
                "tactics": {"research": "firepower", "aggression": "aggressive"},
            },
            {
                "name": "Bolt",
                "levels": {"movement": 2, "initiative": 2, "accuracy": 1, "range": 2},
                "tactics": {"research": "speed", "gamble": "bold"},
            },
            {
                "name": "Crag",
                "levels": {"hit_points": 4, "repair": 2, "accuracy": 1},
                "armour": 2,
                "tactics": {"research": "hull", "aggression": "cautious"},
            },
            {
                "name": "Dart",
                "levels": {"firing_rate": 2, "accuracy": 3, "min_fire": 1, "max_fire": 3},
                "damage": 0,
                "tactics": {"research": "balanced", "aggression": "cautious", "gamble": "bold"},
            },
        ],
    },
    "tactics_three_small_board_round_limit": {
        "ruleset": SD,
        "seed": 11,
        "options": {"board": [5, 4], "max_rounds": 6, "tactics": True},
        "gladiators": [
            {"name": "Hull", "levels": {"hit_points": 6, "repair": 3}, "armour": 3},
            {"name": "Wall", "square": "C3", "levels": {"hit_points": 5, "repair": 2}},
            {"name": "Keep", "levels": {"hit_points": 7, "repair": 4}, "damage": 2},
        ],
    },
    "given_plans_then_tactics": {
        "ruleset": SD,
        "seed": 5,
        "options": {"tactics": True},
        "gladiators": [
            {
                "name": "Red",
                "square": "A1",
                "levels": {"movement": 3, "accuracy": 6, "range": 2, "max_fire": 3},
            },
            {
                "name": "Blue",
                "square": "A6",
                "levels": {"initiative": 2, "movement": 2, "range": 2, "accuracy": 5},
                "armour": 1,
            },
            {
                "name": "Green",
                "square": "F1",
                "levels": {"hit_points": 4, "repair": 2, "range": 1, "accuracy": 4},
            },
        ],
        "turns": [
            {
                "Red": _plan(
                    [{"go": "A3"}, {"fire": "Blue"}, {"fire": "any"}, {"move": "B3"}],
                    tech={"attribute": "accuracy", "level": 8},
                    interrupt="any",
                ),
                "Blue": _plan(
                    [{"wait": True}, {"close": "Red"}, {"fire": "Green"}],
                    tech={"attribute": "hit_points", "level": 2},
                    interrupt="Red",
                    evade=True,
                ),
                "Green": _plan(
                    [{"go": "Red"}, {"fire": "Red"}],
                    tech={"attribute": "repair", "level": 3},
                    return_fire=True,
                ),
            },
            {
                "Red": {"move": "C3", "strike": []},
                "Blue": _plan([{"fire": "Red"}, {"fire": "Red"}], return_fire=False),
                "Green": _plan([{"close": "Blue"}, {"fire": "Blue"}], interrupt="any"),
            },
        ],
    },
    "given_plans_equal_initiative_exchange": {
        "ruleset": SD,
        "seed": 2,
        "gladiators": [
            {
                "name": "Left",
                "square": "C4",
                "levels": {"hit_points": 2, "range": 1, "accuracy": 9, "max_fire": 2},
            },
            {
                "name": "Right",
                "square": "D4",
                "levels": {"hit_points": 2, "range": 1, "accuracy": 9, "max_fire": 2},
            },
        ],
        "turns": [
            {
                "Left": _plan([{"fire": "Right"}], return_fire=True),
                "Right": _plan([{"wait": True}], return_fire=True),
            },
            {
                "Left": _plan([{"fire": "Right"}, {"fire": "Right"}]),
                "Right": _plan([{"fire": "Left"}]),
            },
            {
                "Left": _plan([{"fire": "Right"}]),
                "Right": _plan([{"fire": "Left"}]),
            },
        ],
    },
}


def _line(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _lines(value: Any, indent: int) -> list[str]:
    """`value` as indented JSON lines: short containers and every event on one line."""
    pad = " " * indent
    if not isinstance(value, (dict, list)) or len(_line(value)) + indent <= 96:
        return [pad + _line(value)]
    if isinstance(value, dict) and "type" in value and "text" in value:
        return [pad + _line(value)]  # an event
    if isinstance(value, list):
        inner = [_lines(v, indent + 2) for v in value]
        opening, closing = "[", "]"
    else:
        inner = []
        for key, v in value.items():
            head, *rest = _lines(v, indent + 2)
            inner.append([f"{pad}  {_line(key)}: {head.lstrip()}", *rest])
        opening, closing = "{", "}"
    out = [pad + opening]
    for n, item in enumerate(inner):
        comma = "," if n < len(inner) - 1 else ""
        out.extend(item[:-1])
        out.append(item[-1] + comma)
    out.append(pad + closing)
    return out


def render(name: str) -> str:
    """The golden text of bout `name`: its input and the log `play` gives for it."""
    bout = BOUTS[name]
    return "\n".join(_lines({"bout": bout, "log": play(bout)}, 0)) + "\n"


def path_of(name: str) -> Path:
    return HERE / f"{name}.json"


def write_all() -> None:
    for name in BOUTS:
        path_of(name).write_text(render(name), encoding="utf-8")
        print(f"wrote {path_of(name).name}")
